import { defineRule } from '../../../rules/define.js';
import { forEachResponseChange, responseElement } from '../rule.js';

export const responseSchemaChangeUnknown = defineRule(
  {
    id: 'response-schema-change-unknown',
    surface: 'rest',
    level: 'breaking',
    direction: 'response',
    summary: 'A response schema changed in a way the diff cannot judge (a keyword it does not model, or a composition it cannot merge): not proven safe.',
    message: '{method} {path} — {element} changed and cannot be proven compatible: {reason}',
    why: 'Only proven safety counts: a change whose effect on returned values is not known may send clients values they cannot read.',
    fix: 'Make the change in a form the check can read for {element} on {method} {path} (one merged schema instead of conflicting allOf members, keywords it compares), or ship it as a declared breaking change.',
    docs: 'docs/rest.md',
    acceptable: false,
  },
  {
    flagged: [
      {
        base: `
paths:
  /api/v1/payments/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {oneOf: [{$ref: '#/components/schemas/Card'}], discriminator: {propertyName: kind}}}}}
components:
  schemas:
    Card: {type: object, properties: {kind: {type: string}}}`,
        revision: `
paths:
  /api/v1/payments/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {oneOf: [{$ref: '#/components/schemas/Card'}], discriminator: {propertyName: type}}}}}
components:
  schemas:
    Card: {type: object, properties: {kind: {type: string}}}`,
      },
    ],
    quiet: [
      {
        base: `
paths:
  /api/v1/payments/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Card'}}}}
components:
  schemas:
    Card: {type: object, properties: {kind: {type: string}}}`,
        revision: `
paths:
  /api/v1/payments/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {allOf: [{$ref: '#/components/schemas/Card'}], description: a card}}}}
components:
  schemas:
    Card: {type: object, properties: {kind: {type: string}}}`,
      },
    ],
  },
  (diff, emit) => {
    forEachResponseChange(diff, ['unknown'], ({ change, pointer }, response, operation) => {
      emit(operation.revision, { element: responseElement(response.status, change.path), reason: change.detail ?? 'not compared' }, pointer);
    });
  },
);
