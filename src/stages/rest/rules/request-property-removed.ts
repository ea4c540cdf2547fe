import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, requestElement } from '../rule.js';

export const requestPropertyRemoved = defineRule(
  {
    id: 'request-property-removed',
    surface: 'rest',
    level: 'advisory',
    direction: 'request',
    summary: 'The request body no longer declares a property.',
    message: '{method} {path} — {element} removed',
    why: 'Callers still send it; the upgraded server ignores it (or rejects it when additional properties are closed).',
    fix: 'Keep accepting {element} on {method} {path} (ignored or mapped to its replacement), marked `deprecated: true`; remove it in a later release.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
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
    forEachRequestBodyChange(diff, ['property-removed'], ({ change, pointer }, operation) => {
      emit(operation.revision, { element: requestElement(change.path) }, pointer);
    });
  },
);
