import { forOperations } from './rule.js';

/** Old instances still query the dropped view. */
export const rule = forOperations(['drop-view'], (operation, context) =>
  context.isNewTable(operation.table) ? undefined : { params: { view: operation.table, kind: operation.materialized ? 'MATERIALIZED VIEW' : 'VIEW' } },
);
