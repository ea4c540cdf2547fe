import { nodeOf } from './ast.js';
import { forOperations } from './rule.js';

/** ADD CHECK without NOT VALID scans the whole table under ACCESS EXCLUSIVE. */
export const rule = forOperations(['add-column', 'add-constraint'], (operation, context) => {
  if (context.isNewTable(operation.table)) return undefined;
  if (operation.kind === 'add-column') {
    const inline = (operation.column.constraints ?? []).some((node) => nodeOf(node, 'Constraint')?.contype === 'CONSTR_CHECK');
    return inline ? { params: { table: operation.table, constraint: `CHECK on new column ${operation.column.colname ?? '?'}` } } : undefined;
  }
  const constraint = operation.constraint;
  if (constraint.contype !== 'CONSTR_CHECK' || constraint.skip_validation === true) return undefined;
  return { params: { table: operation.table, constraint: constraint.conname ?? 'CHECK' } };
});
