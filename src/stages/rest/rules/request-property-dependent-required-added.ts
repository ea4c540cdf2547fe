import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, formatValue, requestElement } from '../rule.js';

const DETAILS = new Set(['dependentRequired']);

export const requestPropertyDependentRequiredAdded = defineRule(
  {
    id: 'request-property-dependent-required-added',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A request property now requires other properties when it is present (`dependentRequired`).',
    message: '{method} {path} \u2014 {element} {keyword} tightened from {before} to {after}',
    why: 'Callers that send the property without the newly dependent ones are rejected.',
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
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {card: {type: string}, cvc: {type: string}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/payments:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {card: {type: string}, cvc: {type: string}}, dependentRequired: {card: [cvc]}}}}}
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
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {card: {type: string}, cvc: {type: string}}, dependentRequired: {card: [cvc]}}}}}
      responses: {'201': {description: created}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/payments:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {card: {type: string}, cvc: {type: string}}}}}}
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
