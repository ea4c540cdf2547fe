import { defineRule } from '../../../rules/define.js';

export const apiRemovedWithDeprecation = defineRule(
  {
    id: 'api-removed-with-deprecation',
    surface: 'rest',
    level: 'advisory',
    direction: 'request',
    summary: 'An operation marked `deprecated` in the old spec was removed.',
    message: '{method} {path} — deprecated operation removed',
    why: 'Deprecation announced the removal, so well-behaved clients have moved on; a client that did not still gets 404.',
    fix: 'Remove {method} {path} only once every version that may still call it is older than minPreviousVersion; until then keep it, marked `deprecated: true`.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [{
    base: `
paths:
  /api/v1/saved/{chartUuid}/legacy:
    get: {deprecated: true, responses: {'200': {description: ok}}}`,
    revision: `
paths: {}`,
  }],
    quiet: [{
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
`,
    revision: `
paths: {}`,
  }],
  },
  (diff, emit) => {
    for (const { operation } of diff.operationsRemoved) if (operation.deprecated) emit(operation, {}, operation.pointer);
  },
);
