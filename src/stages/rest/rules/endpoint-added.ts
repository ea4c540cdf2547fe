import { defineRestRule } from '../rule.js';

export const endpointAdded = defineRestRule(
  {
    id: 'endpoint-added',
    level: 'info',
    direction: 'request',
    summary: 'A new operation.',
    message: '{method} {path} — operation added',
    why: 'Nothing breaks; during a rollout old instances answer it with 404, which matters only to clients that already use it.',
  },
  {
    base: `
paths: {}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}`,
  },
  (diff, emit) => {
    for (const operation of diff.operationsAdded) emit(operation, {}, operation.pointer);
  },
);
