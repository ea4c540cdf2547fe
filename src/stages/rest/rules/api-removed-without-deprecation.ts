import { defineRule } from '../../../rules/define.js';

export const apiRemovedWithoutDeprecation = defineRule(
  {
    id: 'api-removed-without-deprecation',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'An operation was removed (its path still has other operations) without being deprecated first.',
    message: '{method} {path} — operation removed',
    why: 'Clients still calling it (an old frontend during the rollout, scripts, integrations) get 404 or 405 from upgraded instances.',
    fix: 'Keep {method} {path} in this release and mark it `deprecated: true`; remove it in a later release, once no supported previous version calls it.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
    delete: {responses: {'204': {description: gone}}}`,
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
    delete: {deprecated: true, responses: {'204': {description: gone}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
`,
      },
    ],
  },
  (diff, emit) => {
    for (const { operation, pathRemoved } of diff.operationsRemoved) {
      if (!pathRemoved && !operation.deprecated) emit(operation, {}, operation.pointer);
    }
  },
);
