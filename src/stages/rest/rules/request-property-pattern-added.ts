import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, formatValue, requestElement } from '../rule.js';

const DETAILS = new Set(['pattern']);

export const requestPropertyPatternAdded = defineRule(
  {
    id: 'request-property-pattern-added',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A request property must now match a pattern it did not have (or a changed one).',
    message: '{method} {path} \u2014 {element} must now match {keyword} {after} (was {before})',
    why: 'Values existing callers send that do not match the new regular expression are rejected (400); whether a changed pattern accepts every old value cannot be proven.',
    fix: 'Accept requests that do not meet the new {keyword} of {element} on {method} {path} for one more release (validate it as a warning, or normalise), and enforce it once every caller complies.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/products:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {sku: {type: string}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
paths:
  /api/v1/products:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {sku: {type: string, pattern: '^[A-Z]{3}-[0-9]+$'}}}}}}
      responses: {'201': {description: created}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/products:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {sku: {type: string, pattern: '^[A-Z]{3}-[0-9]+$'}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
paths:
  /api/v1/products:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {sku: {type: string}}}}}}
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
