import { forOperations } from './rule.js';

/** A type, domain, sequence, extension, schema or cast old code may name in its queries. */
export const rule = forOperations(['drop-object'], (operation, context) =>
  context.isNewObject(operation.objectType, operation.name) ? undefined : { params: { kind: operation.objectType.replace('OBJECT_', '').replace('_', ' '), name: operation.name } },
);
