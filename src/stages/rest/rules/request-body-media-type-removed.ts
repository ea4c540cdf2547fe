import { defineRule } from '../../../rules/define.js';

export const requestBodyMediaTypeRemoved = defineRule(
  {
    id: 'request-body-media-type-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A request body media type is no longer accepted.',
    message: "{method} {path} — request body media type '{mediaType}' no longer accepted",
    why: 'Callers sending that content type get 415 from upgraded instances.',
    fix: "Keep accepting '{mediaType}' on {method} {path}, marked deprecated in the description; remove it in a later release.",
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    post:
      requestBody: {content: {application/json: {schema: {type: object}}, application/x-www-form-urlencoded: {schema: {type: object}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v1/org/users:
    post:
      requestBody: {content: {application/json: {schema: {type: object}}}}
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
      requestBody: {required: true, content: {application/json: {schema: {type: object}}, text/plain: {schema: {type: string}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const mediaType of operation.requestBodyChanged?.mediaTypesRemoved ?? [])
        emit(operation.revision, { mediaType }, operation.requestBodyChanged!.base.pointer);
    }
  },
);
