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

describe('adding-required-field', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: NOT NULL without default',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN org_id int NOT NULL",
      heaviness: flags(true, false, true),
      rules: ['adding-required-field'],
      breaksOldCode: true,
    },
    {
      name: 'ok: NOT NULL with a constant default',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN org_id int NOT NULL DEFAULT 0",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: nullable',
      sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN org_id int",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock'],
      breaksOldCode: false,
    },
    {
      name: 'ok: table created in this migration',
      sql: 'CREATE TABLE t (a int);\nALTER TABLE t ADD COLUMN b int NOT NULL',
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
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
        "adding-required-field (breaking) line 2: ADD COLUMN users.org_id NOT NULL without a default: old code's INSERTs fail and a populated table rejects it",
      ]
    `);
  });
});
