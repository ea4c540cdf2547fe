import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, formatValue, requestElement } from '../rule.js';

const DETAILS = new Set(['contentMediaType', 'contentEncoding']);

export const requestPropertyContentMediaTypeChanged = defineRule(
  {
    id: 'request-property-content-media-type-changed',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'The media type or encoding of the content inside a request string property changed (`contentMediaType` / `contentEncoding`).',
    message: '{method} {path} \u2014 {element} {keyword} changed from {before} to {after}',
    why: 'Callers keep sending content in the old media type or encoding, which the new server reads differently or rejects.',
    fix: 'Accept requests that do not meet the new {keyword} of {element} on {method} {path} for one more release (validate it as a warning, or normalise), and enforce it once every caller complies.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/avatars:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {image: {type: string, contentEncoding: base64, contentMediaType: image/png}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/avatars:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {image: {type: string, contentEncoding: base64, contentMediaType: image/webp}}}}}}
      responses: {'201': {description: created}}`,
      },
    ],
    quiet: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/avatars:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {image: {type: string, contentEncoding: base64, contentMediaType: image/png}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/avatars:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {image: {type: string, contentEncoding: base64, contentMediaType: image/png, description: the avatar}}}}}}
      responses: {'201': {description: created}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachRequestBodyChange(diff, ['constraint-tightened'], ({ change, pointer }, operation) => {
      if (!DETAILS.has(change.detail ?? '')) return;
      emit(
        operation.revision,
        { element: requestElement(change.path), keyword: change.detail!, before: formatValue(change.before), after: formatValue(change.after) },
        pointer,
      );
    });
  },
);
