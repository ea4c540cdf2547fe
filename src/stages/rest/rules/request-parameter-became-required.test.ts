import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestParameterBecameRequired as rule } from './request-parameter-became-required.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      { params: { method: 'GET', path: '/api/v1/org/users', element: "query parameter 'page'" }, pointer: '/paths/~1api~1v1~1org~1users/get/parameters/0' },
    ],
  },
  {
    name: 'ok: required became optional',
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: page, required: true, schema: {type: integer}}]
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
    name: 'an operation-level parameter overrides an optional path-level one',
    base: `
paths:
  /api/v2/metrics:
    parameters: [{in: query, name: page, schema: {type: integer}}]
    get: {responses: {'200': {description: ok}}}`,
    revision: `
paths:
  /api/v2/metrics:
    parameters: [{in: query, name: page, schema: {type: integer}}]
    get:
      parameters: [{in: query, name: page, required: true, schema: {type: integer}}]
      responses: {'200': {description: ok}}`,
    expected: [
      { params: { method: 'GET', path: '/api/v2/metrics', element: "query parameter 'page'" }, pointer: '/paths/~1api~1v2~1metrics/get/parameters/0' },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — query parameter 'page' became required",
    "GET /api/v2/metrics — query parameter 'page' became required",
  ]
`),
);
