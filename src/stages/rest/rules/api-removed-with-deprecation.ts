import { defineRestRule } from '../rule.js';

export const apiRemovedWithDeprecation = defineRestRule(
  {
    id: 'api-removed-with-deprecation',
    level: 'advisory',
    direction: 'request',
    summary: 'An operation marked `deprecated` in the old spec was removed.',
    message: '{method} {path} — deprecated operation removed',
    why: 'Deprecation announced the removal, so well-behaved clients have moved on; a client that did not still gets 404.',
  },
  {
    base: `
paths:
  /api/v1/saved/{chartUuid}/legacy:
    get: {deprecated: true, responses: {'200': {description: ok}}}`,
    revision: `
paths: {}`,
  },
  (diff, emit) => {
    for (const { operation } of diff.operationsRemoved) if (operation.deprecated) emit(operation, {}, operation.pointer);
  },
);
