import { defineRule } from '../../../rules/define.js';
import { forEachParameterChange, formatValue, parameterElement } from '../rule.js';

export const requestParameterDefaultValueChanged = defineRule(
  {
    id: 'request-parameter-default-value-changed',
    surface: 'rest',
    level: 'advisory',
    direction: 'request',
    summary: "A parameter's default value changed.",
    message: '{method} {path} — {element} default changed from {before} to {after}',
    why: 'Callers that leave the parameter out get a different behaviour (another page size, another sort order).',
    fix: 'Keep the default {before} for {element} of {method} {path}, or make callers send {after} explicitly before the default changes.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
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
    ],
    quiet: [
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
      parameters: [{in: query, name: pageSize, description: results per page, schema: {type: integer, default: 50}}]
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachParameterChange(diff, ['default-changed'], ({ change, pointer }, { revision }, operation) => {
      emit(
        operation.revision,
        { element: parameterElement(revision.location, revision.name, change.path), before: formatValue(change.before), after: formatValue(change.after) },
        pointer,
      );
    });
  },
);
