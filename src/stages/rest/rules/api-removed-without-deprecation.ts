import { defineRestRule } from '../rule.js';

export const apiRemovedWithoutDeprecation = defineRestRule(
  {
    id: 'api-removed-without-deprecation',
    level: 'breaking',
    direction: 'request',
    summary: 'An operation was removed (its path still has other operations) without being deprecated first.',
    message: '{method} {path} — operation removed',
    why: 'Clients still calling it (an old frontend during the rollout, scripts, integrations) get 404 or 405 from upgraded instances.',
  },
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
  (diff, emit) => {
    for (const { operation, pathRemoved } of diff.operationsRemoved) {
      if (!pathRemoved && !operation.deprecated) emit(operation, {}, operation.pointer);
    }
  },
);
