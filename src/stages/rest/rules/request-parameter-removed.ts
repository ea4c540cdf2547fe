import { defineRule } from '../../../rules/define.js';
import { parameterElement } from '../rule.js';

export const requestParameterRemoved = defineRule(
  {
    id: 'request-parameter-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'An operation no longer declares a parameter that was not deprecated.',
    message: '{method} {path} — {element} removed',
    why: 'Callers still send it and the upgraded server ignores or rejects it: a filter such as `tags` silently stops filtering.',
    fix: 'Keep accepting {element} on {method} {path} (ignored or mapped to its replacement), marked `deprecated: true`; remove it in a later release.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    get:
      parameters: [{in: query, name: role, schema: {type: string}}]
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
  /api/v2/metrics:
    get:
      parameters: [{in: header, name: X-Request-Id, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: header, name: x-request-id, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      // A deprecated one: request-parameter-removed-with-deprecation, -before-sunset, request-parameter-sunset-parse.
      for (const parameter of operation.parametersRemoved)
        if (!parameter.deprecated) emit(operation.revision, { element: parameterElement(parameter.location, parameter.name) }, parameter.pointer);
    }
  },
);
