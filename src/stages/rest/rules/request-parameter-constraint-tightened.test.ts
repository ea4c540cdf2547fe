import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestParameterConstraintTightened as rule } from './request-parameter-constraint-tightened.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v2/metrics', element: "query parameter 'pageSize'", keyword: 'maximum', before: '500', after: '100' },
        pointer: '/paths/~1api~1v2~1metrics/get/parameters/0/schema',
      },
    ],
  },
  {
    name: 'ok: loosened',
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: pageSize, schema: {type: integer, maximum: 100}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: pageSize, schema: {type: integer, maximum: 500}}]
      responses: {'200': {description: ok}}`,
    expected: [],
  },
  {
    name: 'an enum appeared',
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: order, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: order, schema: {type: string, enum: [asc, desc]}}]
      responses: {'200': {description: ok}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v2/metrics', element: "query parameter 'order'", keyword: 'enum', before: 'none', after: '["asc","desc"]' },
        pointer: '/paths/~1api~1v2~1metrics/get/parameters/0/schema',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v2/metrics — query parameter 'pageSize' maximum tightened from 500 to 100",
    "GET /api/v2/metrics — query parameter 'order' enum tightened from none to ["asc","desc"]",
  ]
`),
);
