import { isNarrowWhere } from './ast.js';
import { forOperations } from './rule.js';

/** A backfill UPDATE writes every row (new row versions) and holds their row locks until commit. */
export const rule = forOperations(['update'], (operation, context) => {
  if (context.isNewTable(operation.table) || isNarrowWhere(operation.where, operation.table)) return undefined;
  return {
    params: { table: operation.table, where: operation.where === undefined ? 'no WHERE' : 'a WHERE not limited to key values' },
    // Row locks on every row block old instances' writes to them until commit: counted as locking the table.
    flags: { locksTable: true, rewritesTable: true, scansTable: true },
  };
});
