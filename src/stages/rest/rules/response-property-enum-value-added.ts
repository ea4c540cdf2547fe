import { defineRestRule, forEachResponseChange, formatValue, responseElement } from '../rule.js';

export const responsePropertyEnumValueAdded = defineRestRule(
  {
    id: 'response-property-enum-value-added',
    level: 'advisory',
    direction: 'response',
    summary: 'A response property may carry a new enum value.',
    message: '{method} {path} — {element} may now be {value}',
    why: 'Clients with an exhaustive switch over the old values may not handle the new one.',
  },
  {
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {role: {type: string, enum: [viewer, editor]}}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {role: {type: string, enum: [viewer, editor, admin]}}}}}}}}`,
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['enum-value-added'], ({ change, pointer }, response, operation) => {
      emit(operation.revision, { element: responseElement(response.status, change.path), value: formatValue(change.after) }, pointer);
    });
  },
);
