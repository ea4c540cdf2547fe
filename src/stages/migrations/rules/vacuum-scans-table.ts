import { forOperations } from './rule.js';

/** Plain VACUUM reads the table (SHARE UPDATE EXCLUSIVE: reads and writes continue). */
export const rule = forOperations(['vacuum'], (operation, context) =>
  operation.full || context.isNewTable(operation.table) ? undefined : { params: { table: operation.table } },
);
