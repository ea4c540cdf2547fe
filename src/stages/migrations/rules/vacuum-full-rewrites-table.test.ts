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

describe('vacuum-full-rewrites-table', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: VACUUM FULL',
      sql: 'VACUUM FULL events',
      options: { inTransaction: false },
      heaviness: flags(true, true, true),
      rules: ['vacuum-full-rewrites-table'],
      breaksOldCode: false,
    },
    {
      name: 'ok: plain VACUUM',
      sql: 'VACUUM events',
      options: { inTransaction: false },
      heaviness: flags(false, false, true),
      rules: ['vacuum-scans-table'],
      breaksOldCode: false,
    },
    // squawk's vacuum-full tests: FULL switched off is plain VACUUM (PostgreSQL's defGetBoolean).
    {
      name: 'ok: VACUUM (FULL FALSE)',
      sql: 'VACUUM (FULL FALSE) events',
      options: { inTransaction: false },
      heaviness: flags(false, false, true),
      rules: ['vacuum-scans-table'],
      breaksOldCode: false,
    },
    {
      name: 'ok: VACUUM (FULL 0, ANALYZE)',
      sql: 'VACUUM (FULL 0, ANALYZE) events',
      options: { inTransaction: false },
      heaviness: flags(false, false, true),
      rules: ['vacuum-scans-table'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: VACUUM (FULL on)',
      sql: 'VACUUM (FULL on) events',
      options: { inTransaction: false },
      heaviness: flags(true, true, true),
      rules: ['vacuum-full-rewrites-table'],
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
        "vacuum-full-rewrites-table (advisory) line 1: VACUUM FULL events rewrites the table under ACCESS EXCLUSIVE",
      ]
    `);
  });
});
