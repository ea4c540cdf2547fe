import { forOperations } from './rule.js';

/** Old instances keep querying the view (or its column) by the old name. */
export const rule = forOperations(['rename-view'], (operation, context) => {
  if (context.isNewTable(operation.table)) return undefined;
  const what = operation.column === undefined ? `view ${operation.table}` : `column ${operation.table}.${operation.column}`;
  return { params: { what, newName: operation.newName } };
});
