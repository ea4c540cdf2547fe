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

describe('vacuum-scans-table', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: VACUUM ANALYZE',
      sql: 'VACUUM ANALYZE events',
      options: { inTransaction: false },
      heaviness: flags(false, false, true),
      rules: ['vacuum-scans-table'],
      breaksOldCode: false,
    },
    { name: 'ok: ANALYZE samples only', sql: 'ANALYZE events', heaviness: flags(false, false, false), rules: [], breaksOldCode: false },
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
        "vacuum-scans-table (info) line 1: VACUUM events reads the table (reads and writes continue)",
      ]
    `);
  });
});
