import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPropertyXExtensibleEnumValueRemoved as rule } from './request-property-x-extensible-enum-value-removed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/orders', element: "request property 'status'", value: '"closed"' },
        pointer: '/paths/~1api~1v1~1orders/post/requestBody/content/application~1json/schema/properties/status',
      },
    ],
  },
  {
    name: 'a query parameter',
    base: `
paths:
  /api/v1/orders:
    get:
      parameters: [{in: query, name: status, schema: {type: string, x-extensible-enum: [open, closed]}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v1/orders:
    get:
      parameters: [{in: query, name: status, schema: {type: string, x-extensible-enum: [closed]}}]
      responses: {'200': {description: ok}}`,
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/orders', element: "query parameter 'status'", value: '"open"' },
        pointer: '/paths/~1api~1v1~1orders/get/parameters/0/schema',
      },
    ],
  },
  {
    name: 'ok: a value added',
    ...rule.examples.quiet[0],
    expected: [],
  },
  {
    name: 'ok: a response value removed (readers never see it again)',
    base: `
paths:
  /api/v1/orders:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {status: {type: string, x-extensible-enum: [open, closed]}}}}}}}}`,
    revision: `
paths:
  /api/v1/orders:
    get: {responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {status: {type: string, x-extensible-enum: [open]}}}}}}}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/orders — request property 'status' no longer accepts "closed" (x-extensible-enum)",
    "GET /api/v1/orders — query parameter 'status' no longer accepts "open" (x-extensible-enum)",
  ]
`),
);
