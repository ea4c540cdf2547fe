import { defineRule } from '../../../rules/define.js';

export const apiPathRemovedWithoutDeprecation = defineRule(
  {
    id: 'api-path-removed-without-deprecation',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A path was removed with its operations, which were not deprecated first.',
    message: '{method} {path} — operation removed (no operation left on this path)',
    why: 'Clients still calling it (an old frontend during the rollout, scripts, integrations) get 404 from upgraded instances.',
    fix: 'Keep {method} {path} serving in this release and mark it `deprecated: true`; remove it in a later release, once no supported previous version calls it.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
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
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/saved/{chartUuid}:
    get: {responses: {'200': {description: ok}}}`,
        revision: `
paths:
  /api/v1/saved/{uuid}:
    get: {responses: {'200': {description: ok}}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const { operation, pathRemoved } of diff.operationsRemoved) {
      if (pathRemoved && !operation.deprecated) emit(operation, {}, operation.pointer);
    }
  },
);
