import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, formatValue, responseElement } from '../rule.js';

export const responsePropertyConstraintLoosened = defineRule(
  {
    id: 'response-property-constraint-loosened',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'A response value may now lie outside what was documented: a bound, length or pattern was relaxed or dropped.',
    message: '{method} {path} — {element} {keyword} loosened from {before} to {after}',
    why: 'Clients sized or validated against the old bounds (a column of that length, a regular expression, a minimum count) fail on the values upgraded instances return.',
    fix: 'Keep returning values within {keyword} {before} from {method} {path}; return the wider values in a new property (or a new version of the endpoint) that clients opt into.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [{
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {name: {type: string, maxLength: 255}}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {name: {type: string, maxLength: 1024}}}}}}}}`,
  }],
    quiet: [{
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {name: {type: string, maxLength: 1024}}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {name: {type: string, maxLength: 255}}}}}}}}`,
  }],
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['constraint-loosened'], ({ change, pointer }, response, operation) => {
      emit(operation.revision, { element: responseElement(response.status, change.path), keyword: change.detail ?? 'constraint', before: formatValue(change.before), after: formatValue(change.after) }, pointer);
    });
  },
);
