import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responsePropertyRemoved as rule } from './response-property-removed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', element: "response 200 property 'results'" },
        pointer: '/paths/~1api~1v1~1org~1users/get/responses/200/content/application~1json/schema/properties/results',
      },
    ],
  },
  {
    name: 'ok: an optional property removed (advisory, another rule)',
    base: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {a: {type: string}, b: {type: string}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {a: {type: string}}}}}}}`,
    expected: [],
  },
  {
    name: 'inside array items',
    base: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {data: {type: array, items: {type: object, required: [name, tags], properties: {name: {type: string}, tags: {type: array, items: {type: string}}}}}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {data: {type: array, items: {type: object, required: [name], properties: {name: {type: string}}}}}}}}}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', element: "response 200 property 'data[].tags'" },
        pointer: '/paths/~1api~1v1~1org~1users/get/responses/200/content/application~1json/schema/properties/data/items/properties/tags',
      },
    ],
  },
  {
    name: 'a required property became writeOnly: no longer returned',
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, required: [email, token], properties: {email: {type: string}, token: {type: string}}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, required: [email, token], properties: {email: {type: string}, token: {type: string, writeOnly: true}}}}}}}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', element: "response 200 property 'token'" },
        pointer: '/paths/~1api~1v1~1org~1users/get/responses/200/content/application~1json/schema/properties/token',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — response 200 property 'results' removed",
    "GET /api/v1/org/users — response 200 property 'data[].tags' removed",
    "GET /api/v1/org/users — response 200 property 'token' removed",
  ]
`),
);
