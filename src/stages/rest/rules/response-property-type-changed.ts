import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, formatTypes, formatValue, responseElement, responseSchemaWidening, SCHEMA_PRESENCE_KINDS } from '../rule.js';

export const responsePropertyTypeChanged = defineRule(
  {
    id: 'response-property-type-changed',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'A response property (or the body) was widened or changed in type, lost or changed its format, lost its schema, or gained an alternative.',
    message: '{method} {path} — {element} {aspect} changed from {before} to {after}',
    why: 'Clients parse the old type (a number, a UUID) and fail on values of the new one.',
    fix: 'Keep {element} of {method} {path} as {before} and add the {after} value under a new name; remove the old property in a later release.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {count: {type: integer}}}}}}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {count: {type: string}}}}}}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {n: {type: number}}}}}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {n: {type: integer}}}}}}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['type-changed', 'format-changed', ...SCHEMA_PRESENCE_KINDS], ({ change, pointer }, response, operation) => {
      const element = responseElement(response.status, change.path);
      if (change.kind === 'type-changed') {
        if (change.detail !== 'narrowed')
          emit(operation.revision, { element, aspect: 'type', before: formatTypes(change.before), after: formatTypes(change.after) }, pointer);
      } else if (change.kind === 'format-changed') {
        if (change.before !== undefined)
          emit(operation.revision, { element, aspect: 'format', before: formatValue(change.before), after: formatValue(change.after) }, pointer);
      } else {
        const widening = responseSchemaWidening(change);
        if (widening) emit(operation.revision, { element, aspect: 'type', ...widening }, pointer);
      }
    });
  },
);
