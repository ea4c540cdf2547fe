import { nodeOf, stringValue } from './ast.js';
import { forOperations } from './rule.js';

/** Adding a PRIMARY KEY builds its unique index under ACCESS EXCLUSIVE (reads and writes blocked). */
export const rule = forOperations(['add-column', 'add-constraint'], (operation, context) => {
  if (context.isNewTable(operation.table)) return undefined;
  if (operation.kind === 'add-column') {
    const inline = (operation.column.constraints ?? []).some((node) => nodeOf(node, 'Constraint')?.contype === 'CONSTR_PRIMARY');
    return inline ? { params: { table: operation.table, columns: operation.column.colname ?? '?' } } : undefined;
  }
  const constraint = operation.constraint;
  if (constraint.contype !== 'CONSTR_PRIMARY' || constraint.indexname !== undefined) return undefined;
  return { params: { table: operation.table, columns: (constraint.keys ?? []).map(stringValue).join(', ') } };
});
