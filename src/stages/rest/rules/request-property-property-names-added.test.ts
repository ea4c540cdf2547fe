import { expect } from 'vitest';
import { testRule, type RuleCase } from '../../../../test/helpers/rest-specs.js';
import { requestPropertyPropertyNamesAdded as rule } from './request-property-property-names-added.js';

const cases: RuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '/api/v1/settings', element: "request property 'labels'", keyword: 'propertyNames', before: 'none', after: '"schema"' },
        pointer: '/paths/~1api~1v1~1settings/post/requestBody/content/application~1json/schema/properties/labels/propertyNames',
      },
    ],
  },
  { name: 'ok: the documented quiet example', ...rule.examples.quiet[0], expected: [] },
];

testRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST /api/v1/settings — request property 'labels' propertyNames tightened from none to "schema"",
  ]
`),
);
