import { defineRestRule } from '../rule.js';

export const requestBodyBecameRequired = defineRestRule(
  {
    id: 'request-body-became-required',
    level: 'breaking',
    direction: 'request',
    summary: 'An optional request body became required.',
    message: '{method} {path} — request body became required',
    why: 'Callers that send no body are rejected (400) by upgraded instances.',
  },
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
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      const body = operation.requestBodyChanged;
      if (body && !body.base.required && body.revision.required) emit(operation.revision, {}, body.revision.pointer);
    }
  },
);
