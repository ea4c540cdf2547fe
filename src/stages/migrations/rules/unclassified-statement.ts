import { forOperations } from './rule.js';

/** A statement kind the rule table does not know: fail closed. */
export const rule = forOperations(['unclassified'], (operation) => ({
  params: { statement: operation.statement },
  flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
}));
