import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responsePropertyMaxIncreased as rule } from './response-property-max-increased.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'GET', path: '/api/v1/reviews/{id}', element: "response 200 property 'rating'", keyword: 'maximum', before: '5', after: '10' },
        pointer: '/paths/~1api~1v1~1reviews~1{id}/get/responses/200/content/application~1json/schema/properties/rating',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/reviews/{id} — response 200 property 'rating' maximum raised from 5 to 10",
  ]
`),
);
