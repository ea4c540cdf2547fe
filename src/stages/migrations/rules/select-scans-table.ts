import { isNarrowWhere } from './ast.js';
import { forOperations } from './rule.js';

/** INSERT … SELECT, CREATE TABLE AS, SELECT INTO and SELECT … FROM read whole existing tables. */
export const rule = forOperations(['read-query'], (operation, context) => {
  if (context.isNewTable(operation.table) || isNarrowWhere(operation.where, operation.table)) return undefined;
  return { params: { table: operation.table, statement: operation.statement } };
});
