import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responsePropertyIfRemoved as rule } from './response-property-if-removed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/orders/{id}', element: 'response 200 body', keyword: 'if', before: '"conditional"', after: 'none' },
        pointer: '/paths/~1api~1v1~1orders~1{id}/get/responses/200/content/application~1json/schema/if',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'a then branch removed, condition kept',
    base: `
openapi: 3.1.0
paths:
  /api/v1/orders/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, if: {required: [kind]}, then: {required: [vatId]}, else: {required: [email]}}}}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v1/orders/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, if: {required: [kind]}, else: {required: [email]}}}}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/orders/{id}', element: 'response 200 body', keyword: 'then', before: '"then"', after: 'none' },
        pointer: '/paths/~1api~1v1~1orders~1{id}/get/responses/200/content/application~1json/schema/then',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/orders/{id} — response 200 body conditional constraint removed: if from "conditional" to none",
    "GET /api/v1/orders/{id} — response 200 body conditional constraint removed: then from "then" to none",
  ]
`),
);
