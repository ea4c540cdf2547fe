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

describe('cluster-rewrites-table', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: CLUSTER',
      sql: 'CLUSTER events USING events_pkey',
      heaviness: flags(true, true, true),
      rules: ['cluster-rewrites-table'],
      breaksOldCode: false,
    },
    {
      name: 'ok: new table',
      sql: 'CLUSTER events USING events_pkey',
      options: { newTables: ['events'] },
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
        "cluster-rewrites-table (advisory) line 1: CLUSTER events rewrites the table under ACCESS EXCLUSIVE",
      ]
    `);
  });
});
