import { defineRestRule, forEachRequestBodyChange, formatTypes, formatValue, requestElement } from '../rule.js';

export const requestPropertyTypeChanged = defineRestRule(
  {
    id: 'request-property-type-changed',
    level: 'breaking',
    direction: 'request',
    summary: 'A request property (or the body) was narrowed or changed in type, or its format was added or changed.',
    message: '{method} {path} — {element} {aspect} changed from {before} to {after}',
    why: 'Values existing callers send (a number where a string is now expected, any text where a UUID is) are rejected.',
  },
  {
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentUuid: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentUuid: {type: integer}}}}}}
      responses: {'200': {description: ok}}`,
  },
  (diff, emit) => {
    forEachRequestBodyChange(diff, ['type-changed', 'format-changed'], ({ change, pointer }, operation) => {
      if (change.kind === 'type-changed' ? change.detail !== 'widened' : change.after !== undefined) {
        emit(operation.revision, change.kind === 'type-changed'
          ? { element: requestElement(change.path), aspect: 'type', before: formatTypes(change.before), after: formatTypes(change.after) }
          : { element: requestElement(change.path), aspect: 'format', before: formatValue(change.before), after: formatValue(change.after) }, pointer);
      }
    });
  },
);
