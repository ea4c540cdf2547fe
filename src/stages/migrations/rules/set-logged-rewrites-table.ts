import { forOperations } from './rule.js';

/** SET LOGGED / SET UNLOGGED rewrites the table under ACCESS EXCLUSIVE. */
export const rule = forOperations(['set-logged'], (operation, context) =>
  context.isNewTable(operation.table) ? undefined : { params: { table: operation.table, mode: operation.logged ? 'LOGGED' : 'UNLOGGED' } },
);
