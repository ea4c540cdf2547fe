import { forOperations } from './rule.js';

/** With row level security on, old code's role sees only the rows a policy allows (none without one). */
export const rule = forOperations(['enable-row-security'], (operation, context) =>
  context.isNewTable(operation.table) ? undefined : { params: { table: operation.table, clause: operation.force ? 'FORCE' : 'ENABLE' } },
);
