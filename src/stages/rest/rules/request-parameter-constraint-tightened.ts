import { defineRule } from '../../../rules/define.js';
import { forEachParameterChange, formatValue, parameterElement } from '../rule.js';

export const requestParameterConstraintTightened = defineRule(
  {
    id: 'request-parameter-constraint-tightened',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A parameter accepts fewer values: a bound, length, pattern or enum appeared or tightened.',
    message: '{method} {path} — {element} {keyword} tightened from {before} to {after}',
    why: 'Values that existing callers send may now be rejected (a `pageSize` of 500 against a new maximum of 100).',
    fix: 'Keep accepting {before} for {keyword} of {element} on {method} {path}; warn or normalise out-of-range values, and tighten to {after} in a later release.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: pageSize, schema: {type: integer, maximum: 500}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: pageSize, schema: {type: integer, maximum: 100}}]
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: pageSize, schema: {type: integer, maximum: 100}}]
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: pageSize, schema: {type: integer, maximum: 500}}]
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachParameterChange(diff, ['constraint-tightened'], ({ change, pointer }, { revision }, operation) => {
      emit(
        operation.revision,
        {
          element: parameterElement(revision.location, revision.name, change.path),
          keyword: change.detail ?? 'constraint',
          before: formatValue(change.before),
          after: formatValue(change.after),
        },
        pointer,
      );
    });
  },
);
