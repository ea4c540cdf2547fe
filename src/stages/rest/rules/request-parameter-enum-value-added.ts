import { defineRule } from '../../../rules/define.js';
import { forEachParameterChange, formatValue, parameterElement } from '../rule.js';

export const requestParameterEnumValueAdded = defineRule(
  {
    id: 'request-parameter-enum-value-added',
    surface: 'rest',
    level: 'advisory',
    direction: 'request',
    summary: 'A parameter accepts a new enum value.',
    message: '{method} {path} — {element} now accepts {value}',
    why: 'Existing callers are unaffected, but during a rollout old instances still reject the new value.',
    fix: 'Accept {value} for {element} of {method} {path}, but have callers send it only once every instance is upgraded (old instances reject it).',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
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
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: order, schema: {type: string, enum: [asc, desc]}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: order, schema: {type: string, enum: [asc]}}]
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachParameterChange(diff, ['enum-value-added'], ({ change, pointer }, { revision }, operation) => {
      emit(operation.revision, { element: parameterElement(revision.location, revision.name, change.path), value: formatValue(change.after) }, pointer);
    });
  },
);
