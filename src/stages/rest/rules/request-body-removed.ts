import { defineRule } from '../../../rules/define.js';

export const requestBodyRemoved = defineRule(
  {
    id: 'request-body-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'An operation no longer takes the request body it documented (required or optional).',
    message: '{method} {path} — request body removed',
    why: 'Existing callers still send the body: upgraded instances ignore what they send or reject it (400/415), while old instances still expect it.',
    fix: 'Keep accepting the request body of {method} {path} (read or ignore it, and mark it deprecated) until every caller has stopped sending it; remove it in a later release.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v1/org/users:
    post: {responses: {'200': {description: ok}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/org/users:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object}}}}
      responses: {'200': {description: ok}}`,
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
      if (operation.requestBodyRemoved) emit(operation.revision, {}, operation.requestBodyRemoved.pointer);
    }
  },
);
