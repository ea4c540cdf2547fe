import { forOperations } from './rule.js';

/** Text the PostgreSQL grammar rejects: nothing about it can be proven. */
export const rule = forOperations(['unparsable'], (operation) => ({
  params: { message: operation.message },
  flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
}));
