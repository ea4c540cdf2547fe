import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { newOptionalRequestParameter as rule } from './new-optional-request-parameter.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      { params: { method: 'GET', path: '/api/v1/org/users', element: "query parameter 'page'" }, pointer: '/paths/~1api~1v1~1org~1users/get/parameters/0' },
    ],
  },
  {
    name: 'ok: a new required parameter (breaking, another rule)',
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: page, schema: {type: integer}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: page, schema: {type: integer}}, {in: query, name: cursor, required: true, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — new optional query parameter 'page'",
  ]
`),
);
