import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { apiPathRemovedWithoutDeprecation as rule } from './api-path-removed-without-deprecation.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [{ params: { method: 'GET', path: '/api/v1/org/users' }, pointer: '/paths/~1api~1v1~1org~1users/get' }],
  },
  {
    name: 'ok: a renamed path parameter is the same path',
    base: `
paths:
  /api/v1/saved/{chartUuid}:
    get: {responses: {'200': {description: ok}}}`,
    revision: `
paths:
  /api/v1/saved/{uuid}:
    get: {responses: {'200': {description: ok}}}`,
    expected: [],
  },
  {
    name: 'ok: the removed path was deprecated',
    base: `
paths:
  /api/v1/org/users:
    get: {deprecated: true, responses: {'200': {description: ok}}}`,
    revision: `
paths: {}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — operation removed (no operation left on this path)",
  ]
`),
);
