import { defineRule } from '../../../rules/define.js';
import { nodeOf } from './ast.js';
import { forOperations } from './rule.js';

/** ADD CHECK without NOT VALID scans the whole table under ACCESS EXCLUSIVE. */
export const rule = defineRule(
  {
    id: 'constraint-missing-not-valid',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ADD CHECK without NOT VALID',
    message: '{constraint} on {table} is validated against every row under ACCESS EXCLUSIVE',
    why: 'Validation reads the whole table while reads and writes are blocked.',
    fix: 'ALTER TABLE {table} ADD CONSTRAINT {constraint} … NOT VALID; then, in a separate transaction, ALTER TABLE {table} VALIDATE CONSTRAINT {constraint}.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE orders ADD CONSTRAINT amount_positive CHECK (amount > 0)" }],
    quiet: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE orders ADD CONSTRAINT amount_positive CHECK (amount > 0) NOT VALID" }],
  },
  forOperations(['add-column', 'add-constraint'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    if (operation.kind === 'add-column') {
      const inline = (operation.column.constraints ?? []).some((node) => nodeOf(node, 'Constraint')?.contype === 'CONSTR_CHECK');
      return inline ? { params: { table: operation.table, constraint: `CHECK on new column ${operation.column.colname ?? '?'}` } } : undefined;
    }
    const constraint = operation.constraint;
    if (constraint.contype !== 'CONSTR_CHECK' || constraint.skip_validation === true) return undefined;
    return { params: { table: operation.table, constraint: constraint.conname ?? 'CHECK' } };
  }),
);
