import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responsePropertyConstraintLoosened as rule } from './response-property-constraint-loosened.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/users/{id}', element: "response 200 property 'name'", keyword: 'maxLength', before: '64', after: '255' },
        pointer: '/paths/~1api~1v1~1users~1{id}/get/responses/200/content/application~1json/schema/properties/name',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'an enum dropped',
    base: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {role: {type: string, enum: [admin, member]}}}}}}`,
    revision: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {role: {type: string}}}}}}`,
    expected: [
      {
        params: {
          method: 'GET',
          path: '/api/v1/users/{id}',
          element: "response 200 property 'role'",
          keyword: 'enum',
          before: '["admin","member"]',
          after: 'none',
        },
        pointer: '/paths/~1api~1v1~1users~1{id}/get/responses/200/content/application~1json/schema/properties/role',
      },
    ],
  },
  {
    // Issue 32: a pattern widened or removed is response-property-pattern-loosened (info), not a break.
    name: "ok: a pattern changed (may admit new values) is not this rule's",
    base: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {code: {type: string, pattern: '^[A-Z]+$'}}}}}}`,
    revision: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {code: {type: string, pattern: '^[A-Z0-9]+$'}}}}}}`,
    expected: [],
  },
  {
    name: 'multipleOf 2 \u2192 3 (3 was not a multiple of 2)',
    base: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {n: {type: integer, multipleOf: 2}}}}}}`,
    revision: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {n: {type: integer, multipleOf: 3}}}}}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/users/{id}', element: "response 200 property 'n'", keyword: 'multipleOf', before: '2', after: '3' },
        pointer: '/paths/~1api~1v1~1users~1{id}/get/responses/200/content/application~1json/schema/properties/n',
      },
    ],
  },
  {
    name: 'ok: multipleOf 2 \u2192 4 only tightens',
    base: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {n: {type: integer, multipleOf: 2}}}}}}`,
    revision: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {n: {type: integer, multipleOf: 4}}}}}}`,
    expected: [],
  },
  {
    name: 'a const dropped',
    base: `
openapi: 3.1.0
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {kind: {const: user}}}}}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {kind: {type: string}}}}}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/users/{id}', element: "response 200 property 'kind'", keyword: 'const', before: '"user"', after: 'none' },
        pointer: '/paths/~1api~1v1~1users~1{id}/get/responses/200/content/application~1json/schema/properties/kind',
      },
    ],
  },
  {
    name: 'ok: a const added',
    base: `
openapi: 3.1.0
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {kind: {type: string}}}}}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {kind: {const: user}}}}}}`,
    expected: [],
  },
  {
    name: 'ok: minimum lowered is response-property-min-decreased',
    base: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {n: {type: integer, minimum: 1}}}}}}`,
    revision: `
paths:
  /api/v1/users/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {n: {type: integer, minimum: 0}}}}}}`,
    expected: [],
  },
  {
    name: 'minItems lowered beside a pattern dropped (the pattern is response-property-pattern-loosened, the minimum response-property-min-decreased)',
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: array, minItems: 1, items: {type: object, properties: {slug: {type: string, pattern: '^[a-z]+$'}, age: {type: integer, minimum: 18}}}}}}}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: array, items: {type: object, properties: {slug: {type: string}, age: {type: integer, minimum: 0}}}}}}}}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', element: 'response 200 body', keyword: 'minItems', before: '1', after: 'none' },
        pointer: '/paths/~1api~1v1~1org~1users/get/responses/200/content/application~1json/schema',
      },
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

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/users/{id} — response 200 property 'name' maxLength loosened from 64 to 255",
    "GET /api/v1/users/{id} — response 200 property 'role' enum loosened from ["admin","member"] to none",
    "GET /api/v1/users/{id} — response 200 property 'n' multipleOf loosened from 2 to 3",
    "GET /api/v1/users/{id} — response 200 property 'kind' const loosened from "user" to none",
    "GET /api/v1/org/users — response 200 body minItems loosened from 1 to none",
  ]
`),
);
