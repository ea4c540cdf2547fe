import { isWidening, typeText } from './ast.js';
import { forOperations } from './rule.js';

/**
 * A type change that is not a known widening (shorter varchar, smaller integer, another type):
 * old code may write values the new type rejects or read values it does not expect.
 * With an unknown previous type this rule stays silent; changing-column-type already makes the flags unknown.
 */
export const rule = forOperations(['alter-column-type'], (operation, context) => {
  if (context.isNewTable(operation.table) || operation.from === undefined || operation.to === undefined) return undefined;
  if (isWidening(operation.from, operation.to)) return undefined;
  return { params: { table: operation.table, column: operation.column, from: typeText(operation.from), to: typeText(operation.to) } };
});
