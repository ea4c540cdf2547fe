import { forOperations } from './rule.js';

/** CREATE INDEX CONCURRENTLY does not block writes, but still reads the whole table (twice). */
export const rule = forOperations(['create-index'], (operation, context) => {
  if (operation.index.concurrent !== true || context.isNewTable(operation.table)) return undefined;
  return { params: { table: operation.table, index: operation.index.idxname ?? '(unnamed)' } };
});
