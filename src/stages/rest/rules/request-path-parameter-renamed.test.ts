import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPathParameterRenamed as rule } from './request-path-parameter-renamed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/saved/{savedChartUuid}', before: 'chartUuid', after: 'savedChartUuid' },
        pointer: '/paths/~1api~1v1~1saved~1{savedChartUuid}/get',
      },
    ],
  },
  {
    name: 'ok: same names',
    base: `
paths:
  /api/v1/saved/{chartUuid}:
    get: {responses: {'200': {description: ok}}}`,
    revision: `
paths:
  /api/v1/saved/{chartUuid}:
    get: {responses: {'200': {description: ok}, '404': {description: no}}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/saved/{savedChartUuid} — path parameter 'chartUuid' renamed to 'savedChartUuid'",
  ]
`),
);
