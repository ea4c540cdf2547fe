import { defineRule } from '../../../rules/define.js';
import { removalOf } from '../policy.js';

export const apiRemovedWithDeprecation = defineRule(
  {
    id: 'api-removed-with-deprecation',
    surface: 'rest',
    level: 'advisory',
    direction: 'request',
    summary: 'An operation marked `deprecated` in the old spec was removed, with no sunset (`x-sunset`) or after it.',
    message: '{method} {path} — deprecated operation removed',
    why: 'Deprecation announced the removal, so well-behaved clients have moved on; a client that did not still gets 404.',
    fix: 'Remove {method} {path} only once every version that may still call it is older than minPreviousVersion; until then keep it, marked `deprecated: true`.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/saved/{chartUuid}/legacy:
    get: {deprecated: true, responses: {'200': {description: ok}}}`,
        revision: `
paths: {}`,
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
paths: {}`,
      },
    ],
  },
  (diff, emit) => {
    // Before its sunset, or with a sunset that cannot be read: api-removed-before-sunset, api-path-sunset-parse.
    for (const { operation } of diff.operationsRemoved) if (removalOf(operation, diff.policy).kind === 'announced') emit(operation, {}, operation.pointer);
  },
);
