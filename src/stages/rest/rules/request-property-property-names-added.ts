import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, formatValue, requestElement } from '../rule.js';

const DETAILS = new Set(['propertyNames']);

export const requestPropertyPropertyNamesAdded = defineRule(
  {
    id: 'request-property-property-names-added',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'The property names of a request object are now restricted (`propertyNames`).',
    message: '{method} {path} \u2014 {element} {keyword} tightened from {before} to {after}',
    why: 'Callers that send a property whose name does not match are rejected.',
    fix: 'Accept requests that do not meet the new {keyword} of {element} on {method} {path} for one more release (validate it as a warning, or normalise), and enforce it once every caller complies.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/settings:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {labels: {type: object, additionalProperties: {type: string}}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/settings:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {labels: {type: object, additionalProperties: {type: string}, propertyNames: {pattern: '^[a-z_]+$'}}}}}}}
      responses: {'201': {description: created}}`,
      },
    ],
    quiet: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/settings:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {labels: {type: object, propertyNames: {pattern: '^[a-z_]+$'}}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/settings:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {labels: {type: object}}}}}}
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
