import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestParameterEnumValueRemoved as rule } from './request-parameter-enum-value-removed.js';

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
    name: 'ok: a value added',
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: order, schema: {type: string, enum: [asc]}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: order, schema: {type: string, enum: [asc, desc]}}]
      responses: {'200': {description: ok}}`,
    expected: [],
  },
  {
    name: 'a value removed from the items of a repeatable parameter',
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: tags, style: form, explode: true, schema: {type: array, items: {type: string, enum: [core, finance]}}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: tags, style: form, explode: true, schema: {type: array, items: {type: string, enum: [core]}}}]
      responses: {'200': {description: ok}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v2/metrics', element: "query parameter 'tags[]'", value: '"finance"' },
        pointer: '/paths/~1api~1v2~1metrics/get/parameters/0/schema/items',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v2/metrics — query parameter 'order' no longer accepts "desc"",
    "GET /api/v2/metrics — query parameter 'tags[]' no longer accepts "finance"",
  ]
`),
);
