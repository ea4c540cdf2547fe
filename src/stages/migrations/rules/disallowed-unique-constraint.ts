import { nodeOf, stringValue } from './ast.js';
import { forOperations } from './rule.js';

/** ADD UNIQUE builds its index under ACCESS EXCLUSIVE; `USING INDEX` of a concurrently built one does not. */
export const rule = forOperations(['add-column', 'add-constraint'], (operation, context) => {
  if (context.isNewTable(operation.table)) return undefined;
  if (operation.kind === 'add-column') {
    const inline = (operation.column.constraints ?? []).some((node) => nodeOf(node, 'Constraint')?.contype === 'CONSTR_UNIQUE');
    return inline ? { params: { table: operation.table, columns: operation.column.colname ?? '?' } } : undefined;
  }
  const constraint = operation.constraint;
  if (constraint.contype !== 'CONSTR_UNIQUE' || constraint.indexname !== undefined) return undefined;
  return { params: { table: operation.table, columns: (constraint.keys ?? []).map(stringValue).join(', ') } };
});
