import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responseSchemaChangeUnknown as rule } from './response-schema-change-unknown.js';

const response = (schema: string) => `
paths:
  /api/v1/payments/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: ${schema}}}}`;

const cases: RuleCase[] = [
  {
    name: 'documented example: the discriminator property renamed',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/payments/{id}', element: 'response 200 body', reason: 'discriminator property changed from kind to type' },
        pointer: '/paths/~1api~1v1~1payments~1{id}/get/responses/200/content/application~1json/schema',
      },
    ],
  },
  { name: 'ok: a $ref wrapped in allOf with a description', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'a member whose additionalProperties: false refuses the other member',
    base: response('{type: object, properties: {a: {type: string}, b: {type: string}}}'),
    revision: response('{allOf: [{type: object, properties: {a: {type: string}}, additionalProperties: false}, {properties: {b: {type: string}}}]}'),
    expected: [
      {
        params: {
          method: 'GET',
          path: '/api/v1/payments/{id}',
          element: 'response 200 body',
          reason: "'additionalProperties' of one allOf member also applies to property 'b' of another",
        },
        pointer: '/paths/~1api~1v1~1payments~1{id}/get/responses/200/content/application~1json/schema',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/payments/{id} — response 200 body changed and cannot be proven compatible: discriminator property changed from kind to type",
    "GET /api/v1/payments/{id} — response 200 body changed and cannot be proven compatible: 'additionalProperties' of one allOf member also applies to property 'b' of another",
  ]
`),
);
