import { forOperations } from './rule.js';

/** Old instances (their queries, defaults and triggers written for them) still call the function. */
export const rule = forOperations(['drop-function'], (operation, context) =>
  context.isNewObject(operation.objectType, operation.function) ? undefined : { params: { function: operation.function, kind: operation.objectType.replace('OBJECT_', '') } },
);
