import { defineRule } from '../../../rules/define.js';

export const responseMediaTypeRemoved = defineRule(
  {
    id: 'response-media-type-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'A response no longer offers a media type.',
    message: "{method} {path} — response {status} media type '{mediaType}' removed",
    why: 'Clients that ask for (or parse) that content type get something else, or 406.',
    fix: "Keep returning '{mediaType}' for response {status} of {method} {path} to callers that ask for it; remove it in a later release.",
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object}}, text/csv: {schema: {type: string}}}}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object}}}}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object}}}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object}}, text/csv: {schema: {type: string}}}}}}`,
      },
    ],
  },
  (diff, emit) => {
    for (const operation of diff.operationsChanged) {
      for (const response of operation.responsesChanged) {
        const status = response.status;
        const pointer = operation.base.responses.get(status)?.pointer ?? operation.base.pointer;
        for (const mediaType of response.mediaTypesRemoved) emit(operation.revision, { status, mediaType }, pointer);
      }
    }
  },
);
