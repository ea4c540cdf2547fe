import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, formatValue, requestElement } from '../rule.js';

export const requestPropertyDefaultValueChanged = defineRule(
  {
    id: 'request-property-default-value-changed',
    surface: 'rest',
    level: 'advisory',
    direction: 'request',
    summary: "A request property's default value changed.",
    message: '{method} {path} — {element} default changed from {before} to {after}',
    why: 'Callers that leave the property out get a different behaviour.',
    fix: 'Keep the default {before} for {element} of {method} {path}, or make callers send {after} explicitly before the default changes.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {limit: {type: integer, default: 500}}}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {limit: {type: integer, default: 100}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {limit: {type: integer, default: 100}}}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {limit: {type: integer, default: 100}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachRequestBodyChange(diff, ['default-changed'], ({ change, pointer }, operation) => {
      emit(operation.revision, { element: requestElement(change.path), before: formatValue(change.before), after: formatValue(change.after) }, pointer);
    });
  },
);
