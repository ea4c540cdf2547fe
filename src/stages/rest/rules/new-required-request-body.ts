import { defineRestRule } from '../rule.js';

export const newRequiredRequestBody = defineRestRule(
  {
    id: 'new-required-request-body',
    level: 'breaking',
    direction: 'request',
    summary: 'An operation without a request body now requires one.',
    message: '{method} {path} — new required request body',
    why: 'Existing callers send no body and are rejected (400) by upgraded instances.',
  },
  {
    base: `
paths:
  /api/v1/org/users:
    post: {responses: {'200': {description: ok}}}`,
    revision: `
paths:
  /api/v1/org/users:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object}}}}
      responses: {'200': {description: ok}}`,
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      if (operation.requestBodyAdded?.required) emit(operation.revision, {}, operation.requestBodyAdded.pointer);
    }
  },
);
