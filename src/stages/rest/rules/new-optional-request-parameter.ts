import { defineRule } from '../../../rules/define.js';
import { parameterElement } from '../rule.js';

export const newOptionalRequestParameter = defineRule(
  {
    id: 'new-optional-request-parameter',
    surface: 'rest',
    level: 'info',
    direction: 'request',
    summary: 'An operation gained an optional parameter.',
    message: '{method} {path} — new optional {element}',
    why: 'Existing callers are unaffected; during a rollout old instances ignore the parameter.',
    fix: 'Nothing to change: old instances ignore the new optional {element} of {method} {path}; do not rely on it until every instance is upgraded.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get:
      parameters: [{in: query, name: page, schema: {type: integer}}]
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: page, schema: {type: integer}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: page, schema: {type: integer}}, {in: query, name: cursor, required: true, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const parameter of operation.parametersAdded) {
        if (!parameter.required) emit(operation.revision, { element: parameterElement(parameter.location, parameter.name) }, parameter.pointer);
      }
    }
  },
);
