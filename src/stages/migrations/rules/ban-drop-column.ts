import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** Old instances still select or insert the dropped column. */
export const rule = defineRule(
  {
    id: 'ban-drop-column',
    surface: 'migrations',
    level: 'breaking',
    summary: 'DROP COLUMN',
    message: 'DROP COLUMN {table}.{column}: old code still reads or writes it',
    why: 'Old instances select or insert the column and fail.',
    fix: 'Stop reading and writing {table}.{column} in this release (and drop its NOT NULL/default if old code needs them); DROP COLUMN {column} in a later release.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "ALTER TABLE users DROP COLUMN legacy_flag" }],
    quiet: [{ sql: "ALTER TABLE users DROP COLUMN legacy_flag", newTables: ["users"] }],
  },
  forOperations(['drop-column'], (operation, context) =>
  context.isNewTable(operation.table) ? undefined : { params: { table: operation.table, column: operation.column } },
),
);
