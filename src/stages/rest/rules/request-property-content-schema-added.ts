import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, formatValue, requestElement } from '../rule.js';

const DETAILS = new Set(['contentSchema']);

export const requestPropertyContentSchemaAdded = defineRule(
  {
    id: 'request-property-content-schema-added',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'The decoded content of a request string property must now satisfy a schema (`contentSchema`).',
    message: '{method} {path} \u2014 {element} {keyword} tightened from {before} to {after}',
    why: 'Callers that embed content the new schema refuses are rejected.',
    fix: 'Accept requests that do not meet the new {keyword} of {element} on {method} {path} for one more release (validate it as a warning, or normalise), and enforce it once every caller complies.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/webhooks:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {payload: {type: string, contentMediaType: application/json}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/webhooks:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {payload: {type: string, contentMediaType: application/json, contentSchema: {type: object, required: [id]}}}}}}}
      responses: {'201': {description: created}}`,
      },
    ],
    quiet: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/webhooks:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {payload: {type: string, contentMediaType: application/json, contentSchema: {type: object, required: [id]}}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/webhooks:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {payload: {type: string, contentMediaType: application/json}}}}}}
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
