import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, formatValue, responseElement } from '../rule.js';

const DETAILS = new Set(['minimum', 'exclusiveMinimum']);

export const responsePropertyMinDecreased = defineRule(
  {
    id: 'response-property-min-decreased',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'A response value may now be lower than before (`minimum` / `exclusiveMinimum` lowered or removed).',
    message: '{method} {path} \u2014 {element} {keyword} lowered from {before} to {after}',
    why: 'Clients that rely on the documented lower bound (a rating of at least 1, a positive amount) get values they do not handle.',
    fix: 'Keep {element} of {method} {path} within its old {keyword} ({before}) in this release; send the wider values only after every client reads them, or behind a new media type or version.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/reviews/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {rating: {type: integer, minimum: 1, maximum: 5}}}}}}`,
        revision: `
paths:
  /api/v1/reviews/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {rating: {type: integer, minimum: 0, maximum: 5}}}}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/reviews/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {rating: {type: integer, minimum: 0}}}}}}`,
        revision: `
paths:
  /api/v1/reviews/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {rating: {type: integer, minimum: 1}}}}}}`,
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
