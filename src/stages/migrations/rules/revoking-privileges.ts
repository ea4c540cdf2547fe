import { forOperations } from './rule.js';

/** Old instances still use the privilege (or role membership) the migration takes away. */
export const rule = forOperations(['revoke'], (operation, context) =>
  operation.tables.length > 0 && operation.tables.every((table) => context.isNewTable(table)) ? undefined : { params: { what: operation.what } },
);
