import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responseNonSuccessStatusRemoved as rule } from './response-non-success-status-removed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [{ params: { method: 'GET', path: '/api/v1/org/users', status: '404' }, pointer: '/paths/~1api~1v1~1org~1users/get/responses/404' }],
  },
  {
    name: 'ok: 404 now covered by default',
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}, '404': {description: no}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}, default: {description: error}}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — response 404 removed",
  ]
`),
);
