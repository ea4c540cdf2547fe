import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestParameterRemovedBeforeSunset as rule } from './request-parameter-removed-before-sunset.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', element: "query parameter 'role'", sunset: '2027-01-01' },
        pointer: '/paths/~1api~1v1~1org~1users/get/parameters/0',
      },
    ],
  },
  { name: 'ok: after its sunset', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'a path-level parameter, no release date known',
    base: `
paths:
  /api/v1/org/users:
    parameters: [{in: query, name: legacy, deprecated: true, x-sunset: '2020-01-01', schema: {type: boolean}}]
    get: {responses: {'200': {description: ok}}}`,
    revision: `
paths:
  /api/v1/org/users:
    get: {responses: {'200': {description: ok}}}`,
    policy: { today: undefined },
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', element: "query parameter 'legacy'", sunset: '2020-01-01' },
        pointer: '/paths/~1api~1v1~1org~1users/parameters/0',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/org/users — deprecated query parameter 'role' removed before its sunset 2027-01-01",
    "GET /api/v1/org/users — deprecated query parameter 'legacy' removed before its sunset 2020-01-01",
  ]
`),
);
