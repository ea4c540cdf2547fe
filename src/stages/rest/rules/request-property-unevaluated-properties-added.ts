import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, formatValue, requestElement } from '../rule.js';

const DETAILS = new Set(['unevaluatedProperties', 'unevaluatedItems']);

export const requestPropertyUnevaluatedPropertiesAdded = defineRule(
  {
    id: 'request-property-unevaluated-properties-added',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A request object (or array) now refuses or restricts what no other keyword evaluated (`unevaluatedProperties` / `unevaluatedItems`).',
    message: '{method} {path} \u2014 {element} {keyword} tightened from {before} to {after}',
    why: 'Extra properties (or items) that callers send today, ignored before, are now rejected.',
    fix: 'Accept requests that do not meet the new {keyword} of {element} on {method} {path} for one more release (validate it as a warning, or normalise), and enforce it once every caller complies.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/users:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {name: {type: string}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/users:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {name: {type: string}}, unevaluatedProperties: false}}}}
      responses: {'201': {description: created}}`,
      },
    ],
    quiet: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/users:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {name: {type: string}}, unevaluatedProperties: false}}}}
      responses: {'201': {description: created}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/users:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {name: {type: string}}}}}}
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
