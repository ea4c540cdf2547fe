import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/**
 * VALIDATE CONSTRAINT scans the table under SHARE UPDATE EXCLUSIVE (reads and writes continue) —
 * unless the constraint was added NOT VALID earlier in the same transaction, whose stronger lock is still held.
 */
export const rule = defineRule(
  {
    id: 'validating-constraint-scans-table',
    surface: 'migrations',
    level: 'info',
    summary: 'VALIDATE CONSTRAINT',
    message: 'VALIDATE CONSTRAINT {constraint} on {table} reads every row {lock}',
    why: 'Validation is the safe second step of NOT VALID; it still reads the whole table.',
    fix: 'Nothing to change if {constraint} was added NOT VALID and committed first: VALIDATE CONSTRAINT then lets reads and writes on {table} continue.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'SHARE UPDATE EXCLUSIVE', rewrites: false, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: "ALTER TABLE orders VALIDATE CONSTRAINT orders_user_fk" }],
    quiet: [{ sql: "ALTER TABLE orders VALIDATE CONSTRAINT orders_user_fk", newTables: ["orders"] }],
  },
  forOperations(['validate-constraint'], (operation, context) => {
  if (context.isNewTable(operation.table)) return undefined;
  const lockHeld = context.inTransaction && context.addedNotValidInThisTransaction(operation.table, operation.constraint);
  return {
    params: {
      table: operation.table,
      constraint: operation.constraint,
      lock: lockHeld ? 'while the lock of its ADD in the same transaction is still held' : 'without blocking reads or writes',
    },
    flags: { locksTable: lockHeld, scansTable: true },
  };
}),
);
