import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestParameterRemoved as rule } from './request-parameter-removed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      { params: { method: 'GET', path: '/api/v1/org/users', element: "query parameter 'role'" }, pointer: '/paths/~1api~1v1~1org~1users/get/parameters/0' },
    ],
  },
  {
    name: 'ok: a header only changed the case of its name',
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: header, name: X-Request-Id, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: header, name: x-request-id, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
    expected: [],
  },
  {
    name: 'a path-level parameter dropped',
    base: `
paths:
  /api/v2/metrics:
    parameters: [{in: query, name: tags, schema: {type: array, items: {type: string}}}]
    get: {responses: {'200': {description: ok}}}`,
    revision: `
paths:
  /api/v2/metrics:
    get: {responses: {'200': {description: ok}}}`,
    expected: [{ params: { method: 'GET', path: '/api/v2/metrics', element: "query parameter 'tags'" }, pointer: '/paths/~1api~1v2~1metrics/parameters/0' }],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — query parameter 'role' removed",
    "GET /api/v2/metrics — query parameter 'tags' removed",
  ]
`),
);
