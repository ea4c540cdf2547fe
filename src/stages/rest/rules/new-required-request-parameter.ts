import { defineRestRule, parameterElement } from '../rule.js';

export const newRequiredRequestParameter = defineRestRule(
  {
    id: 'new-required-request-parameter',
    level: 'breaking',
    direction: 'request',
    summary: 'An operation gained a required parameter.',
    message: '{method} {path} — new required {element}',
    why: 'Existing callers do not send it, so upgraded instances reject their requests (400).',
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
      parameters: [{in: query, name: page, required: true, schema: {type: integer}}]
      responses: {'200': {description: ok}}`,
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const parameter of operation.parametersAdded) {
        if (parameter.required) emit(operation.revision, { element: parameterElement(parameter.location, parameter.name) }, parameter.pointer);
      }
    }
  },
);
