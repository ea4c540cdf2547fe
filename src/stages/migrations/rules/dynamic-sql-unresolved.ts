import { forOperations } from './rule.js';

/** EXECUTE of a string built at run time: what it does depends on data. */
export const rule = forOperations(['dynamic-sql'], (operation) => ({
  params: { reason: operation.reason },
  flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
}));
