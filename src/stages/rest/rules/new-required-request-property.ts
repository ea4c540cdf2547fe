import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, requestElement } from '../rule.js';

export const newRequiredRequestProperty = defineRule(
  {
    id: 'new-required-request-property',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'The request body gained a required property.',
    message: '{method} {path} — new required {element}',
    why: 'Existing callers do not send it and are rejected (400) by upgraded instances.',
    fix: 'Add {element} to {method} {path} as optional with a server-side default; make it required in a later release, once every caller sends it.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
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
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {a: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {a: {type: string}, b: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachRequestBodyChange(diff, ['property-added'], ({ change, pointer }, operation) => {
      if (change.detail === 'required') {
        emit(operation.revision, { element: requestElement(change.path) }, pointer);
      }
    });
  },
);
