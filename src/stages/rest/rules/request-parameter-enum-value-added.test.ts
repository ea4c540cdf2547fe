import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestParameterEnumValueAdded as rule } from './request-parameter-enum-value-added.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v2/metrics', element: "query parameter 'order'", value: '"desc"' },
        pointer: '/paths/~1api~1v2~1metrics/get/parameters/0/schema',
      },
    ],
  },
  {
    name: 'ok: a value removed (breaking, another rule)',
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: order, schema: {type: string, enum: [asc, desc]}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: order, schema: {type: string, enum: [asc]}}]
      responses: {'200': {description: ok}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v2/metrics — query parameter 'order' now accepts "desc"",
  ]
`),
);
