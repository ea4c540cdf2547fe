import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, formatValue, responseElement } from '../rule.js';

const DETAILS = new Set(['unevaluatedProperties', 'unevaluatedItems']);

export const responsePropertyUnevaluatedPropertiesRemoved = defineRule(
  {
    id: 'response-property-unevaluated-properties-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'A response object (or array) may now carry what no other keyword describes (`unevaluatedProperties` / `unevaluatedItems` removed or loosened).',
    message: '{method} {path} \u2014 {element} {keyword} loosened from {before} to {after}',
    why: 'Strict clients (generated models that refuse unknown fields) fail on the new properties.',
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
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {id: {type: string}}, unevaluatedProperties: false}}}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/orders/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}}`,
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
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/orders/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {id: {type: string}}, unevaluatedProperties: false}}}}`,
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
