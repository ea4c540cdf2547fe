import { defineRule } from '../../../rules/define.js';

export const requestBodyBecameRequired = defineRule(
  {
    id: 'request-body-became-required',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'An optional request body became required.',
    message: '{method} {path} — request body became required',
    why: 'Callers that send no body are rejected (400) by upgraded instances.',
    fix: 'Keep the request body of {method} {path} optional (default what is missing); require it in a later release, once every caller sends it.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/projects/{projectUuid}/explores/{exploreName}/compileQuery:
    post:
      requestBody: {content: {application/json: {schema: {type: object}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v1/projects/{projectUuid}/explores/{exploreName}/compileQuery:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: false, content: {application/json: {schema: {type: object}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      const body = operation.requestBodyChanged;
      if (body && !body.base.required && body.revision.required) emit(operation.revision, {}, body.revision.pointer);
    }
  },
);
