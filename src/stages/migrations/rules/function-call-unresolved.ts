import { forOperations } from './rule.js';

/** A function not created in this migration and not a known built-in may do anything. */
export const rule = forOperations(['function-call'], (operation) => ({
  params: { function: operation.function },
  flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
}));
