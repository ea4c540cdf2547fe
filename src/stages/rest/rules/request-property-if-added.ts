import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, formatValue, requestElement } from '../rule.js';

const DETAILS = new Set(['if', 'then', 'else']);

export const requestPropertyIfAdded = defineRule(
  {
    id: 'request-property-if-added',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A request schema gained a conditional constraint (`if` with `then`/`else`, or a new `then`/`else` branch).',
    message: '{method} {path} \u2014 {element} conditional constraint added: {keyword} from {before} to {after}',
    why: 'Requests that match the condition must now also satisfy the new branch; callers that send them today without it are rejected.',
    fix: 'Accept requests that do not meet the new {keyword} of {element} on {method} {path} for one more release (validate it as a warning, or normalise), and enforce it once every caller complies.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/invoices:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {kind: {type: string}, vatId: {type: string}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/invoices:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {kind: {type: string}, vatId: {type: string}}, if: {properties: {kind: {const: business}}, required: [kind]}, then: {required: [vatId]}}}}}
      responses: {'201': {description: created}}`,
      },
    ],
    quiet: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/invoices:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {kind: {type: string}, vatId: {type: string}}, if: {properties: {kind: {const: business}}, required: [kind]}, then: {required: [vatId]}}}}}
      responses: {'201': {description: created}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/invoices:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {kind: {type: string}, vatId: {type: string}}}}}}
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
