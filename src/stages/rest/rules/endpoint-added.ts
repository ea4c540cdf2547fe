import { defineRule } from '../../../rules/define.js';

export const endpointAdded = defineRule(
  {
    id: 'endpoint-added',
    surface: 'rest',
    level: 'info',
    direction: 'request',
    summary: 'A new operation.',
    message: '{method} {path} — operation added',
    why: 'Nothing breaks; during a rollout old instances answer it with 404, which matters only to clients that already use it.',
    fix: 'Nothing to change: old instances answer 404 for {method} {path}, so callers must tolerate that until every instance is upgraded.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths: {}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
`,
        revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsAdded) emit(operation, {}, operation.pointer);
  },
);
