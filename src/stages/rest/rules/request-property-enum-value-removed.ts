import { defineRestRule, forEachRequestBodyChange, formatValue, requestElement } from '../rule.js';

export const requestPropertyEnumValueRemoved = defineRestRule(
  {
    id: 'request-property-enum-value-removed',
    level: 'breaking',
    direction: 'request',
    summary: 'A request property no longer accepts one of its enum values.',
    message: '{method} {path} — {element} no longer accepts {value}',
    why: 'Callers that send the removed value are rejected (400) by upgraded instances.',
  },
  {
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentType: {type: string, enum: [chart, dashboard]}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentType: {type: string, enum: [chart]}}}}}}
      responses: {'200': {description: ok}}`,
  },
  (diff, emit) => {
    forEachRequestBodyChange(diff, ['enum-value-removed'], ({ change, pointer }, operation) => {
      emit(operation.revision, { element: requestElement(change.path), value: formatValue(change.before) }, pointer);
    });
  },
);
