import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestParameterBecameNotNullable as rule } from './request-parameter-became-not-nullable.js';

const oneOfBase = `
openapi: 3.1.0
paths:
  /api/v1/projects:
    get:
      parameters: [{in: query, name: owner, schema: {oneOf: [{type: 'null'}, {type: string}]}}]
      responses: {'200': {description: ok}}`;

const cases: RuleCase[] = [
  {
    name: 'documented example: type [string, "null"] → string',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/projects', element: "query parameter 'owner'" },
        pointer: '/paths/~1api~1v1~1projects/get/parameters/0/schema',
      },
    ],
  },
  // Issue 32: the oneOf spelling of a nullable parameter (oasdiff's checker tests).
  {
    name: 'oneOf [null, string] → string',
    base: oneOfBase,
    revision: rule.examples.flagged[0]!.revision,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/projects', element: "query parameter 'owner'" },
        pointer: '/paths/~1api~1v1~1projects/get/parameters/0/schema',
      },
    ],
  },
  { name: 'ok: the documented quiet example (null admitted)', ...rule.examples.quiet[0], expected: [] },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/projects — query parameter 'owner' no longer accepts null",
    "GET /api/v1/projects — query parameter 'owner' no longer accepts null",
  ]
`),
);
