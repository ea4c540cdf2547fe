import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPropertyUnevaluatedPropertiesAdded as rule } from './request-property-unevaluated-properties-added.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/users', element: 'request body', keyword: 'unevaluatedProperties', before: 'none', after: 'false' },
        pointer: '/paths/~1api~1v1~1users/post/requestBody/content/application~1json/schema/unevaluatedProperties',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'unevaluatedItems restricted',
    base: `
openapi: 3.1.0
paths:
  /api/v1/users:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {tags: {type: array, prefixItems: [{type: string}]}}}}}}
      responses: {'201': {description: created}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v1/users:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {tags: {type: array, prefixItems: [{type: string}], unevaluatedItems: {type: integer}}}}}}}
      responses: {'201': {description: created}}`,
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/users', element: "request property 'tags'", keyword: 'unevaluatedItems', before: 'none', after: '"schema"' },
        pointer: '/paths/~1api~1v1~1users/post/requestBody/content/application~1json/schema/properties/tags/unevaluatedItems',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/users — request body unevaluatedProperties tightened from none to false",
    "POST /api/v1/users — request property 'tags' unevaluatedItems tightened from none to "schema"",
  ]
`),
);
