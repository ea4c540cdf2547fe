import { forOperations } from './rule.js';

/** VACUUM FULL copies the whole table under ACCESS EXCLUSIVE. */
export const rule = forOperations(['vacuum'], (operation, context) =>
  !operation.full || context.isNewTable(operation.table) ? undefined : { params: { table: operation.table } },
);
