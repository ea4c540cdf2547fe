import { defineRule } from '../../../rules/define.js';
import { parameterElement } from '../rule.js';
import { removalOf } from '../policy.js';

export const requestParameterRemovedWithDeprecation = defineRule(
  {
    id: 'request-parameter-removed-with-deprecation',
    surface: 'rest',
    level: 'advisory',
    direction: 'request',
    summary: 'A parameter marked `deprecated` was removed, with no sunset (`x-sunset`) or after it.',
    message: '{method} {path} — deprecated {element} removed',
    why: 'The deprecation announced it; callers that still send it are ignored or refused by upgraded instances.',
    fix: 'Remove {element} of {method} {path} only once no supported previous version sends it; until then keep accepting it, marked `deprecated: true`.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    get:
      parameters: [{in: query, name: role, deprecated: true, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
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
    get:
      parameters: [{in: query, name: role, deprecated: true, x-sunset: '2027-01-01', schema: {type: string}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const parameter of operation.parametersRemoved) {
        if (removalOf(parameter, diff.policy).kind === 'announced')
          emit(operation.revision, { element: parameterElement(parameter.location, parameter.name) }, parameter.pointer);
      }
    }
  },
);
