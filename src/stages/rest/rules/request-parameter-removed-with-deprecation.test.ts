import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestParameterRemovedWithDeprecation as rule } from './request-parameter-removed-with-deprecation.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      { params: { method: 'GET', path: '/api/v1/org/users', element: "query parameter 'role'" }, pointer: '/paths/~1api~1v1~1org~1users/get/parameters/0' },
    ],
  },
  { name: 'ok: before its sunset (request-parameter-removed-before-sunset)', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'after its sunset',
    base: `
paths:
  /api/v1/org/users:
    get:
      parameters: [{in: header, name: X-Legacy-Org, deprecated: true, x-sunset: '2025-12-31', schema: {type: string}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', element: "header parameter 'X-Legacy-Org'" },
        pointer: '/paths/~1api~1v1~1org~1users/get/parameters/0',
      },
    ],
  },
  {
    name: 'ok: not deprecated (request-parameter-removed)',
    base: `
paths:
  /api/v1/org/users:
    get:
      parameters: [{in: query, name: role, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — deprecated query parameter 'role' removed",
    "GET /api/v1/org/users — deprecated header parameter 'X-Legacy-Org' removed",
  ]
`),
);
