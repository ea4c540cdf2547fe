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

describe('materialized-view-refresh-rewrites', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: REFRESH',
      sql: 'REFRESH MATERIALIZED VIEW daily_stats',
      heaviness: flags(true, true, true),
      rules: ['materialized-view-refresh-rewrites'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: REFRESH CONCURRENTLY',
      sql: 'REFRESH MATERIALIZED VIEW CONCURRENTLY daily_stats',
      heaviness: flags(true, true, true),
      rules: ['materialized-view-refresh-rewrites'],
      breaksOldCode: false,
    },
    {
      name: 'ok: view created WITH NO DATA in this migration',
      sql: 'CREATE MATERIALIZED VIEW daily_stats AS SELECT 1 AS one WITH NO DATA;\nREFRESH MATERIALIZED VIEW daily_stats',
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
        "materialized-view-refresh-rewrites (advisory) line 1: REFRESH MATERIALIZED VIEW daily_stats recomputes and rewrites it under ACCESS EXCLUSIVE",
      ]
    `);
  });
});
