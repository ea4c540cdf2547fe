import { forOperations } from './rule.js';

/** DROP INDEX without CONCURRENTLY takes ACCESS EXCLUSIVE on the index's table (brief; see the brief-lock rules). */
export const rule = forOperations(['drop-index'], (operation, context) => {
  if (operation.concurrent || (operation.table !== undefined && context.isNewTable(operation.table))) return undefined;
  return { params: { index: operation.index } };
});
