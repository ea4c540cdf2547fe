import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, formatValue, responseElement } from '../rule.js';

const DETAILS = new Set(['dependentSchemas']);

export const responsePropertyDependentSchemaRemoved = defineRule(
  {
    id: 'response-property-dependent-schema-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'A response object lost a schema that applied when a property is present (`dependentSchemas`).',
    message: '{method} {path} \u2014 {element} {keyword} loosened from {before} to {after} (a dependent schema removed)',
    why: 'Clients that rely on what the dependent schema guaranteed get objects without it.',
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
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {card: {type: string}}, dependentSchemas: {card: {required: [expiry]}}}}}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/orders/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {card: {type: string}}}}}}`,
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
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {card: {type: string}}}}}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/orders/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {card: {type: string}}, dependentSchemas: {card: {required: [expiry]}}}}}}`,
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
