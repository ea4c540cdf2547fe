import { defineRestRule, forEachRequestBodyChange, requestElement } from '../rule.js';

export const requestPropertyRemoved = defineRestRule(
  {
    id: 'request-property-removed',
    level: 'advisory',
    direction: 'request',
    summary: 'The request body no longer declares a property.',
    message: '{method} {path} — {element} removed',
    why: 'Callers still send it; the upgraded server ignores it (or rejects it when additional properties are closed).',
  },
  {
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentUuid: {type: string}, note: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentUuid: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
  },
  (diff, emit) => {
    forEachRequestBodyChange(diff, ['property-removed'], ({ change, pointer }, operation) => {
      emit(operation.revision, { element: requestElement(change.path) }, pointer);
    });
  },
);
