import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPropertyBecameNotNullable as rule } from './request-property-became-not-nullable.js';

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
    name: 'ok: became nullable',
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {note: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {note: {type: string, nullable: true}}}}}}
      responses: {'200': {description: ok}}`,
    expected: [],
  },
  {
    name: "OpenAPI 3.1: type [string, 'null'] → string",
    base: `
openapi: 3.1.0
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {note: {type: [string, 'null']}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {note: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
    expected: [
      {
        params: { method: 'POST', path: '/api/v2/content/recently-viewed', element: "request property 'note'" },
        pointer: '/paths/~1api~1v2~1content~1recently-viewed/post/requestBody/content/application~1json/schema/properties/note',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v2/content/recently-viewed — request property 'note' no longer accepts null",
    "POST /api/v2/content/recently-viewed — request property 'note' no longer accepts null",
  ]
`),
);
