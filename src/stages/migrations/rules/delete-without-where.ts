import { defineRule } from '../../../rules/define.js';
import { isNarrowWhere } from './ast.js';
import { forOperations } from './rule.js';

/** A DELETE without a narrow WHERE reads and writes every row and holds their row locks until commit. */
export const rule = defineRule(
  {
    id: 'delete-without-where',
    surface: 'migrations',
    level: 'advisory',
    summary: 'DELETE of every row',
    message: 'DELETE FROM {table} with {where} touches every row and locks them until commit',
    why: 'Every row is read and marked deleted with a row lock held to the end of the transaction.',
    fix: 'Delete from {table} in batches by key (DELETE FROM {table} WHERE id IN (SELECT id … LIMIT 1000)), committing each batch, outside the DDL transaction.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ROW EXCLUSIVE', rewrites: true, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: 'DELETE FROM sessions' }],
    quiet: [{ sql: "DELETE FROM sessions WHERE session_id = 'abc'" }],
  },
  forOperations(['delete'], (operation, context) => {
    if (context.isNewTable(operation.table) || isNarrowWhere(operation.where, operation.table, (column) => context.columnIndexed(operation.table, column)))
      return undefined;
    return {
      params: { table: operation.table, where: operation.where === undefined ? 'no WHERE' : 'a WHERE not limited to key values' },
      // Row locks on every row block old instances' writes to them until commit: counted as locking the table.
      flags: { locksTable: true, rewritesTable: true, scansTable: true },
    };
  }),
);
