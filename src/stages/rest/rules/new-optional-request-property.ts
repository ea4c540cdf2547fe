import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, requestElement } from '../rule.js';

export const newOptionalRequestProperty = defineRule(
  {
    id: 'new-optional-request-property',
    surface: 'rest',
    level: 'info',
    direction: 'request',
    summary: 'The request body gained an optional property.',
    message: '{method} {path} — new optional {element}',
    why: 'Existing callers are unaffected.',
    fix: 'Nothing to change: old instances ignore the new optional {element} of {method} {path}; do not rely on it until every instance is upgraded.',
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
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentUuid: {type: string}, note: {type: string}}}}}}
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
      requestBody: {required: true, content: {application/json: {schema: {type: object, required: [b], properties: {a: {type: string}, b: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachRequestBodyChange(diff, ['property-added'], ({ change, pointer }, operation) => {
      if (change.detail !== 'required') {
        emit(operation.revision, { element: requestElement(change.path) }, pointer);
      }
    });
  },
);
