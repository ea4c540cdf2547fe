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

describe('clickhouse-mutation-rewrites-parts', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: MATERIALIZE INDEX after ADD INDEX (langfuse 0006)',
      sql: 'ALTER TABLE traces ON CLUSTER default ADD INDEX IF NOT EXISTS idx_user_id user_id TYPE bloom_filter() GRANULARITY 1 SETTINGS alter_sync = 2;\nALTER TABLE traces ON CLUSTER default MATERIALIZE INDEX IF EXISTS idx_user_id SETTINGS mutations_sync = 2;',
      heaviness: flags(false, true, true),
      rules: ['clickhouse-mutation-rewrites-parts'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: MODIFY COLUMN to another type (langfuse 0014)',
      sql: 'ALTER TABLE scores ON CLUSTER default MODIFY COLUMN trace_id Nullable(String) SETTINGS mutations_sync = 2;',
      heaviness: flags(false, true, true),
      rules: ['clickhouse-mutation-rewrites-parts'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: ALTER … UPDATE and ALTER … DELETE',
      sql: 'ALTER TABLE events UPDATE tag = \x27\x27 WHERE tag IS NULL;\nALTER TABLE events DELETE WHERE created_at < now() - INTERVAL 1 YEAR',
      heaviness: flags(false, true, true),
      rules: ['clickhouse-mutation-rewrites-parts', 'clickhouse-mutation-rewrites-parts'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: MATERIALIZE PROJECTION, MATERIALIZE COLUMN, MODIFY TTL, lightweight DELETE, OPTIMIZE',
      sql: 'ALTER TABLE umami.website_event MATERIALIZE PROJECTION p;\nALTER TABLE t MATERIALIZE COLUMN c;\nALTER TABLE t MODIFY TTL created_at + INTERVAL 90 DAY;\nDELETE FROM t WHERE id = 1;\nOPTIMIZE TABLE t FINAL',
      heaviness: flags(false, true, true),
      rules: [
        'clickhouse-mutation-rewrites-parts',
        'clickhouse-mutation-rewrites-parts',
        'clickhouse-mutation-rewrites-parts',
        'clickhouse-mutation-rewrites-parts',
        'clickhouse-mutation-rewrites-parts',
      ],
      breaksOldCode: false,
    },
    {
      name: 'flagged: CREATE TABLE IF NOT EXISTS does not prove the table new (it may exist with rows)',
      sql: 'CREATE TABLE IF NOT EXISTS traces (id String) ENGINE = MergeTree ORDER BY id;\nALTER TABLE traces MATERIALIZE INDEX idx_user_id',
      heaviness: flags(false, true, true),
      rules: ['clickhouse-mutation-rewrites-parts'],
      breaksOldCode: false,
    },
    {
      name: 'ok: ADD INDEX alone applies to new parts only',
      sql: 'ALTER TABLE traces ON CLUSTER default ADD INDEX IF NOT EXISTS idx_user_id user_id TYPE bloom_filter() GRANULARITY 1 SETTINGS alter_sync = 2;\nALTER TABLE observations ON CLUSTER default DROP INDEX IF EXISTS idx_project_id;',
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'ok: a mutation of a table created earlier in the release',
      sql: 'ALTER TABLE traces MATERIALIZE INDEX idx_user_id',
      newTables: ['traces'],
      heaviness: flags(false, false, false),
      rules: [],
      breaksOldCode: false,
    },
    {
      name: 'ok: MODIFY COLUMN … COMMENT is metadata',
      sql: 'ALTER TABLE scores MODIFY COLUMN trace_id COMMENT \x27the trace\x27',
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
        "clickhouse-mutation-rewrites-parts (advisory) line 2: MATERIALIZE INDEX idx_user_id on traces: a mutation rewrites every part of the table",
      ]
    `);
  });
});
