import { forOperations } from './rule.js';

/** CREATE INDEX without CONCURRENTLY holds SHARE (blocks writes) for the whole index build. */
export const rule = forOperations(['create-index'], (operation, context) => {
  if (operation.index.concurrent === true || context.isNewTable(operation.table)) return undefined;
  return { params: { table: operation.table, index: operation.index.idxname ?? '(unnamed)' } };
});
