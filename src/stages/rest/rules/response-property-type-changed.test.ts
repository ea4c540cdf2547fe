import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responsePropertyTypeChanged as rule } from './response-property-type-changed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', element: "response 200 property 'count'", aspect: 'type', before: 'integer', after: 'string' },
        pointer: '/paths/~1api~1v1~1org~1users/get/responses/200/content/application~1json/schema/properties/count',
      },
    ],
  },
  {
    name: 'ok: narrowed from number to integer',
    base: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {n: {type: number}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {n: {type: integer}}}}}}}`,
    expected: [],
  },
  {
    name: 'a format dropped',
    base: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {id: {type: string, format: uuid}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', element: "response 200 property 'id'", aspect: 'format', before: '"uuid"', after: 'none' },
        pointer: '/paths/~1api~1v1~1org~1users/get/responses/200/content/application~1json/schema/properties/id',
      },
    ],
  },
  {
    name: 'a new oneOf alternative',
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {owner: {oneOf: [{type: string}]}}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {owner: {oneOf: [{type: string}, {type: integer}]}}}}}}}}`,
    expected: [
      {
        params: {
          method: 'GET',
          path: '/api/v1/org/users',
          element: "response 200 property 'owner'",
          aspect: 'type',
          before: 'documented',
          after: 'new alternative',
        },
        pointer: '/paths/~1api~1v1~1org~1users/get/responses/200/content/application~1json/schema/properties/owner/oneOf/1',
      },
    ],
  },
  {
    name: 'ok: a oneOf alternative removed (every value was possible before)',
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {owner: {oneOf: [{type: string}, {type: integer}]}}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {owner: {oneOf: [{type: string}]}}}}}}}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — response 200 property 'count' type changed from integer to string",
    "GET /api/v1/org/users — response 200 property 'id' format changed from "uuid" to none",
    "GET /api/v1/org/users — response 200 property 'owner' type changed from documented to new alternative",
  ]
`),
);
