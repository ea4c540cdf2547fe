import { defineRule } from '../../../rules/define.js';
import { forEachRequestBodyChange, formatValue, REQUEST_KEYWORD_RULE_DETAILS, requestElement } from '../rule.js';

export const requestPropertyConstraintTightened = defineRule(
  {
    id: 'request-property-constraint-tightened',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A request property accepts fewer values: a bound, length, pattern or enum appeared or tightened.',
    message: '{method} {path} — {element} {keyword} tightened from {before} to {after}',
    why: 'Values existing callers send may now be rejected (400).',
    fix: 'Keep accepting {before} for {keyword} of {element} on {method} {path}; warn or normalise out-of-range values, and tighten to {after} in a later release.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {name: {type: string, maxLength: 255}}}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {name: {type: string, maxLength: 64}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {name: {type: string, maxLength: 64}}}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {name: {type: string, maxLength: 255}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachRequestBodyChange(diff, ['constraint-tightened'], ({ change, pointer }, operation) => {
      if (REQUEST_KEYWORD_RULE_DETAILS.has(change.detail ?? '')) return; // reported by that keyword's own rule
      emit(
        operation.revision,
        { element: requestElement(change.path), keyword: change.detail ?? 'constraint', before: formatValue(change.before), after: formatValue(change.after) },
        pointer,
      );
    });
  },
);
