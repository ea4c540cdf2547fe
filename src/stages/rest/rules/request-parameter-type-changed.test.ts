import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestParameterTypeChanged as rule } from './request-parameter-type-changed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/saved/{chartUuid}', element: "path parameter 'chartUuid'", aspect: 'format', before: 'none', after: '"uuid"' },
        pointer: '/paths/~1api~1v1~1saved~1{chartUuid}/get/parameters/0/schema',
      },
    ],
  },
  {
    name: 'ok: widened from integer to number',
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: page, schema: {type: integer}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: page, schema: {type: number}}]
      responses: {'200': {description: ok}}`,
    expected: [],
  },
  {
    name: 'type changed from string to integer',
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: page, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: page, schema: {type: integer}}]
      responses: {'200': {description: ok}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v2/metrics', element: "query parameter 'page'", aspect: 'type', before: 'string', after: 'integer' },
        pointer: '/paths/~1api~1v2~1metrics/get/parameters/0/schema',
      },
    ],
  },
  {
    name: 'ok: format dropped (widened)',
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: id, schema: {type: string, format: uuid}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: id, schema: {type: string}}]
      responses: {'200': {description: ok}}`,
    expected: [],
  },
  {
    name: 'an items schema appeared on an array parameter',
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: tags, schema: {type: array}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: tags, schema: {type: array, items: {type: integer}}}]
      responses: {'200': {description: ok}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v2/metrics', element: "query parameter 'tags[]'", aspect: 'type', before: 'any', after: 'schema' },
        pointer: '/paths/~1api~1v2~1metrics/get/parameters/0/schema/items',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/saved/{chartUuid} — path parameter 'chartUuid' format changed from none to "uuid"",
    "GET /api/v2/metrics — query parameter 'page' type changed from string to integer",
    "GET /api/v2/metrics — query parameter 'tags[]' type changed from any to schema",
  ]
`),
);
