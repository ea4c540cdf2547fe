import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responsePropertyPatternLoosened as rule } from './response-property-pattern-loosened.js';

const cases: RuleCase[] = [
  {
    name: 'documented example: a response pattern removed is info',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/users/{id}', element: "response 200 property 'handle'", before: '"^[a-z]+$"', after: 'none' },
        pointer: '/paths/~1api~1v1~1users~1{id}/get/responses/200/content/application~1json/schema/properties/handle',
      },
    ],
  },
  { name: 'ok: the documented quiet example (a pattern added)', ...rule.examples.quiet[0], expected: [] },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/users/{id} — response 200 property 'handle' pattern loosened from "^[a-z]+$" to none",
  ]
`),
);
