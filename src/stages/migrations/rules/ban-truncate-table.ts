import { forOperations } from './rule.js';

/** TRUNCATE empties a table old instances are serving from (and takes ACCESS EXCLUSIVE on it). */
export const rule = forOperations(['truncate'], (operation, context) =>
  context.isNewTable(operation.table) ? undefined : { params: { table: operation.table } },
);
