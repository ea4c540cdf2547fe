import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPropertyEnumValueAdded as rule } from './request-property-enum-value-added.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v2/content/recently-viewed', element: "request property 'contentType'", value: '"space"' },
        pointer: '/paths/~1api~1v2~1content~1recently-viewed/post/requestBody/content/application~1json/schema/properties/contentType',
      },
    ],
  },
  {
    name: 'ok: a value removed (breaking, another rule)',
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {t: {type: string, enum: [a, b]}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {t: {type: string, enum: [a]}}}}}}
      responses: {'200': {description: ok}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v2/content/recently-viewed — request property 'contentType' now accepts "space"",
  ]
`),
);
