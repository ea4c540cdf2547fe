import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responsePropertyMinDecreased as rule } from './response-property-min-decreased.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/reviews/{id}', element: "response 200 property 'rating'", keyword: 'minimum', before: '1', after: '0' },
        pointer: '/paths/~1api~1v1~1reviews~1{id}/get/responses/200/content/application~1json/schema/properties/rating',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'exclusiveMinimum (3.1) removed',
    base: `
openapi: 3.1.0
paths:
  /api/v1/reviews/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {amount: {type: number, exclusiveMinimum: 0}}}}}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v1/reviews/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {amount: {type: number}}}}}}`,
    expected: [
      {
        params: {
          method: 'GET',
          path: '/api/v1/reviews/{id}',
          element: "response 200 property 'amount'",
          keyword: 'exclusiveMinimum',
          before: '0',
          after: 'none',
        },
        pointer: '/paths/~1api~1v1~1reviews~1{id}/get/responses/200/content/application~1json/schema/properties/amount',
      },
    ],
  },
  {
    name: 'ok: 3.0 boolean form \u2192 3.1 numeric form is no change',
    base: `
paths:
  /api/v1/reviews/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {amount: {type: number, minimum: 0, exclusiveMinimum: true}}}}}}`,
    revision: `
paths:
  /api/v1/reviews/{id}:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {amount: {type: number, exclusiveMinimum: 0}}}}}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/reviews/{id} — response 200 property 'rating' minimum lowered from 1 to 0",
    "GET /api/v1/reviews/{id} — response 200 property 'amount' exclusiveMinimum lowered from 0 to none",
  ]
`),
);
