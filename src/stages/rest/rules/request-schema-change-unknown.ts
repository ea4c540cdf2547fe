import { defineRule } from '../../../rules/define.js';
import { forEachRequestSchemaChange } from '../rule.js';

export const requestSchemaChangeUnknown = defineRule(
  {
    id: 'request-schema-change-unknown',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A request schema changed in a way the diff cannot judge (a keyword it does not model, or a composition it cannot merge): not proven safe.',
    message: '{method} {path} — {element} changed and cannot be proven compatible: {reason}',
    why: 'Only proven safety counts: a change whose effect on accepted requests is not known may refuse what callers send today.',
    fix: 'Make the change in a form the check can read for {element} on {method} {path} (one merged schema instead of conflicting allOf members, keywords it compares), or ship it as a declared breaking change.',
    docs: 'docs/rest.md',
    acceptable: false,
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/vouchers:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {code: {allOf: [{type: string, pattern: '^[A-Z]'}, {pattern: '[0-9]$'}]}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
paths:
  /api/v1/vouchers:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {code: {allOf: [{type: string, pattern: '^[A-Z]'}, {pattern: '[0-9]{2}$'}]}}}}}}
      responses: {'201': {description: created}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/vouchers:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {code: {allOf: [{type: string, pattern: '^[A-Z]'}, {pattern: '[0-9]$'}]}}}}}}
      responses: {'201': {description: created}}`,
        revision: `
paths:
  /api/v1/vouchers:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {code: {allOf: [{type: string, pattern: '^[A-Z]'}, {pattern: '[0-9]$'}]}}, x-audit: true}}}}
      responses: {'201': {description: created}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachRequestSchemaChange(diff, ['unknown'], ({ change, pointer }, element, operation) => {
      emit(operation.revision, { element, reason: change.detail ?? 'not compared' }, pointer);
    });
  },
);
