import { forOperations } from './rule.js';

/** A restarted sequence hands out values already used: the INSERTs of old and new code collide. */
export const rule = forOperations(['restart-sequence'], (operation, context) =>
  context.isNewObject('OBJECT_SEQUENCE', operation.sequence) ? undefined : { params: { sequence: operation.sequence } },
);
