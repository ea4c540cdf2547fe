import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestParameterSunsetParse as rule } from './request-parameter-sunset-parse.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/org/users', element: "query parameter 'role'", value: 'Q3' },
        pointer: '/paths/~1api~1v1~1org~1users/get/parameters/0',
      },
    ],
  },
  { name: 'ok: a readable sunset that passed', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'ok: not deprecated (request-parameter-removed)',
    base: `
paths:
  /api/v1/org/users:
    get:
      parameters: [{in: query, name: role, x-sunset: 'Q3', schema: {type: string}}]
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
    "GET /api/v1/org/users — deprecated query parameter 'role' removed; its sunset 'Q3' is not an RFC 3339 date",
  ]
`),
);
