import { stringValue } from './ast.js';
import { forOperations } from './rule.js';

/**
 * SET NOT NULL scans the whole table under ACCESS EXCLUSIVE, unless (PostgreSQL 12+) a valid
 * `CHECK (col IS NOT NULL)` already proves it.
 */
export const rule = forOperations(['set-not-null', 'add-constraint'], (operation, context) => {
  if (context.isNewTable(operation.table)) return undefined;
  if (operation.kind === 'add-constraint' && operation.constraint.contype !== 'CONSTR_NOTNULL') return undefined;
  const column = operation.kind === 'set-not-null' ? operation.column : (stringValue(operation.constraint.keys?.[0]) ?? '?');
  if (context.postgresVersion >= 12 && context.hasValidNotNullCheck(operation.table, column)) return undefined;
  return { params: { table: operation.table, column } };
});
