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

describe('clickhouse-unclassified-statement', () => {
  const cases: RuleCase[] = [
    {
      name: 'flagged: INSERT … SELECT reads another table (umami 02)',
      sql: 'INSERT INTO umami.website_event_new SELECT * FROM umami.website_event;',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['clickhouse-unclassified-statement'],
      breaksOldCode: false,
    },
    {
      name: 'flagged: ADD COLUMN with a computed default, a MATERIALIZED column, MODIFY QUERY, CREATE … POPULATE',
      sql: 'ALTER TABLE t ADD COLUMN d Date DEFAULT toDate(created_at);\nALTER TABLE t ADD COLUMN m String MATERIALIZED lower(name);\nALTER TABLE mv MODIFY QUERY SELECT 1;\nCREATE MATERIALIZED VIEW v ENGINE = MergeTree ORDER BY id POPULATE AS SELECT id FROM t',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: [
        'clickhouse-unclassified-statement',
        'clickhouse-unclassified-statement',
        'clickhouse-unclassified-statement',
        'clickhouse-unclassified-statement',
      ],
      breaksOldCode: false,
    },
    {
      name: 'flagged: a file the reader cannot split (an unterminated string)',
      sql: 'ALTER TABLE t COMMENT COLUMN c \x27oops',
      heaviness: flags('unknown', 'unknown', 'unknown'),
      rules: ['clickhouse-unclassified-statement'],
      breaksOldCode: false,
    },
    {
      name: 'ok: settings, a new table with its views, metadata-only ADD COLUMN (langfuse 0008, 0009, 0010)',
      sql: 'SET allow_experimental_json_type = 1;\nCREATE TABLE project_environments ON CLUSTER default (`project_id` String, `environments` SimpleAggregateFunction(groupUniqArrayArray, Array(String))) ENGINE = ReplicatedAggregatingMergeTree ORDER BY (project_id);\nCREATE MATERIALIZED VIEW project_environments_traces_mv ON CLUSTER default TO project_environments AS SELECT project_id, groupUniqArray(environment) AS environments FROM traces GROUP BY project_id;\nALTER TABLE traces ON CLUSTER default ADD COLUMN environment LowCardinality(String) DEFAULT \x27default\x27 AFTER project_id SETTINGS alter_sync = 2;\nALTER TABLE scores ON CLUSTER default ADD COLUMN metadata Map(LowCardinality(String), String) AFTER comment;\nALTER TABLE t ADD COLUMN n Int64 DEFAULT -1, ADD COLUMN a String ALIAS lower(name)',
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
        "clickhouse-unclassified-statement (advisory) line 1: INSERT INTO umami.website_event_new SELECT * FROM umami.website_event is not classified: its effect on ClickHouse tables is unknown",
      ]
    `);
  });
});
