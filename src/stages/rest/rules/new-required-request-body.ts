import { defineRule } from '../../../rules/define.js';

export const newRequiredRequestBody = defineRule(
  {
    id: 'new-required-request-body',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'An operation without a request body now requires one.',
    message: '{method} {path} — new required request body',
    why: 'Existing callers send no body and are rejected (400) by upgraded instances.',
    fix: 'Make the request body of {method} {path} optional in this release (use defaults when it is absent); require it in a later release.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
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
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/org/users:
    post: {responses: {'200': {description: ok}}}`,
        revision: `
paths:
  /api/v1/org/users:
    post:
      requestBody: {content: {application/json: {schema: {type: object}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      if (operation.requestBodyAdded?.required) emit(operation.revision, {}, operation.requestBodyAdded.pointer);
    }
  },
);
