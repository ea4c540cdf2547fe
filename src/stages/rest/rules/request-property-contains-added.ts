import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, formatValue, requestElement } from '../rule.js';

const DETAILS = new Set(['contains', 'minContains', 'maxContains']);

export const requestPropertyContainsAdded = defineRule(
  {
    id: 'request-property-contains-added',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A request array must now contain matching items (`contains` added, `minContains` raised or `maxContains` lowered).',
    message: '{method} {path} \u2014 {element} {keyword} tightened from {before} to {after}',
    why: 'Arrays existing callers send without (enough of) the matching items are rejected.',
    fix: 'Accept requests that do not meet the new {keyword} of {element} on {method} {path} for one more release (validate it as a warning, or normalise), and enforce it once every caller complies.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/contacts:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {emails: {type: array, items: {type: object}}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/contacts:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {emails: {type: array, items: {type: object}, contains: {required: [primary]}}}}}}}
      responses: {'201': {description: created}}`,
      },
    ],
    quiet: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/contacts:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {emails: {type: array, contains: {required: [primary]}, minContains: 2}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/contacts:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {emails: {type: array, contains: {required: [primary]}}}}}}}
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
