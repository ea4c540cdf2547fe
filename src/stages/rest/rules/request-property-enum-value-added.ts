import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, formatValue, requestElement } from '../rule.js';

export const requestPropertyEnumValueAdded = defineRule(
  {
    id: 'request-property-enum-value-added',
    surface: 'rest',
    level: 'advisory',
    direction: 'request',
    summary: 'A request property accepts a new enum value.',
    message: '{method} {path} — {element} now accepts {value}',
    why: 'Existing callers are unaffected, but during a rollout old instances still reject the new value when a new client sends it.',
    fix: 'Accept {value} for {element} of {method} {path}, but have callers send it only once every instance is upgraded (old instances reject it).',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
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
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentType: {type: string, enum: [chart, dashboard, space]}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {t: {type: string, enum: [a, b]}}}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {t: {type: string, enum: [a]}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachRequestBodyChange(diff, ['enum-value-added'], ({ change, pointer }, operation) => {
      emit(operation.revision, { element: requestElement(change.path), value: formatValue(change.after) }, pointer);
    });
  },
);
