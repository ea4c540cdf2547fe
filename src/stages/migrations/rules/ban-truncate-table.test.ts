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

describe('ban-truncate-table', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: TRUNCATE',
      sql: "SET lock_timeout = '5s';\nTRUNCATE audit_log",
      heaviness: flags(false, false, false),
      rules: ['ban-truncate-table', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'ok: table created in this migration',
      sql: 'CREATE TABLE tmp (a int);\nTRUNCATE tmp',
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
        "ban-truncate-table (breaking) line 2: TRUNCATE audit_log: old code loses the rows it serves",
        "lock-timeout-bounds-brief-lock (info) line 2: ACCESS EXCLUSIVE on audit_log is catalog-only and bounded by the lock_timeout set earlier",
      ]
    `);
  });
});
