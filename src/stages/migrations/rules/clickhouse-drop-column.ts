import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** Old instances still select or insert the dropped column. */
export const rule = defineRule(
  {
    id: 'clickhouse-drop-column',
    surface: 'migrations',
    level: 'breaking',
    summary: 'ClickHouse DROP COLUMN',
    message: 'DROP COLUMN {table}.{column}: old code still reads or writes it',
    why: 'The previous release still names the column in its SELECTs and INSERTs; they fail with "Missing columns" once it is dropped.',
    fix: 'Stop reading and writing {table}.{column} in this release; DROP COLUMN {column} in a later release.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all', dialect: 'clickhouse' },
  },
  {
    flagged: [{ dialect: 'clickhouse', sql: 'ALTER TABLE umami.website_event DROP COLUMN "subdivision2";' }],
    quiet: [{ dialect: 'clickhouse', sql: 'ALTER TABLE umami.website_event DROP COLUMN "subdivision2";', newTables: ['umami.website_event'] }],
  },
  forOperations(['clickhouse-drop-column'], (operation, context) =>
    context.isNewTable(operation.table) ? undefined : { params: { table: operation.table, column: operation.column } },
  ),
);
