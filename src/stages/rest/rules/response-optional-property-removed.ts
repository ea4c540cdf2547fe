import { defineRestRule, forEachResponseChange, responseElement } from '../rule.js';

export const responseOptionalPropertyRemoved = defineRestRule(
  {
    id: 'response-optional-property-removed',
    level: 'advisory',
    direction: 'response',
    summary: 'An optional response property is gone.',
    message: '{method} {path} — {element} removed',
    why: 'Clients already cope with its absence, but lose the information it carried.',
  },
  {
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {status: {type: string}, message: {type: string}}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {status: {type: string}}}}}}}}`,
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['property-removed'], ({ change, pointer }, response, operation) => {
      if (change.detail !== 'required') {
        emit(operation.revision, { element: responseElement(response.status, change.path) }, pointer);
      }
    });
  },
);
