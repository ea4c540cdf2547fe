import { defineRestRule } from '../rule.js';

export const requestBodyMediaTypeRemoved = defineRestRule(
  {
    id: 'request-body-media-type-removed',
    level: 'breaking',
    direction: 'request',
    summary: 'A request body media type is no longer accepted.',
    message: "{method} {path} — request body media type '{mediaType}' no longer accepted",
    why: 'Callers sending that content type get 415 from upgraded instances.',
  },
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
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const mediaType of operation.requestBodyChanged?.mediaTypesRemoved ?? []) emit(operation.revision, { mediaType }, operation.requestBodyChanged!.base.pointer);
    }
  },
);
