import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { apiRemovedWithDeprecation as rule } from './api-removed-with-deprecation.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [{ params: { method: 'GET', path: '/api/v1/saved/{chartUuid}/legacy' }, pointer: '/paths/~1api~1v1~1saved~1{chartUuid}~1legacy/get' }],
  },
  {
    name: 'ok: not deprecated (breaking, another rule)',
    base: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}
`,
    revision: `
paths: {}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/saved/{chartUuid}/legacy — deprecated operation removed",
  ]
`),
);
