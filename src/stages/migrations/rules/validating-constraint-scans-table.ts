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
    flagged: [
      { sql: 'ALTER TABLE orders VALIDATE CONSTRAINT orders_user_fk' },
      { sql: "SET lock_timeout = '2s';\nALTER TABLE orders ADD COLUMN note_2 text, VALIDATE CONSTRAINT orders_user_fk" },
    ],
    quiet: [{ sql: 'ALTER TABLE orders VALIDATE CONSTRAINT orders_user_fk', newTables: ['orders'] }],
  },
  forOperations(['validate-constraint'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    const addedHere = context.inTransaction && context.addedNotValidInThisTransaction(operation.table, operation.constraint);
    // Combined with an ACCESS EXCLUSIVE subcommand (`ADD COLUMN …, VALIDATE CONSTRAINT …`) or after one in the same transaction, that lock is held during the scan.
    const lockHeld = addedHere || context.writesBlockedOn(operation.table);
    return {
      params: {
        table: operation.table,
        constraint: operation.constraint,
        lock: addedHere
          ? 'while the lock of its ADD in the same transaction is still held'
          : lockHeld
            ? 'while a lock that blocks writes, taken earlier in the same statement or transaction, is held'
            : 'without blocking reads or writes',
      },
      flags: { locksTable: lockHeld, scansTable: true },
    };
  }),
);
