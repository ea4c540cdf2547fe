import { forOperations } from './rule.js';

/**
 * A column that is NOT NULL (or not proven nullable) at the end of the migration and has lost its
 * default: old code's INSERTs that leave the column out fail.
 */
export const rule = forOperations(['drop-default'], (operation, context) => {
  if (context.isNewTable(operation.table) || operation.notNull === false) return undefined;
  return { params: { table: operation.table, column: operation.column, nullability: operation.notNull === true ? 'NOT NULL' : 'not proven nullable' } };
});
