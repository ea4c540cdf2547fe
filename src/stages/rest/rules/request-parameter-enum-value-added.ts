import { defineRestRule, forEachParameterChange, formatValue, parameterElement } from '../rule.js';

export const requestParameterEnumValueAdded = defineRestRule(
  {
    id: 'request-parameter-enum-value-added',
    level: 'advisory',
    direction: 'request',
    summary: 'A parameter accepts a new enum value.',
    message: '{method} {path} — {element} now accepts {value}',
    why: 'Existing callers are unaffected, but during a rollout old instances still reject the new value.',
  },
  {
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: order, schema: {type: string, enum: [asc]}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: order, schema: {type: string, enum: [asc, desc]}}]
      responses: {'200': {description: ok}}`,
  },
  (diff, emit) => {
    forEachParameterChange(diff, ['enum-value-added'], ({ change, pointer }, { revision }, operation) => {
      emit(operation.revision, { element: parameterElement(revision.location, revision.name, change.path), value: formatValue(change.after) }, pointer);
    });
  },
);
