import { defineRule } from '../../../rules/define.js';
import { admitsNewValues } from '../../schema-diff/widening.js';
import { forEachResponseChange, formatValue, responseElement } from '../rule.js';

/**
 * A response `pattern` removed or widened (issue 32: it was breaking). Clients do not validate a
 * response against its pattern, and the values stay strings of the documented type: like oasdiff's
 * response-pattern-removed / response-pattern-changed, this is information, not a break.
 */
export const responsePropertyPatternLoosened = defineRule(
  {
    id: 'response-property-pattern-loosened',
    surface: 'rest',
    level: 'info',
    direction: 'response',
    summary: "A response string's `pattern` was removed or changed to admit more values.",
    message: '{method} {path} \u2014 {element} pattern loosened from {before} to {after}',
    why: 'The value keeps its type; a client that parses it more strictly than its type should check the new pattern.',
    fix: 'Nothing to change for clients that read {element} of {method} {path} as its type; document the wider values ({after}).',
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
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {handle: {type: string, pattern: '^[a-z]+$'}}}}}}`,
        revision: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {handle: {type: string}}}}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {handle: {type: string}}}}}}`,
        revision: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {handle: {type: string, pattern: '^[a-z]+$'}}}}}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['constraint-loosened', 'constraint-tightened'], ({ change, pointer }, response, operation) => {
      if (change.detail !== 'pattern' || !admitsNewValues(change)) return;
      emit(
        operation.revision,
        { element: responseElement(response.status, change.path), before: formatValue(change.before), after: formatValue(change.after) },
        pointer,
      );
    });
  },
);
