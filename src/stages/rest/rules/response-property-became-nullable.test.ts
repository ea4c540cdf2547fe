import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responsePropertyBecameNullable as rule } from './response-property-became-nullable.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', element: "response 200 property 'name'" },
        pointer: '/paths/~1api~1v1~1org~1users/get/responses/200/content/application~1json/schema/properties/name',
      },
    ],
  },
  {
    name: 'ok: no longer nullable',
    base: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {a: {type: string, nullable: true}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {a: {type: string}}}}}}}`,
    expected: [],
  },
  {
    name: "OpenAPI 3.1: string → type [string, 'null']",
    base: `
openapi: 3.1.0
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {a: {type: string}}}}}}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {a: {type: [string, 'null']}}}}}}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', element: "response 200 property 'a'" },
        pointer: '/paths/~1api~1v1~1org~1users/get/responses/200/content/application~1json/schema/properties/a',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — response 200 property 'name' may now be null",
    "GET /api/v1/org/users — response 200 property 'a' may now be null",
  ]
`),
);
