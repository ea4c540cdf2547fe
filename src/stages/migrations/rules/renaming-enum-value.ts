import { forOperations } from './rule.js';

/** Old code still writes and compares the old enum label. */
export const rule = forOperations(['rename-enum-value'], (operation) => ({
  params: { type: operation.type, from: operation.from, to: operation.to },
}));
