import { defineRule } from '../../../rules/define.js';
import { parameterElement } from '../rule.js';

export const newRequiredRequestParameter = defineRule(
  {
    id: 'new-required-request-parameter',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'An operation gained a required parameter.',
    message: '{method} {path} — new required {element}',
    why: 'Existing callers do not send it, so upgraded instances reject their requests (400).',
    fix: 'Add {element} to {method} {path} as optional with a server-side default; make it required in a later release, once every caller sends it.',
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
      parameters: [{in: query, name: page, required: true, schema: {type: integer}}]
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/metrics:
    get:
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: page, schema: {type: integer}}]
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const parameter of operation.parametersAdded) {
        if (parameter.required) emit(operation.revision, { element: parameterElement(parameter.location, parameter.name) }, parameter.pointer);
      }
    }
  },
);
