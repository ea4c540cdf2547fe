import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { newRequiredRequestParameter as rule } from './new-required-request-parameter.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      { params: { method: 'GET', path: '/api/v1/org/users', element: "query parameter 'page'" }, pointer: '/paths/~1api~1v1~1org~1users/get/parameters/0' },
    ],
  },
  {
    name: 'ok: a new optional parameter',
    base: `
paths:
  /api/v2/metrics:
    get:
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: page, schema: {type: integer}}]
      responses: {'200': {description: ok}}`,
    expected: [],
  },
  {
    name: 'a new required header',
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
      parameters: [{in: query, name: page, schema: {type: integer}}, {in: header, name: X-Org, required: true, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
    expected: [
      { params: { method: 'GET', path: '/api/v2/metrics', element: "header parameter 'X-Org'" }, pointer: '/paths/~1api~1v2~1metrics/get/parameters/1' },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — new required query parameter 'page'",
    "GET /api/v2/metrics — new required header parameter 'X-Org'",
  ]
`),
);
