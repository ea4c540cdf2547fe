import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** Old instances still read and write the old column name. */
export const rule = defineRule(
  {
    id: 'renaming-column',
    surface: 'migrations',
    level: 'breaking',
    summary: 'RENAME COLUMN',
    message: 'RENAME COLUMN {table}.{column} to {newName}: old code still uses {column}',
    why: 'Old instances keep querying the old name and fail.',
    fix: 'Expand/contract: add {table}.{newName}, write both {column} and {newName}, backfill, switch reads to {newName}, and drop {column} in a later release.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users RENAME COLUMN name TO full_name" }],
    quiet: [{ sql: "ALTER TABLE users RENAME COLUMN name TO full_name", newTables: ["users"] }],
  },
  forOperations(['rename-column'], (operation, context) =>
  context.isNewTable(operation.table) ? undefined : { params: { table: operation.table, column: operation.column, newName: operation.newName } },
),
);
