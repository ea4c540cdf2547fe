import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, formatValue, responseElement } from '../rule.js';

const DETAILS = new Set(['contentSchema']);

export const responsePropertyContentSchemaRemoved = defineRule(
  {
    id: 'response-property-content-schema-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'The decoded content of a response string property is no longer described (`contentSchema` removed).',
    message: '{method} {path} \u2014 {element} {keyword} loosened from {before} to {after}',
    why: 'Clients that parse the embedded content as the documented schema get content they do not handle.',
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
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {payload: {type: string, contentMediaType: application/json, contentSchema: {type: object, required: [id]}}}}}}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/orders/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {payload: {type: string, contentMediaType: application/json}}}}}}`,
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
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {payload: {type: string, contentMediaType: application/json}}}}}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/orders/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {payload: {type: string, contentMediaType: application/json, contentSchema: {type: object, required: [id]}}}}}}}`,
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
