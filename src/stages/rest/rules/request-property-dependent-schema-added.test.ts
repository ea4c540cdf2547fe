import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPropertyDependentSchemaAdded as rule } from './request-property-dependent-schema-added.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/payments', element: 'request body', keyword: 'dependentSchemas', before: 'none', after: '"card"' },
        pointer: '/paths/~1api~1v1~1payments/post/requestBody/content/application~1json/schema/dependentSchemas/card',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/payments — request body dependentSchemas tightened from none to "card" (a dependent schema added)",
  ]
`),
);
