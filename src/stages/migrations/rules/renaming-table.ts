import { forOperations } from './rule.js';

/** Old instances still query the old table name. */
export const rule = forOperations(['rename-table'], (operation, context) =>
  context.isNewTable(operation.table) ? undefined : { params: { table: operation.table, newName: operation.newName } },
);
