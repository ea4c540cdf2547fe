import { defineRestRule, forEachResponseChange, formatTypes, formatValue, responseElement } from '../rule.js';

export const responsePropertyTypeChanged = defineRestRule(
  {
    id: 'response-property-type-changed',
    level: 'breaking',
    direction: 'response',
    summary: 'A response property (or the body) was widened or changed in type, lost or changed its format, or lost its schema.',
    message: '{method} {path} — {element} {aspect} changed from {before} to {after}',
    why: 'Clients parse the old type (a number, a UUID) and fail on values of the new one.',
  },
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
  (diff, emit) => {
    forEachResponseChange(diff, ['type-changed', 'format-changed', 'schema-removed'], ({ change, pointer }, response, operation) => {
      if (change.kind === 'type-changed' ? change.detail !== 'narrowed' : change.kind === 'schema-removed' || change.before !== undefined) {
        emit(operation.revision, change.kind === 'format-changed'
          ? { element: responseElement(response.status, change.path), aspect: 'format', before: formatValue(change.before), after: formatValue(change.after) }
          : { element: responseElement(response.status, change.path), aspect: 'type', before: change.kind === 'schema-removed' ? 'documented' : formatTypes(change.before), after: change.kind === 'schema-removed' ? 'undocumented' : formatTypes(change.after) }, pointer);
      }
    });
  },
);
