import { forOperations } from './rule.js';

/**
 * REFRESH MATERIALIZED VIEW recomputes and rewrites the view: ACCESS EXCLUSIVE (reads blocked),
 * or EXCLUSIVE with CONCURRENTLY (reads continue, but it is still a full recompute).
 */
export const rule = forOperations(['refresh-materialized-view'], (operation, context) => {
  if (context.isNewTable(operation.table)) return undefined;
  return { params: { view: operation.table, lock: operation.concurrent ? 'EXCLUSIVE (CONCURRENTLY)' : 'ACCESS EXCLUSIVE' } };
});
