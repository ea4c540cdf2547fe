import { forOperations } from './rule.js';

/** Old instances still read and write the old column name. */
export const rule = forOperations(['rename-column'], (operation, context) =>
  context.isNewTable(operation.table) ? undefined : { params: { table: operation.table, column: operation.column, newName: operation.newName } },
);
