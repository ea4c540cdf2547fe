import { defineRestRule, parameterElement } from '../rule.js';

export const requestParameterRemoved = defineRestRule(
  {
    id: 'request-parameter-removed',
    level: 'breaking',
    direction: 'request',
    summary: 'An operation no longer declares a parameter.',
    message: '{method} {path} — {element} removed',
    why: 'Callers still send it and the upgraded server ignores or rejects it: a filter such as `tags` silently stops filtering.',
  },
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
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const parameter of operation.parametersRemoved) emit(operation.revision, { element: parameterElement(parameter.location, parameter.name) }, parameter.pointer);
    }
  },
);
