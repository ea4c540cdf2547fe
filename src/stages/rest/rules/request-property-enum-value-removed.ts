import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, formatValue, requestElement } from '../rule.js';

export const requestPropertyEnumValueRemoved = defineRule(
  {
    id: 'request-property-enum-value-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A request property no longer accepts one of its enum values.',
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
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentType: {$ref: '#/components/schemas/RecentContentType'}}}}}}
      responses: {'200': {description: ok}}
components:
  schemas:
    RecentContentType: {type: string, enum: [chart, dashboard]}`,
        revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {contentType: {$ref: '#/components/schemas/ContentKind'}}}}}}
      responses: {'200': {description: ok}}
components:
  schemas:
    ContentKind: {type: string, enum: [chart, dashboard]}`,
      },
    ],
  },
  (diff, emit) => {
    forEachRequestBodyChange(diff, ['enum-value-removed'], ({ change, pointer }, operation) => {
      if (change.detail === 'x-extensible-enum') return; // request-property-x-extensible-enum-value-removed
      emit(operation.revision, { element: requestElement(change.path), value: formatValue(change.before) }, pointer);
    });
  },
);
