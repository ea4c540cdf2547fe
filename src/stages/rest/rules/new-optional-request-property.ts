import { defineRestRule, forEachRequestBodyChange, requestElement } from '../rule.js';

export const newOptionalRequestProperty = defineRestRule(
  {
    id: 'new-optional-request-property',
    level: 'info',
    direction: 'request',
    summary: 'The request body gained an optional property.',
    message: '{method} {path} — new optional {element}',
    why: 'Existing callers are unaffected.',
  },
  {
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentUuid: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentUuid: {type: string}, note: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
  },
  (diff, emit) => {
    forEachRequestBodyChange(diff, ['property-added'], ({ change, pointer }, operation) => {
      if (change.detail !== 'required') {
        emit(operation.revision, { element: requestElement(change.path) }, pointer);
      }
    });
  },
);
