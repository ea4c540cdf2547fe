import { forOperations } from './rule.js';

const KIND: Readonly<Record<string, string>> = {
  CONSTR_CHECK: 'CHECK',
  CONSTR_FOREIGN: 'FOREIGN KEY',
  CONSTR_PRIMARY: 'PRIMARY KEY',
  CONSTR_UNIQUE: 'UNIQUE',
  CONSTR_EXCLUSION: 'EXCLUDE',
  CONSTR_NOTNULL: 'NOT NULL',
};

/**
 * A new constraint on an existing table applies to every write from the moment it is added (NOT VALID
 * only skips the check of existing rows): old code that writes rows violating it starts failing.
 * UNIQUE … USING INDEX adds nothing the unique index did not already enforce.
 */
export const rule = forOperations(['add-constraint', 'set-not-null'], (operation, context) => {
  if (context.isNewTable(operation.table)) return undefined;
  if (operation.kind === 'set-not-null') return { params: { table: operation.table, constraint: `NOT NULL on column ${operation.column}` } };
  const { contype, indexname, conname } = operation.constraint;
  const kind = KIND[contype ?? ''];
  if (kind === undefined || (contype === 'CONSTR_UNIQUE' && indexname !== undefined)) return undefined;
  return { params: { table: operation.table, constraint: conname === undefined ? kind : `${kind} ${conname}` } };
});
