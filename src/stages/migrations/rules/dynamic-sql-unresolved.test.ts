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

describe('dynamic-sql-unresolved', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: EXECUTE format()',
      sql: "DO $$\nBEGIN\n  EXECUTE format('ALTER TABLE %I ADD COLUMN x int', 'users');\nEND $$",
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['dynamic-sql-unresolved'],
      breaksOldCode: false,
    },
    {
      name: 'ok: EXECUTE of one constant string is classified',
      sql: "DO $$\nBEGIN\n  EXECUTE 'CREATE INDEX users_email_idx ON users (email)';\nEND $$",
      heaviness: flags(true, false, true),
      rules: ['require-concurrent-index-creation'],
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
        "dynamic-sql-unresolved (advisory) line 3: dynamic SQL cannot be resolved statically: EXECUTE format('ALTER TABLE %I ADD COLUMN x int', 'users')",
      ]
    `);
  });
});
