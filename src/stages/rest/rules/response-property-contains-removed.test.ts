import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responsePropertyContainsRemoved as rule } from './response-property-contains-removed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: {
          method: 'GET',
          path: '/api/v1/orders/{id}',
          element: "response 200 property 'addresses'",
          keyword: 'contains',
          before: '"contains"',
          after: 'none',
        },
        pointer: '/paths/~1api~1v1~1orders~1{id}/get/responses/200/content/application~1json/schema/properties/addresses/contains',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'maxContains raised',
    base: `
openapi: 3.1.0
paths:
  /api/v1/orders/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {addresses: {type: array, contains: {required: [primary]}, maxContains: 1}}}}}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v1/orders/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {addresses: {type: array, contains: {required: [primary]}, maxContains: 2}}}}}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/orders/{id}', element: "response 200 property 'addresses'", keyword: 'maxContains', before: '1', after: '2' },
        pointer: '/paths/~1api~1v1~1orders~1{id}/get/responses/200/content/application~1json/schema/properties/addresses',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/orders/{id} — response 200 property 'addresses' contains loosened from "contains" to none",
    "GET /api/v1/orders/{id} — response 200 property 'addresses' maxContains loosened from 1 to 2",
  ]
`),
);
