import { defineRule } from '../../../rules/define.js';
import type { SchemaChange } from '../../schema-diff/types.js';
import { admitsNewValues } from '../../schema-diff/widening.js';
import { forEachResponseChange, formatValue, responseElement, RESPONSE_KEYWORD_RULE_DETAILS } from '../rule.js';

/** Whether the change admits values the old schema refused, outside the keywords with their own rule. */
function loosens(change: SchemaChange): boolean {
  return !RESPONSE_KEYWORD_RULE_DETAILS.has(change.detail ?? '') && admitsNewValues(change);
}

export const responsePropertyConstraintLoosened = defineRule(
  {
    id: 'response-property-constraint-loosened',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary:
      'A response value is less constrained than before: a length, item or property count, enum, const, multipleOf or uniqueItems loosened or dropped (a pattern: response-property-pattern-loosened).',
    message: '{method} {path} \u2014 {element} {keyword} loosened from {before} to {after}',
    why: 'Clients that rely on the documented constraint (a name of at most 64 characters, unique tags, a fixed pattern) get values they do not handle.',
    fix: 'Keep {element} of {method} {path} within its old {keyword} ({before}) in this release; send the wider values only after every client reads them, or behind a new media type or version.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {name: {type: string, maxLength: 64}}}}}}`,
        revision: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {name: {type: string, maxLength: 255}}}}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {name: {type: string, maxLength: 255}}}}}}`,
        revision: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {name: {type: string, maxLength: 64}}}}}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['constraint-loosened', 'constraint-tightened'], ({ change, pointer }, response, operation) => {
      if (!loosens(change)) return;
      emit(
        operation.revision,
        {
          element: responseElement(response.status, change.path),
          keyword: change.detail ?? 'constraint',
          before: formatValue(change.before),
          after: formatValue(change.after),
        },
        pointer,
      );
    });
  },
);
