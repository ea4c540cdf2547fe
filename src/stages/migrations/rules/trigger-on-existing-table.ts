import { forOperations } from './rule.js';

/**
 * A trigger's function runs on every write of the table, including old code's: it may reject them,
 * change them or do heavy work per row. Unknown unless the function is proven harmless.
 */
export const rule = forOperations(['create-trigger'], (operation, context) => {
  if (context.isNewTable(operation.table)) return undefined;
  if (operation.beforeRow && context.isHarmlessTriggerFunction(operation.function)) return undefined;
  return {
    params: { trigger: operation.trigger, table: operation.table, function: operation.function },
    flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
  };
});
