import { forOperations } from './rule.js';

/** Part of the migration the extractor could not resolve statically: its flags are unknown. */
export const rule = forOperations(['unresolved-part'], (operation) => ({
  params: { reason: operation.part.reason, affects: [...operation.part.affects].sort().join(', ') },
  flags: Object.fromEntries(operation.part.affects.map((flag) => [flag, 'unknown'])),
}));
