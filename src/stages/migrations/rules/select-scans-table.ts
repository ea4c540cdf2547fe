import { defineRule } from '../../../rules/define.js';
import { isNarrowWhere } from './ast.js';
import { forOperations } from './rule.js';

/** INSERT … SELECT, CREATE TABLE AS, SELECT INTO and SELECT … FROM read whole existing tables. */
export const rule = defineRule(
  {
    id: 'select-scans-table',
    surface: 'migrations',
    level: 'advisory',
    summary: 'Query reading a whole existing table',
    message: '{statement} reads the whole table {table}',
    why: 'A full read of a large table makes the migration long and loads the database the old instances use.',
    fix: "Copy from {table} in batches by key, committing each batch, outside the migration's transaction.",
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS SHARE', rewrites: false, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: 'INSERT INTO archive (id) SELECT id FROM events' }],
    quiet: [{ sql: "INSERT INTO settings (key, value) VALUES ('a', 'b')" }],
  },
  forOperations(['read-query'], (operation, context) => {
    if (context.isNewTable(operation.table) || isNarrowWhere(operation.where, operation.table, (column) => context.columnIndexed(operation.table, column)))
      return undefined;
    return { params: { table: operation.table, statement: operation.statement } };
  }),
);
