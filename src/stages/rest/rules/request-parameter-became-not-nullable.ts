import { defineRule } from '../../../rules/define.js';
import { forEachParameterChange, parameterElement } from '../rule.js';

/**
 * A parameter's schema no longer admits `null` (`type: [string, "null"]` → `string`, `oneOf [null,
 * string]` → `string`, `nullable: true` dropped): like request-property-became-not-nullable for a
 * body property (issue 32: it was "no differences found" for a parameter).
 */
export const requestParameterBecameNotNullable = defineRule(
  {
    id: 'request-parameter-became-not-nullable',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A request parameter no longer accepts `null`.',
    message: '{method} {path} — {element} no longer accepts null',
    why: 'Callers that send `null` (a JSON-encoded parameter, an explicit null in a header or cookie value) are rejected (400).',
    fix: 'Keep accepting null for {element} of {method} {path} in this release (treat it as absent); refuse it only after every caller stopped sending it.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/projects:
    get:
      parameters: [{in: query, name: owner, schema: {type: [string, 'null']}}]
      responses: {'200': {description: ok}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/projects:
    get:
      parameters: [{in: query, name: owner, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
openapi: 3.1.0
paths:
  /api/v1/projects:
    get:
      parameters: [{in: query, name: owner, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
        revision: `
openapi: 3.1.0
paths:
  /api/v1/projects:
    get:
      parameters: [{in: query, name: owner, schema: {type: [string, 'null']}}]
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachParameterChange(diff, ['nullable-removed'], ({ change, pointer }, { revision }, operation) => {
      emit(operation.revision, { element: parameterElement(revision.location, revision.name, change.path) }, pointer);
    });
  },
);
