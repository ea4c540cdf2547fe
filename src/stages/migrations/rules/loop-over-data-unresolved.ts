import { forOperations } from './rule.js';

/** A PL/pgSQL loop runs its body a data-dependent number of times (row-by-row backfills are full backfills). */
export const rule = forOperations(['loop-over-data'], (operation) => ({
  params: { loop: operation.loop },
  flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
}));
