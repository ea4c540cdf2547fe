import { forOperations } from './rule.js';

/** Old instances still query the dropped table. */
export const rule = forOperations(['drop-table'], (operation, context) =>
  context.isNewTable(operation.table) ? undefined : { params: { table: operation.table } },
);
