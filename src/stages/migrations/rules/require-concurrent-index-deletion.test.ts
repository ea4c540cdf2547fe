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

describe('require-concurrent-index-deletion', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: DROP INDEX, no lock_timeout',
      sql: 'DROP INDEX users_email_idx',
      heaviness: flags(true, false, false),
      rules: ['require-concurrent-index-deletion', 'require-timeout-settings'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: DROP INDEX with lock_timeout',
      sql: "SET lock_timeout = '5s';\nDROP INDEX users_email_idx",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock', 'require-concurrent-index-deletion'],
      breaksOldCode: false,
    },
    {
      name: 'ok: index on a table created in this migration',
      sql: 'CREATE TABLE t (a int);\nCREATE INDEX t_a_idx ON t (a);\nDROP INDEX t_a_idx',
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'ok: CONCURRENTLY outside a transaction',
      sql: 'DROP INDEX CONCURRENTLY users_email_idx',
      options: { inTransaction: false },
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
        "require-concurrent-index-deletion (advisory) line 1: DROP INDEX users_email_idx without CONCURRENTLY takes ACCESS EXCLUSIVE on its table",
        "require-timeout-settings (advisory) line 1: ACCESS EXCLUSIVE on the table of index users_email_idx without a lock_timeout: it can queue behind long queries and block every query behind it",
      ]
    `);
  });
});
