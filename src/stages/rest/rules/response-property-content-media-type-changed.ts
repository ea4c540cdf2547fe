import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, formatValue, responseElement } from '../rule.js';

const DETAILS = new Set(['contentMediaType', 'contentEncoding']);

export const responsePropertyContentMediaTypeChanged = defineRule(
  {
    id: 'response-property-content-media-type-changed',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'The media type or encoding of the content inside a response string property changed (`contentMediaType` / `contentEncoding`).',
    message: '{method} {path} \u2014 {element} {keyword} changed from {before} to {after}',
    why: 'Clients decode the content the old way (base64 PNG) and fail on the new one.',
    fix: 'Keep {element} of {method} {path} within its old {keyword} ({before}) in this release; send the wider values only after every client reads them, or behind a new media type or version.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/avatars/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {image: {type: string, contentEncoding: base64, contentMediaType: image/png}}}}}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/avatars/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {image: {type: string, contentEncoding: base64, contentMediaType: image/webp}}}}}}`,
      },
    ],
    quiet: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/avatars/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {image: {type: string, contentEncoding: base64, contentMediaType: image/png}}}}}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/avatars/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {image: {type: string, contentEncoding: base64, contentMediaType: image/png, description: the avatar}}}}}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['constraint-loosened'], ({ change, pointer }, response, operation) => {
      if (!DETAILS.has(change.detail ?? '')) return;
      emit(
        operation.revision,
        {
          element: responseElement(response.status, change.path),
          keyword: change.detail!,
          before: formatValue(change.before),
          after: formatValue(change.after),
        },
        pointer,
      );
    });
  },
);
