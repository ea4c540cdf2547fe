import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/**
 * A column that is NOT NULL (or not proven nullable) at the end of the migration and has lost its
 * default: old code's INSERTs that leave the column out fail.
 */
export const rule = defineRule(
  {
    id: 'dropping-column-default',
    surface: 'migrations',
    level: 'breaking',
    summary: 'DROP DEFAULT on a NOT NULL column',
    message: "DROP DEFAULT on {table}.{column} ({nullability} at the end of the migration): old code's INSERTs that leave it out fail",
    why: 'Old instances insert rows without the column and relied on the default; on a NOT NULL column those inserts now fail. A knex `.notNullable().alter()` drops the default this way.',
    fix: 'Keep the default on {table}.{column} until no running code omits the column (knex: repeat .defaultTo() in .alter()); drop it in a later release.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN plan DROP DEFAULT" }],
    quiet: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN plan DROP DEFAULT;\nALTER TABLE users ALTER COLUMN plan SET DEFAULT 'free'" }],
  },
  forOperations(['drop-default'], (operation, context) => {
    if (context.isNewTable(operation.table) || operation.notNull === false) return undefined;
    return { params: { table: operation.table, column: operation.column, nullability: operation.notNull === true ? 'NOT NULL' : 'not proven nullable' } };
  }),
);
