import { defineRule } from '../../../rules/define.js';
import { forEachParameterChange, formatValue, parameterElement } from '../rule.js';

export const requestParameterEnumValueRemoved = defineRule(
  {
    id: 'request-parameter-enum-value-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A parameter no longer accepts one of its enum values.',
    message: '{method} {path} — {element} no longer accepts {value}',
    why: 'Callers that send the removed value are rejected (400) by upgraded instances.',
    fix: 'Keep accepting {value} for {element} of {method} {path} (map it to its replacement); remove it in a later release.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
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
    quiet: [
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
  },
  (diff, emit) => {
    forEachParameterChange(diff, ['enum-value-removed'], ({ change, pointer }, { revision }, operation) => {
      if (change.detail === 'x-extensible-enum') return; // request-property-x-extensible-enum-value-removed
      emit(operation.revision, { element: parameterElement(revision.location, revision.name, change.path), value: formatValue(change.before) }, pointer);
    });
  },
);
