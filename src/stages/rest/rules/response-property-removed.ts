import { defineRestRule, forEachResponseChange, responseElement } from '../rule.js';

export const responsePropertyRemoved = defineRestRule(
  {
    id: 'response-property-removed',
    level: 'breaking',
    direction: 'response',
    summary: 'A required response property is gone.',
    message: '{method} {path} — {element} removed',
    why: 'Clients read it unconditionally (it was required) and fail on the missing value.',
  },
  {
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, required: [status, results], properties: {status: {type: string}, results: {type: object}}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, required: [status], properties: {status: {type: string}}}}}}}}`,
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['property-removed'], ({ change, pointer }, response, operation) => {
      if (change.detail === 'required') {
        emit(operation.revision, { element: responseElement(response.status, change.path) }, pointer);
      }
    });
  },
);
