import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, formatValue, responseElement } from '../rule.js';

export const responsePropertyEnumValueAdded = defineRule(
  {
    id: 'response-property-enum-value-added',
    surface: 'rest',
    level: 'advisory',
    direction: 'response',
    summary: 'A response property may carry a new enum value.',
    message: '{method} {path} — {element} may now be {value}',
    why: 'Clients with an exhaustive switch over the old values may not handle the new one.',
    fix: 'Return {value} for {element} of {method} {path} only to callers that can read it (opt-in), or only after every reader is upgraded.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
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
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {r: {type: string, enum: [a, b]}}}}}}}`,
        revision: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {r: {type: string, enum: [a]}}}}}}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['enum-value-added'], ({ change, pointer }, response, operation) => {
      if (change.detail === 'const') return; // a `const` replaced: its only value is gone (response-property-const-changed)
      emit(operation.revision, { element: responseElement(response.status, change.path), value: formatValue(change.after) }, pointer);
    });
  },
);
