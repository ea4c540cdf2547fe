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

describe('renaming-view', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: ALTER VIEW … RENAME TO',
      sql: "SET lock_timeout = '5s';\nALTER VIEW active_users RENAME TO enabled_users",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock', 'renaming-view'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: ALTER VIEW … RENAME COLUMN',
      sql: "SET lock_timeout = '5s';\nALTER VIEW active_users RENAME COLUMN name TO full_name",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock', 'renaming-view'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: ALTER MATERIALIZED VIEW … RENAME',
      sql: "SET lock_timeout = '5s';\nALTER MATERIALIZED VIEW daily_stats RENAME TO stats_daily",
      heaviness: flags(false, false, false),
      rules: ['lock-timeout-bounds-brief-lock', 'renaming-view'],
      breaksOldCode: true,
    },
    {
      name: 'ok: a view created in this migration',
      sql: 'CREATE VIEW v AS SELECT 1 AS one;\nALTER VIEW v RENAME TO w',
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
});
