import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPropertyConstraintTightened as rule } from './request-property-constraint-tightened.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: {
          method: 'POST',
          path: '/api/v2/content/recently-viewed',
          element: "request property 'name'",
          keyword: 'maxLength',
          before: '255',
          after: '64',
        },
        pointer: '/paths/~1api~1v2~1content~1recently-viewed/post/requestBody/content/application~1json/schema/properties/name',
      },
    ],
  },
  {
    name: 'ok: loosened',
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {name: {type: string, maxLength: 64}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {name: {type: string, maxLength: 255}}}}}}
      responses: {'200': {description: ok}}`,
    expected: [],
  },
  {
    name: 'ok: a pattern appeared (reported by request-property-pattern-added)',
    base: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {name: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {name: {type: string, pattern: '^[a-z]+$'}}}}}}
      responses: {'200': {description: ok}}`,
    expected: [],
  },
  {
    name: 'a const appeared (OpenAPI 3.1)',
    base: `
openapi: 3.1.0
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {kind: {type: string}}}}}}
      responses: {'200': {description: ok}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v2/content/recently-viewed:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {kind: {type: string, const: chart}}}}}}
      responses: {'200': {description: ok}}`,
    expected: [
      {
        params: {
          method: 'POST',
          path: '/api/v2/content/recently-viewed',
          element: "request property 'kind'",
          keyword: 'const',
          before: 'none',
          after: '"chart"',
        },
        pointer: '/paths/~1api~1v2~1content~1recently-viewed/post/requestBody/content/application~1json/schema/properties/kind',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v2/content/recently-viewed — request property 'name' maxLength tightened from 255 to 64",
    "POST /api/v2/content/recently-viewed — request property 'kind' const tightened from none to "chart"",
  ]
`),
);
