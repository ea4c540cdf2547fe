import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPropertyIfAdded as rule } from './request-property-if-added.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/invoices', element: 'request body', keyword: 'if', before: 'none', after: '"conditional"' },
        pointer: '/paths/~1api~1v1~1invoices/post/requestBody/content/application~1json/schema/if',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'an else branch added to an existing condition',
    base: `
openapi: 3.1.0
paths:
  /api/v1/invoices:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, if: {required: [kind]}, then: {required: [vatId]}}}}}
      responses: {'201': {description: created}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v1/invoices:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, if: {required: [kind]}, then: {required: [vatId]}, else: {required: [email]}}}}}
      responses: {'201': {description: created}}`,
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/invoices', element: 'request body', keyword: 'else', before: 'none', after: '"else"' },
        pointer: '/paths/~1api~1v1~1invoices/post/requestBody/content/application~1json/schema/else',
      },
    ],
  },
  {
    name: 'ok: a required property added inside then is request-property-became-required, not this rule',
    base: `
openapi: 3.1.0
paths:
  /api/v1/invoices:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, if: {required: [kind]}, then: {required: [vatId]}}}}}
      responses: {'201': {description: created}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v1/invoices:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, if: {required: [kind]}, then: {required: [vatId, country]}}}}}
      responses: {'201': {description: created}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/invoices — request body conditional constraint added: if from none to "conditional"",
    "POST /api/v1/invoices — request body conditional constraint added: else from none to "else"",
  ]
`),
);
