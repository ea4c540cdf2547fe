import { defineRule } from '../../../rules/define.js';
import type { SchemaChange } from '../../schema-diff/types.js';
import { forEachResponseChange, formatValue, responseElement, RESPONSE_KEYWORD_RULE_DETAILS } from '../rule.js';

/**
 * Whether the change admits values the old schema refused, outside the keywords with their own
 * rule: a loosened constraint, a changed `pattern` (not provably a subset), a `multipleOf` whose
 * new step is not a multiple of the old (2 → 3 admits 3).
 */
function loosens(change: SchemaChange): boolean {
  const keyword = change.detail ?? '';
  if (RESPONSE_KEYWORD_RULE_DETAILS.has(keyword)) return false;
  if (change.kind === 'constraint-loosened') return true;
  if (keyword === 'pattern') return change.before !== undefined;
  if (keyword === 'multipleOf' && typeof change.before === 'number' && typeof change.after === 'number') {
    const ratio = change.after / change.before;
    return Math.abs(ratio - Math.round(ratio)) >= 1e-9;
  }
  return false;
}

export const responsePropertyConstraintLoosened = defineRule(
  {
    id: 'response-property-constraint-loosened',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: "A response value is less constrained than before: a length, item or property count, pattern, enum, const, multipleOf or uniqueItems loosened or dropped.",
    message: "{method} {path} \u2014 {element} {keyword} loosened from {before} to {after}",
    why: "Clients that rely on the documented constraint (a name of at most 64 characters, unique tags, a fixed pattern) get values they do not handle.",
    fix: "Keep {element} of {method} {path} within its old {keyword} ({before}) in this release; send the wider values only after every client reads them, or behind a new media type or version.",
    docs: 'docs/rest.md',
  },
  {
    flagged: [{
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
    }],
    quiet: [{
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
    }],
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['constraint-loosened', 'constraint-tightened'], ({ change, pointer }, response, operation) => {
      if (!loosens(change)) return;
      emit(operation.revision, { element: responseElement(response.status, change.path), keyword: change.detail ?? 'constraint', before: formatValue(change.before), after: formatValue(change.after) }, pointer);
    });
  },
);
