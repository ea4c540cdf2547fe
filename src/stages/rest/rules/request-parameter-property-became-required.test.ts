import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestParameterPropertyBecameRequired as rule } from './request-parameter-property-became-required.js';

const cases: RuleCase[] = [
  {
    name: 'documented example (a new required property, an existing one made required)',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/projects/{projectUuid}/sqlQuery', element: "header parameter 'X-Query-Context.source'" },
        pointer: '/paths/~1api~1v1~1projects~1{projectUuid}~1sqlQuery/post/parameters/0/schema/properties/source',
      },
      {
        params: { method: 'POST', path: '/api/v1/projects/{projectUuid}/sqlQuery', element: "header parameter 'X-Query-Context.tenant'" },
        pointer: '/paths/~1api~1v1~1projects~1{projectUuid}~1sqlQuery/post/parameters/0/schema/properties/tenant',
      },
    ],
  },
  { name: 'ok: a new optional property', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'an existing property became required (deepObject query)',
    base: `
paths:
  /api/v1/projects/{projectUuid}/sqlQuery:
    post:
      parameters: [{in: query, name: filter, style: deepObject, schema: {type: object, properties: {field: {type: string}}}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v1/projects/{projectUuid}/sqlQuery:
    post:
      parameters: [{in: query, name: filter, style: deepObject, schema: {type: object, required: [field], properties: {field: {type: string}}}}]
      responses: {'200': {description: ok}}`,
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/projects/{projectUuid}/sqlQuery', element: "query parameter 'filter.field'" },
        pointer: '/paths/~1api~1v1~1projects~1{projectUuid}~1sqlQuery/post/parameters/0/schema/properties/field',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/projects/{projectUuid}/sqlQuery — header parameter 'X-Query-Context.source' is now required",
    "POST /api/v1/projects/{projectUuid}/sqlQuery — header parameter 'X-Query-Context.tenant' is now required",
    "POST /api/v1/projects/{projectUuid}/sqlQuery — query parameter 'filter.field' is now required",
  ]
`),
);
