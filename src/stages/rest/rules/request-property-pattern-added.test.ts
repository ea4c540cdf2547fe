import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPropertyPatternAdded as rule } from './request-property-pattern-added.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: {
          method: 'POST',
          path: '/api/v1/products',
          element: "request property 'sku'",
          keyword: 'pattern',
          before: 'none',
          after: '"^[A-Z]{3}-[0-9]+$"',
        },
        pointer: '/paths/~1api~1v1~1products/post/requestBody/content/application~1json/schema/properties/sku',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'a pattern changed',
    base: `
paths:
  /api/v1/products:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {sku: {type: string, pattern: '^[A-Z]+$'}}}}}}
      responses: {'201': {description: created}}`,
    revision: `
paths:
  /api/v1/products:
    post:
      requestBody: {required: true, content: {application/json: {schema: {type: object, properties: {sku: {type: string, pattern: '^[A-Z0-9]+$'}}}}}}
      responses: {'201': {description: created}}`,
    expected: [
      {
        params: {
          method: 'POST',
          path: '/api/v1/products',
          element: "request property 'sku'",
          keyword: 'pattern',
          before: '"^[A-Z]+$"',
          after: '"^[A-Z0-9]+$"',
        },
        pointer: '/paths/~1api~1v1~1products/post/requestBody/content/application~1json/schema/properties/sku',
      },
    ],
  },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/products — request property 'sku' must now match pattern "^[A-Z]{3}-[0-9]+$" (was none)",
    "POST /api/v1/products — request property 'sku' must now match pattern "^[A-Z0-9]+$" (was "^[A-Z]+$")",
  ]
`),
);
