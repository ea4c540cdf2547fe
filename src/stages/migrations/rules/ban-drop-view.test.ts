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

describe('ban-drop-view', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: DROP VIEW',
      sql: "SET lock_timeout = '5s';\nDROP VIEW IF EXISTS active_users",
      heaviness: flags(false, false, false),
      rules: ['ban-drop-view', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: DROP MATERIALIZED VIEW',
      sql: "SET lock_timeout = '5s';\nDROP MATERIALIZED VIEW daily_stats",
      heaviness: flags(false, false, false),
      rules: ['ban-drop-view', 'lock-timeout-bounds-brief-lock'],
      breaksOldCode: true,
    },
    {
      name: 'ok: view created in this migration',
      sql: 'CREATE VIEW tmp_v AS SELECT 1 AS one;\nDROP VIEW tmp_v',
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'ok: view created earlier in the release',
      sql: 'DROP VIEW report_v',
      options: { newTables: ['report_v'] },
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
