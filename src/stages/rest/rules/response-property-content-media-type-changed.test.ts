import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { responsePropertyContentMediaTypeChanged as rule } from './response-property-content-media-type-changed.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: {
          method: 'GET',
          path: '/api/v1/avatars/{id}',
          element: "response 200 property 'image'",
          keyword: 'contentMediaType',
          before: '"image/png"',
          after: '"image/webp"',
        },
        pointer: '/paths/~1api~1v1~1avatars~1{id}/get/responses/200/content/application~1json/schema/properties/image',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "GET /api/v1/avatars/{id} — response 200 property 'image' contentMediaType changed from "image/png" to "image/webp"",
  ]
`),
);
