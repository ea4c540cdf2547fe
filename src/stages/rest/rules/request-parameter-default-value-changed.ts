import { defineRestRule, forEachParameterChange, formatValue, parameterElement } from '../rule.js';

export const requestParameterDefaultValueChanged = defineRestRule(
  {
    id: 'request-parameter-default-value-changed',
    level: 'advisory',
    direction: 'request',
    summary: "A parameter's default value changed.",
    message: '{method} {path} — {element} default changed from {before} to {after}',
    why: 'Callers that leave the parameter out get a different behaviour (another page size, another sort order).',
  },
  {
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: pageSize, schema: {type: integer, default: 50}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: pageSize, schema: {type: integer, default: 20}}]
      responses: {'200': {description: ok}}`,
  },
  (diff, emit) => {
    forEachParameterChange(diff, ['default-changed'], ({ change, pointer }, { revision }, operation) => {
      emit(operation.revision, { element: parameterElement(revision.location, revision.name, change.path), before: formatValue(change.before), after: formatValue(change.after) }, pointer);
    });
  },
);
