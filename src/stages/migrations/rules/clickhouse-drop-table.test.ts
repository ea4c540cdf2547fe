import { describe, expect, it } from 'vitest';
import { classifyClickHouseSql, flags } from './cases.js';

interface RuleCase {
  name: string;
  sql: string;
  newTables?: string[];
  heaviness: ReturnType<typeof flags>;
  rules: string[];
  breaksOldCode: boolean;
}

describe('clickhouse-drop-table', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: DROP TABLE of a released table',
      sql: 'DROP TABLE IF EXISTS traces_null ON CLUSTER default;',
      heaviness: flags(false, false, false),
      rules: ['clickhouse-drop-table'],
      breaksOldCode: true,
    },
    {
      name: 'flagged: DROP VIEW and a materialised view dropped to be re-created (umami 04)',
      sql: 'DROP VIEW analytics_traces ON CLUSTER default;\nDROP TABLE umami.website_event_stats_hourly_mv;\nCREATE MATERIALIZED VIEW umami.website_event_stats_hourly_mv TO umami.website_event_stats_hourly AS SELECT website_id FROM umami.website_event;',
      heaviness: flags(false, false, false),
      rules: ['clickhouse-drop-table', 'clickhouse-drop-table'],
      breaksOldCode: true,
    },
    {
      name: 'ok: a table created in the same migration',
      sql: 'CREATE TABLE scratch (id String) ENGINE = MergeTree ORDER BY id;\nDROP TABLE scratch;',
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'ok: a table created earlier in the release',
      sql: 'DROP TABLE umami.website_event_new',
      newTables: ['umami.website_event_new'],
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
  ];

  it.each(cases)('$name', ({ sql, newTables, heaviness, rules, breaksOldCode }) => {
    const outcome = classifyClickHouseSql(sql, { newTables });
    expect(outcome.heaviness).toEqual(heaviness);
    expect(outcome.rules).toEqual(rules);
    expect(outcome.breaksOldCode).toBe(breaksOldCode);
  });

  it('renders the first flagged case', () => {
    const [flagged] = cases;
    if (flagged === undefined) throw new Error('no flagged case');
    expect(classifyClickHouseSql(flagged.sql, { newTables: flagged.newTables }).messages).toMatchInlineSnapshot(`
      [
        "clickhouse-drop-table (breaking) line 1: DROP TABLE traces_null: old code still reads or writes it",
      ]
    `);
  });
});
