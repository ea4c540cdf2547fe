import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPropertyContentSchemaAdded as rule } from './request-property-content-schema-added.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: {
          method: 'POST',
          path: '/api/v1/webhooks',
          element: "request property 'payload'",
          keyword: 'contentSchema',
          before: 'none',
          after: '"schema"',
        },
        pointer: '/paths/~1api~1v1~1webhooks/post/requestBody/content/application~1json/schema/properties/payload/contentSchema',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/webhooks — request property 'payload' contentSchema tightened from none to "schema"",
  ]
`),
);
