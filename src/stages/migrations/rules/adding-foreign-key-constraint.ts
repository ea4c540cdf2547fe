import { defineRule } from '../../../rules/define.js';
import type { Constraint } from 'libpg-query';
import { nodeOf, tableName } from './ast.js';
import { forOperations } from './rule.js';

/** Column values a new column starts with: only with one of these can an inline REFERENCES find rows to check. */
const FILLS_COLUMN = new Set(['CONSTR_DEFAULT', 'CONSTR_IDENTITY', 'CONSTR_GENERATED']);

/**
 * A validated FOREIGN KEY scans the referencing table under SHARE ROW EXCLUSIVE on both tables.
 * `ADD COLUMN … REFERENCES` without a default starts all NULL: PostgreSQL checks nothing (observed in PGlite).
 */
export const rule = defineRule(
  {
    id: 'adding-foreign-key-constraint',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ADD FOREIGN KEY without NOT VALID',
    message: 'FOREIGN KEY from {table} to {referenced} is validated against every row while writes to both tables are blocked',
    why: 'Validation reads the whole referencing table under SHARE ROW EXCLUSIVE on both tables.',
    fix: 'ALTER TABLE {table} ADD CONSTRAINT … FOREIGN KEY … REFERENCES {referenced} NOT VALID; then, in a separate transaction, ALTER TABLE {table} VALIDATE CONSTRAINT ….',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'SHARE ROW EXCLUSIVE', rewrites: false, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE orders ADD CONSTRAINT orders_user_fk FOREIGN KEY (user_id) REFERENCES users (id)" }],
    quiet: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE orders ADD COLUMN user_id int REFERENCES users (id)" }],
  },
  forOperations(['add-column', 'add-constraint'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    if (operation.kind === 'add-column') {
      const filled = (operation.column.constraints ?? []).some((node) => FILLS_COLUMN.has(nodeOf(node, 'Constraint')?.contype ?? ''));
      if (!filled) return undefined;
    }
    const constraint: Constraint | undefined =
      operation.kind === 'add-constraint'
        ? operation.constraint
        : (operation.column.constraints ?? []).map((node) => nodeOf(node, 'Constraint')).find((c) => c?.contype === 'CONSTR_FOREIGN');
    if (constraint?.contype !== 'CONSTR_FOREIGN' || constraint.skip_validation === true) return undefined;
    const referenced = tableName(constraint.pktable) ?? '?';
    return { params: { table: operation.table, referenced }, tables: [referenced] };
  }),
);
