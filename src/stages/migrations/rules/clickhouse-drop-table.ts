import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** Old instances still query the dropped table or view. */
export const rule = defineRule(
  {
    id: 'clickhouse-drop-table',
    surface: 'migrations',
    level: 'breaking',
    summary: 'ClickHouse DROP TABLE / VIEW / DICTIONARY / DATABASE',
    message: 'DROP {object} {table}: old code still reads or writes it',
    why: 'During a rolling update the previous release still queries and inserts into the object; its queries fail once it is gone (a materialised view dropped and re-created also misses the rows inserted in between).',
    fix: 'Stop using {table} in this release and DROP {object} {table} in a later one; to change a materialised view, create the new one beside it and drop the old one in the next release.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all', dialect: 'clickhouse' },
  },
  {
    flagged: [{ dialect: 'clickhouse', sql: 'DROP TABLE IF EXISTS traces_null ON CLUSTER default;' }],
    quiet: [{ dialect: 'clickhouse', sql: 'CREATE TABLE scratch (id String) ENGINE = MergeTree ORDER BY id;\nDROP TABLE scratch;' }],
  },
  forOperations(['clickhouse-drop-table'], (operation, context) =>
    context.isNewTable(operation.table) ? undefined : { params: { table: operation.table, object: operation.object } },
  ),
);
