import { defineRule } from '../../../rules/define.js';
import { stringValue } from './ast.js';
import { forOperations } from './rule.js';

/**
 * SET NOT NULL scans the whole table under ACCESS EXCLUSIVE, unless (PostgreSQL 12+) a valid
 * `CHECK (col IS NOT NULL)` already proves it.
 */
export const rule = defineRule(
  {
    id: 'adding-not-nullable-field',
    surface: 'migrations',
    level: 'advisory',
    summary: 'SET NOT NULL scans the table',
    message: 'SET NOT NULL on {table}.{column} reads every row under ACCESS EXCLUSIVE',
    why: 'The check of existing rows blocks reads and writes; PostgreSQL 12+ skips it when a valid CHECK (column IS NOT NULL) exists.',
    fix: 'ALTER TABLE {table} ADD CONSTRAINT {column}_not_null CHECK ({column} IS NOT NULL) NOT VALID; VALIDATE CONSTRAINT {column}_not_null in a separate transaction; then ALTER COLUMN {column} SET NOT NULL (no scan) and drop the check.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: true, versions: 'all; skipped on PostgreSQL 12+ with a valid CHECK (column IS NOT NULL)' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN email SET NOT NULL" }],
    quiet: [
      {
        sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD CONSTRAINT email_nn CHECK (email IS NOT NULL) NOT VALID;\nALTER TABLE users VALIDATE CONSTRAINT email_nn;\nALTER TABLE users ALTER COLUMN email SET NOT NULL",
        inTransaction: false,
      },
    ],
  },
  forOperations(['set-not-null', 'add-constraint'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    if (operation.kind === 'add-constraint' && operation.constraint.contype !== 'CONSTR_NOTNULL') return undefined;
    const column = operation.kind === 'set-not-null' ? operation.column : (stringValue(operation.constraint.keys?.[0]) ?? '?');
    if (context.postgresVersion >= 12 && context.hasValidNotNullCheck(operation.table, column)) return undefined;
    return { params: { table: operation.table, column } };
  }),
);
