import { defineRestRule, forEachResponseChange, responseElement } from '../rule.js';

export const responsePropertyBecameNullable = defineRestRule(
  {
    id: 'response-property-became-nullable',
    level: 'breaking',
    direction: 'response',
    summary: 'A response property (or the body) may now be `null`.',
    message: '{method} {path} — {element} may now be null',
    why: 'Clients that use the value without a null check fail.',
  },
  {
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {name: {type: string}}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {name: {type: string, nullable: true}}}}}}}}`,
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['nullable-added'], ({ change, pointer }, response, operation) => {
      emit(operation.revision, { element: responseElement(response.status, change.path) }, pointer);
    });
  },
);
