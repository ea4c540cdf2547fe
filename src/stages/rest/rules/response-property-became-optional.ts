import { defineRestRule, forEachResponseChange, responseElement } from '../rule.js';

export const responsePropertyBecameOptional = defineRestRule(
  {
    id: 'response-property-became-optional',
    level: 'breaking',
    direction: 'response',
    summary: 'A required response property became optional.',
    message: '{method} {path} — {element} became optional',
    why: 'Clients that read it unconditionally fail when it is left out.',
  },
  {
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, required: [status], properties: {status: {type: string}}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {status: {type: string}}}}}}}}`,
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['property-became-optional'], ({ change, pointer }, response, operation) => {
      emit(operation.revision, { element: responseElement(response.status, change.path) }, pointer);
    });
  },
);
