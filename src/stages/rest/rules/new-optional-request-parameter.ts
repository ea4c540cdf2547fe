import { defineRestRule, parameterElement } from '../rule.js';

export const newOptionalRequestParameter = defineRestRule(
  {
    id: 'new-optional-request-parameter',
    level: 'info',
    direction: 'request',
    summary: 'An operation gained an optional parameter.',
    message: '{method} {path} — new optional {element}',
    why: 'Existing callers are unaffected; during a rollout old instances ignore the parameter.',
  },
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
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const parameter of operation.parametersAdded) {
        if (!parameter.required) emit(operation.revision, { element: parameterElement(parameter.location, parameter.name) }, parameter.pointer);
      }
    }
  },
);
