import { forOperations } from './rule.js';

/** With a lock_timeout set first, the brief lock gives up instead of queueing: not counted as locksTable. */
export const rule = forOperations(['brief-lock'], (operation, context) =>
  context.lockTimeoutSet ? { params: { table: operation.table, lock: operation.lock }, flags: { locksTable: false } } : undefined,
);
