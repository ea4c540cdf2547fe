import { forOperations } from './rule.js';

/** Old instances still select or insert the dropped column. */
export const rule = forOperations(['drop-column'], (operation, context) =>
  context.isNewTable(operation.table) ? undefined : { params: { table: operation.table, column: operation.column } },
);
