import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responsePropertyConstraintLoosened as rule } from './response-property-constraint-loosened.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [{ params: { method: 'GET', path: '/api/v1/org/users', element: "response 200 property 'name'", keyword: 'maxLength', before: '255', after: '1024' }, pointer: '/paths/~1api~1v1~1org~1users/get/responses/200/content/application~1json/schema/properties/name' }],
  },
  { name: 'ok: tightened (clients see fewer values)', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'a pattern dropped, a minimum lowered, minItems lowered',
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: array, minItems: 1, items: {type: object, properties: {slug: {type: string, pattern: '^[a-z]+$'}, age: {type: integer, minimum: 18}}}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: array, items: {type: object, properties: {slug: {type: string}, age: {type: integer, minimum: 0}}}}}}}}}`,
    expected: [
      { params: { method: 'GET', path: '/api/v1/org/users', element: "response 200 property '[].age'", keyword: 'minimum', before: '18', after: '0' }, pointer: '/paths/~1api~1v1~1org~1users/get/responses/200/content/application~1json/schema/items/properties/age' },
      { params: { method: 'GET', path: '/api/v1/org/users', element: 'response 200 body', keyword: 'minItems', before: '1', after: 'none' }, pointer: '/paths/~1api~1v1~1org~1users/get/responses/200/content/application~1json/schema' },
      { params: { method: 'GET', path: '/api/v1/org/users', element: "response 200 property '[].slug'", keyword: 'pattern', before: '"^[a-z]+$"', after: 'none' }, pointer: '/paths/~1api~1v1~1org~1users/get/responses/200/content/application~1json/schema/items/properties/slug' },
    ],
  },
  {
    name: 'ok: loosened in a request (request-property-constraint-tightened is the other way)',
    base: `
paths:
  /api/v1/org/users:
    post:
      requestBody: {content: {application/json: {schema: {type: object, properties: {name: {type: string, maxLength: 10}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v1/org/users:
    post:
      requestBody: {content: {application/json: {schema: {type: object, properties: {name: {type: string, maxLength: 99}}}}}}
      responses: {'200': {description: ok}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) => expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — response 200 property 'name' maxLength loosened from 255 to 1024",
    "GET /api/v1/org/users — response 200 property '[].age' minimum loosened from 18 to 0",
    "GET /api/v1/org/users — response 200 body minItems loosened from 1 to none",
    "GET /api/v1/org/users — response 200 property '[].slug' pattern loosened from "^[a-z]+$" to none",
  ]
`));
