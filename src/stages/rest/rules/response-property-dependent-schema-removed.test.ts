import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responsePropertyDependentSchemaRemoved as rule } from './response-property-dependent-schema-removed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/orders/{id}', element: 'response 200 body', keyword: 'dependentSchemas', before: '"card"', after: 'none' },
        pointer: '/paths/~1api~1v1~1orders~1{id}/get/responses/200/content/application~1json/schema/dependentSchemas/card',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/orders/{id} — response 200 body dependentSchemas loosened from "card" to none (a dependent schema removed)",
  ]
`),
);
