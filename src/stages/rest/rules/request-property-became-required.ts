import { defineRestRule, forEachRequestBodyChange, requestElement } from '../rule.js';

export const requestPropertyBecameRequired = defineRestRule(
  {
    id: 'request-property-became-required',
    level: 'breaking',
    direction: 'request',
    summary: 'An optional request property became required.',
    message: '{method} {path} — {element} became required',
    why: 'Callers that leave it out are rejected (400) by upgraded instances.',
  },
  {
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {projectUuid: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, required: [projectUuid], properties: {projectUuid: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
  },
  (diff, emit) => {
    forEachRequestBodyChange(diff, ['property-became-required'], ({ change, pointer }, operation) => {
      emit(operation.revision, { element: requestElement(change.path) }, pointer);
    });
  },
);
