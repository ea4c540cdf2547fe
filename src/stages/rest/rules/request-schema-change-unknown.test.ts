import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestSchemaChangeUnknown as rule } from './request-schema-change-unknown.js';

const body = (schema: string) => `
paths:
  /api/v1/vouchers:
    post:
      parameters: [{in: query, name: mode, schema: {type: string}}]
      requestBody: {required: true, content: {application/json: {schema: ${schema}}}}
      responses: {'201': {description: created}}`;

const cases: RuleCase[] = [
  {
    name: 'documented example: allOf members with two patterns, one changed',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/vouchers', element: "request property 'code'", reason: "allOf members disagree on 'pattern'" },
        pointer: '/paths/~1api~1v1~1vouchers/post/requestBody/content/application~1json/schema/properties/code',
      },
    ],
  },
  { name: 'ok: the same conflicting composition, unchanged', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'a keyword the diff does not model changed in a parameter',
    base: `
paths:
  /api/v1/vouchers:
    get:
      parameters: [{in: query, name: q, schema: {type: string, $dynamicRef: '#a'}}]
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v1/vouchers:
    get:
      parameters: [{in: query, name: q, schema: {type: string, $dynamicRef: '#b'}}]
      responses: {'200': {description: ok}}`,
    expected: [
      {
        params: {
          method: 'GET',
          path: '/api/v1/vouchers',
          element: "query parameter 'q'",
          reason: "keyword '$dynamicRef' changed (not compared by this diff)",
        },
        pointer: '/paths/~1api~1v1~1vouchers/get/parameters/0/schema',
      },
    ],
  },
  {
    name: 'conflicting types after the change',
    base: body('{type: object, properties: {n: {type: string}}}'),
    revision: body('{type: object, properties: {n: {allOf: [{type: string}, {type: integer}]}}}'),
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/vouchers', element: "request property 'n'", reason: 'allOf members have no type in common' },
        pointer: '/paths/~1api~1v1~1vouchers/post/requestBody/content/application~1json/schema/properties/n',
      },
    ],
  },
  { name: 'ok: an extension changed', base: body('{type: object, x-owner: a}'), revision: body('{type: object, x-owner: b}'), expected: [] },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/vouchers — request property 'code' changed and cannot be proven compatible: allOf members disagree on 'pattern'",
    "GET /api/v1/vouchers — query parameter 'q' changed and cannot be proven compatible: keyword '$dynamicRef' changed (not compared by this diff)",
    "POST /api/v1/vouchers — request property 'n' changed and cannot be proven compatible: allOf members have no type in common",
  ]
`),
);
