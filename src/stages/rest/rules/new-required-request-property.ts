import { defineRestRule, forEachRequestBodyChange, requestElement } from '../rule.js';

export const newRequiredRequestProperty = defineRestRule(
  {
    id: 'new-required-request-property',
    level: 'breaking',
    direction: 'request',
    summary: 'The request body gained a required property.',
    message: '{method} {path} — new required {element}',
    why: 'Existing callers do not send it and are rejected (400) by upgraded instances.',
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
      requestBody: {required: true, content: {application/json: {schema: {type: object, required: [projectUuid], properties: {contentUuid: {type: string}, projectUuid: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
  },
  (diff, emit) => {
    forEachRequestBodyChange(diff, ['property-added'], ({ change, pointer }, operation) => {
      if (change.detail === 'required') {
        emit(operation.revision, { element: requestElement(change.path) }, pointer);
      }
    });
  },
);
