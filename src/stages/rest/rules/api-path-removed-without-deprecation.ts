import { defineRestRule } from '../rule.js';

export const apiPathRemovedWithoutDeprecation = defineRestRule(
  {
    id: 'api-path-removed-without-deprecation',
    level: 'breaking',
    direction: 'request',
    summary: 'A path was removed with its operations, which were not deprecated first.',
    message: '{method} {path} — operation removed (no operation left on this path)',
    why: 'Clients still calling it (an old frontend during the rollout, scripts, integrations) get 404 from upgraded instances.',
  },
  {
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
  /api/v1/health:
    get: {responses: {'200': {description: ok}}}`,
    revision: `
paths:
  /api/v1/health:
    get: {responses: {'200': {description: ok}}}`,
  },
  (diff, emit) => {
    for (const { operation, pathRemoved } of diff.operationsRemoved) {
      if (pathRemoved && !operation.deprecated) emit(operation, {}, operation.pointer);
    }
  },
);
