import { describe, expect, it } from 'vitest';
import { classifySql, flags } from './cases.js';
import type { CaseOptions } from './cases.js';

interface RuleCase {
  name: string;
  sql: string;
  options?: CaseOptions;
  heaviness: ReturnType<typeof flags>;
  rules: string[];
  breaksOldCode: boolean;
}

describe("unclassified-statement", () => {
  const cases: RuleCase[] = [
    { name: "flagged: LOCK TABLE", sql: "LOCK TABLE users IN ACCESS EXCLUSIVE MODE", heaviness: flags('unknown', 'unknown', 'unknown'), rules: ["unclassified-statement"], breaksOldCode: false },
    { name: "flagged: an ALTER TABLE clause not in the table", sql: "SET lock_timeout = '5s';\nALTER TABLE measurements ATTACH PARTITION m2024 FOR VALUES FROM ('2024-01-01') TO ('2025-01-01')", heaviness: flags('unknown', 'unknown', 'unknown'), rules: ["unclassified-statement"], breaksOldCode: false },
    { name: "ok: light catalog statements", sql: "COMMENT ON TABLE users IS 'people';\nGRANT SELECT ON users TO reader;\nCREATE EXTENSION IF NOT EXISTS pgcrypto;\nCREATE TYPE mood AS ENUM ('ok', 'sad');\nCREATE SEQUENCE s;\nCREATE VIEW v AS SELECT 1 AS one", heaviness: flags(false, false, false), rules: [], breaksOldCode: false },
  ];

  it.each(cases)('$name', async ({ sql, options, heaviness, rules, breaksOldCode }) => {
    const outcome = await classifySql(sql, options);
    expect(outcome.heaviness).toEqual(heaviness);
    expect(outcome.rules).toEqual(rules);
    expect(outcome.breaksOldCode).toBe(breaksOldCode);
  });

  it('renders the first flagged case', async () => {
    const [flagged] = cases;
    if (flagged === undefined) throw new Error('no flagged case');
    expect((await classifySql(flagged.sql, flagged.options)).messages).toMatchInlineSnapshot(`
      [
        "unclassified-statement (advisory) line 1: LockStmt is not classified: its effect on tables is unknown",
      ]
    `);
  });
});
