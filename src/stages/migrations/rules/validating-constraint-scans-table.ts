import { forOperations } from './rule.js';

/**
 * VALIDATE CONSTRAINT scans the table under SHARE UPDATE EXCLUSIVE (reads and writes continue) —
 * unless the constraint was added NOT VALID earlier in the same transaction, whose stronger lock is still held.
 */
export const rule = forOperations(['validate-constraint'], (operation, context) => {
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
});
