import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, formatValue, requestElement } from '../rule.js';

const DETAILS = new Set(['dependentSchemas']);

export const requestPropertyDependentSchemaAdded = defineRule(
  {
    id: 'request-property-dependent-schema-added',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A request object gained a schema that applies when a property is present (`dependentSchemas`).',
    message: '{method} {path} \u2014 {element} {keyword} tightened from {before} to {after} (a dependent schema added)',
    why: 'Requests that carry the property must now also satisfy the dependent schema; existing callers may not.',
    fix: 'Accept requests that do not meet the new {keyword} of {element} on {method} {path} for one more release (validate it as a warning, or normalise), and enforce it once every caller complies.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/payments:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {card: {type: string}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/payments:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {card: {type: string}}, dependentSchemas: {card: {required: [cvc], properties: {cvc: {type: string}}}}}}}}
      responses: {'201': {description: created}}`,
      },
    ],
    quiet: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/payments:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {card: {type: string}}, dependentSchemas: {card: {required: [cvc]}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/payments:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {card: {type: string}}}}}}
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
