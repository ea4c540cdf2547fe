import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestParameterDefaultValueChanged as rule } from './request-parameter-default-value-changed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v2/metrics', element: "query parameter 'pageSize'", before: '50', after: '20' },
        pointer: '/paths/~1api~1v2~1metrics/get/parameters/0/schema',
      },
    ],
  },
  {
    name: 'ok: same default, other description',
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: pageSize, schema: {type: integer, default: 50}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: pageSize, description: results per page, schema: {type: integer, default: 50}}]
      responses: {'200': {description: ok}}`,
    expected: [],
  },
  {
    name: 'a default appeared',
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: pageSize, schema: {type: integer}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: pageSize, schema: {type: integer, default: 50}}]
      responses: {'200': {description: ok}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v2/metrics', element: "query parameter 'pageSize'", before: 'none', after: '50' },
        pointer: '/paths/~1api~1v2~1metrics/get/parameters/0/schema',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v2/metrics — query parameter 'pageSize' default changed from 50 to 20",
    "GET /api/v2/metrics — query parameter 'pageSize' default changed from none to 50",
  ]
`),
);
