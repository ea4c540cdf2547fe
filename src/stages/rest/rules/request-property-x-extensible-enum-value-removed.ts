import { defineRule } from '../../../rules/define.js';
import { forEachRequestSchemaChange, formatValue } from '../rule.js';

export const requestPropertyXExtensibleEnumValueRemoved = defineRule(
  {
    id: 'request-property-x-extensible-enum-value-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary:
      'A value of a request `x-extensible-enum` (body property or parameter) is no longer accepted (oasdiff: request-property-x-extensible-enum-value-removed, ERR).',
    message: '{method} {path} — {element} no longer accepts {value} (x-extensible-enum)',
    why: 'An extensible enum may gain values, never lose them: callers still sending the removed value are rejected by upgraded instances.',
    fix: 'Keep accepting {value} for {element} of {method} {path} (map it to its replacement on the server); remove it only after every caller has stopped sending it.',
    docs: 'docs/rest.md',
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/orders:
    post:
      requestBody: {content: {application/json: {schema: {type: object, properties: {status: {type: string, x-extensible-enum: [open, closed]}}}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v1/orders:
    post:
      requestBody: {content: {application/json: {schema: {type: object, properties: {status: {type: string, x-extensible-enum: [open]}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/orders:
    post:
      requestBody: {content: {application/json: {schema: {type: object, properties: {status: {type: string, x-extensible-enum: [open]}}}}}}
      responses: {'200': {description: ok}}`,
        revision: `
paths:
  /api/v1/orders:
    post:
      requestBody: {content: {application/json: {schema: {type: object, properties: {status: {type: string, x-extensible-enum: [open, closed]}}}}}}
      responses: {'200': {description: ok}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachRequestSchemaChange(diff, ['enum-value-removed'], ({ change, pointer }, element, operation) => {
      if (change.detail === 'x-extensible-enum') emit(operation.revision, { element, value: formatValue(change.before) }, pointer);
    });
  },
);
