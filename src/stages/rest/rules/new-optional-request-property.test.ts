import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { newOptionalRequestProperty as rule } from './new-optional-request-property.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v2/content/recently-viewed', element: "request property 'note'" },
        pointer: '/paths/~1api~1v2~1content~1recently-viewed/post/requestBody/content/application~1json/schema/properties/note',
      },
    ],
  },
  {
    name: 'ok: a new required property (breaking, another rule)',
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {a: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, required: [b], properties: {a: {type: string}, b: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v2/content/recently-viewed — new optional request property 'note'",
  ]
`),
);
