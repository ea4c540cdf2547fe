import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, formatValue, responseElement } from '../rule.js';

const DETAILS = new Set(['if', 'then', 'else']);

export const responsePropertyIfRemoved = defineRule(
  {
    id: 'response-property-if-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'A response schema lost a conditional constraint (`if` with `then`/`else`, or a `then`/`else` branch).',
    message: '{method} {path} \u2014 {element} conditional constraint removed: {keyword} from {before} to {after}',
    why: 'Clients that rely on the condition (a business order always has a VAT id) get values without it.',
    fix: 'Keep {element} of {method} {path} within its old {keyword} ({before}) in this release; send the wider values only after every client reads them, or behind a new media type or version.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/orders/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {kind: {type: string}, vatId: {type: string}}, if: {properties: {kind: {const: business}}, required: [kind]}, then: {required: [vatId]}}}}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/orders/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {kind: {type: string}, vatId: {type: string}}}}}}`,
      },
    ],
    quiet: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/orders/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {kind: {type: string}, vatId: {type: string}}}}}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/orders/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {kind: {type: string}, vatId: {type: string}}, if: {properties: {kind: {const: business}}, required: [kind]}, then: {required: [vatId]}}}}}`,
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
