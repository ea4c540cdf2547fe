import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, requestElement } from '../rule.js';

export const requestPropertyBecameRequired = defineRule(
  {
    id: 'request-property-became-required',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'An optional request property became required.',
    message: '{method} {path} — {element} became required',
    why: 'Callers that leave it out are rejected (400) by upgraded instances.',
    fix: 'Keep {element} of {method} {path} optional with a server-side default; make it required in a later release, once every caller sends it.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
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
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, required: [a], properties: {a: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {a: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachRequestBodyChange(diff, ['property-became-required'], ({ change, pointer }, operation) => {
      emit(operation.revision, { element: requestElement(change.path) }, pointer);
    });
  },
);
