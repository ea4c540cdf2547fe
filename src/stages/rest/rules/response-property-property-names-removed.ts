import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, formatValue, responseElement } from '../rule.js';

const DETAILS = new Set(['propertyNames']);

export const responsePropertyPropertyNamesRemoved = defineRule(
  {
    id: 'response-property-property-names-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'The property names of a response object are no longer restricted (`propertyNames` removed).',
    message: '{method} {path} \u2014 {element} {keyword} loosened from {before} to {after}',
    why: 'Clients that rely on the documented name format (keys usable as identifiers) get other names.',
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
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {labels: {type: object, propertyNames: {pattern: '^[a-z_]+$'}}}}}}}`,
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
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {labels: {type: object, propertyNames: {pattern: '^[a-z_]+$'}}}}}}}`,
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
