import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, formatValue, responseElement } from '../rule.js';

const DETAILS = new Set(['patternProperties']);

export const responsePropertyPatternPropertyRemoved = defineRule(
  {
    id: 'response-property-pattern-property-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary:
      'Response properties whose names match a pattern are no longer constrained (`patternProperties` removed), or, in a closed object, are now admitted.',
    message: '{method} {path} \u2014 {element} {keyword} loosened from {before} to {after}',
    why: 'Clients that rely on the values of matching properties (all `x-` labels are strings) get other values.',
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
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {labels: {type: object, patternProperties: {'^x-': {type: string}}}}}}}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/orders/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {labels: {type: object}}}}}}`,
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
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {labels: {type: object}}}}}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/orders/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {labels: {type: object, patternProperties: {'^x-': {type: string}}}}}}}}`,
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
