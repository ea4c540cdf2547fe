import { forOperations } from './rule.js';

/**
 * A brief, catalog-only lock that blocks writes still waits behind every running query on the table,
 * and every later query queues behind it. Without a lock_timeout that wait is unbounded: locksTable.
 */
export const rule = forOperations(['brief-lock'], (operation, context) =>
  context.lockTimeoutSet ? undefined : { params: { table: operation.table, lock: operation.lock }, flags: { locksTable: true } },
);
