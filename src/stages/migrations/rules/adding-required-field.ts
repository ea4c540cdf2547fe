import type { Constraint } from 'libpg-query';
import { columnType, nodeOf } from './ast.js';
import { forOperations } from './rule.js';

const FILLED = new Set(['CONSTR_DEFAULT', 'CONSTR_IDENTITY', 'CONSTR_GENERATED']);

/** ADD COLUMN … NOT NULL without a default: fails on a populated table, and old code's INSERTs omit the column. */
export const rule = forOperations(['add-column'], (operation, context) => {
  if (context.isNewTable(operation.table)) return undefined;
  const constraints = (operation.column.constraints ?? []).map((node) => nodeOf(node, 'Constraint')).filter((c): c is Constraint => c !== undefined);
  const notNull = operation.column.is_not_null === true || constraints.some((c) => c.contype === 'CONSTR_NOTNULL' || c.contype === 'CONSTR_PRIMARY');
  const filled = constraints.some((c) => FILLED.has(c.contype ?? '')) || columnType(operation.column.typeName)?.serial === true;
  if (!notNull || filled) return undefined;
  return { params: { table: operation.table, column: operation.column.colname ?? '?' } };
});
