import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestParameterStyleChanged as rule } from './request-parameter-style-changed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: {
          method: 'GET',
          path: '/api/v2/metrics',
          element: "query parameter 'tags'",
          before: 'style=form explode=true',
          after: 'style=form explode=false',
        },
        pointer: '/paths/~1api~1v2~1metrics/get/parameters/0',
      },
    ],
  },
  {
    name: 'ok: the defaults spelled out (form, explode) are no change',
    base: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: tags, schema: {type: array, items: {type: string}}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: tags, style: form, explode: true, schema: {type: array, items: {type: string}}}]
      responses: {'200': {description: ok}}`,
    expected: [],
  },
  {
    name: 'Swagger 2.0 collectionFormat multi → csv',
    base: `
swagger: '2.0'
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: tags, type: array, items: {type: string}, collectionFormat: multi}]
      responses: {'200': {description: ok}}`,
    revision: `
swagger: '2.0'
paths:
  /api/v2/metrics:
    get:
      parameters: [{in: query, name: tags, type: array, items: {type: string}, collectionFormat: csv}]
      responses: {'200': {description: ok}}`,
    expected: [
      {
        params: {
          method: 'GET',
          path: '/api/v2/metrics',
          element: "query parameter 'tags'",
          before: 'style=form explode=true',
          after: 'style=form explode=false',
        },
        pointer: '/paths/~1api~1v2~1metrics/get/parameters/0',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v2/metrics — query parameter 'tags' serialization changed from style=form explode=true to style=form explode=false",
    "GET /api/v2/metrics — query parameter 'tags' serialization changed from style=form explode=true to style=form explode=false",
  ]
`),
);
