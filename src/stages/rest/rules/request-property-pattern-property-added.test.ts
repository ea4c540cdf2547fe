import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPropertyPatternPropertyAdded as rule } from './request-property-pattern-property-added.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: {
          method: 'POST',
          path: '/api/v1/settings',
          element: "request property 'labels'",
          keyword: 'patternProperties',
          before: 'none',
          after: '"^x-"',
        },
        pointer: '/paths/~1api~1v1~1settings/post/requestBody/content/application~1json/schema/properties/labels/patternProperties/^x-',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'a pattern removed from a closed object',
    base: `
openapi: 3.1.0
paths:
  /api/v1/settings:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {labels: {type: object, additionalProperties: false, patternProperties: {'^x-': {type: string}}}}}}}}
      responses: {'201': {description: created}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v1/settings:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {labels: {type: object, additionalProperties: false}}}}}}
      responses: {'201': {description: created}}`,
    expected: [
      {
        params: {
          method: 'POST',
          path: '/api/v1/settings',
          element: "request property 'labels'",
          keyword: 'patternProperties',
          before: '"^x-"',
          after: 'none',
        },
        pointer: '/paths/~1api~1v1~1settings/post/requestBody/content/application~1json/schema/properties/labels/patternProperties/^x-',
      },
    ],
  },
  {
    name: 'ok: a pattern added to a closed object admits more names',
    base: `
openapi: 3.1.0
paths:
  /api/v1/settings:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {labels: {type: object, additionalProperties: false}}}}}}
      responses: {'201': {description: created}}`,
    revision: `
openapi: 3.1.0
paths:
  /api/v1/settings:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {labels: {type: object, additionalProperties: false, patternProperties: {'^x-': {type: string}}}}}}}}
      responses: {'201': {description: created}}`,
    expected: [],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/settings — request property 'labels' patternProperties tightened from none to "^x-"",
    "POST /api/v1/settings — request property 'labels' patternProperties tightened from "^x-" to none",
  ]
`),
);
