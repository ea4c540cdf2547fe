import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** A ClickHouse statement the ClickHouse rules do not judge: fail closed. */
export const rule = defineRule(
  {
    id: 'clickhouse-unclassified-statement',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ClickHouse statement not in the ClickHouse rule set',
    message: '{statement} is not classified: its effect on ClickHouse tables is unknown',
    why: 'Only proven safety counts: a ClickHouse statement the rules do not know (INSERT … SELECT, CREATE … POPULATE, MODIFY QUERY, a column default computed from an expression, …) makes every flag unknown.',
    fix: "Split {statement} into statements the ClickHouse rules know, or report it so a rule can be added; until then the migration's heaviness is unknown.",
    docs: 'docs/migration-rules.md',
    acceptable: false,
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all', dialect: 'clickhouse' },
  },
  {
    flagged: [{ dialect: 'clickhouse', sql: 'INSERT INTO umami.website_event_new SELECT * FROM umami.website_event;' }],
    quiet: [
      {
        dialect: 'clickhouse',
        sql: "SET allow_experimental_object_type = 1;\nALTER TABLE traces ON CLUSTER default ADD COLUMN environment LowCardinality(String) DEFAULT 'default' AFTER project_id SETTINGS alter_sync = 2;",
      },
    ],
  },
  forOperations(['clickhouse-unclassified'], (operation) => ({
    params: { statement: operation.statement },
    flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
  })),
);
