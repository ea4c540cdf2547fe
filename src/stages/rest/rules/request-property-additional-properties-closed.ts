import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, requestElement } from '../rule.js';

export const requestPropertyAdditionalPropertiesClosed = defineRule(
  {
    id: 'request-property-additional-properties-closed',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'The request body (or a nested object) no longer accepts undeclared properties (`additionalProperties: false`).',
    message: '{method} {path} — {element} no longer accepts undeclared properties',
    why: 'Callers that send extra fields (often harmless until now) are rejected (400).',
    fix: 'Keep {element} of {method} {path} open (`additionalProperties: true`), ignoring unknown properties; close it in a later release.',
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
      requestBody: {required: true, content: {application/json: {schema: {type: object, additionalProperties: false, properties: {contentUuid: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, additionalProperties: false}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachRequestBodyChange(diff, ['additional-properties-closed'], ({ change, pointer }, operation) => {
      emit(operation.revision, { element: requestElement(change.path) }, pointer);
    });
  },
);
