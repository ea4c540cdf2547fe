import { forOperations } from './rule.js';

/** Old code names functions, types, sequences and schemas in its queries: a rename breaks them. */
export const rule = forOperations(['rename-object'], (operation, context) =>
  context.isNewObject(operation.objectType, operation.name)
    ? undefined
    : { params: { kind: operation.objectType.replace('OBJECT_', '').replace('_', ' '), name: operation.name, newName: operation.newName } },
);
