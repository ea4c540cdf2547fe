import { forOperations } from './rule.js';

/** CLUSTER rewrites the table in index order under ACCESS EXCLUSIVE. */
export const rule = forOperations(['cluster'], (operation, context) =>
  context.isNewTable(operation.table) ? undefined : { params: { table: operation.table } },
);
