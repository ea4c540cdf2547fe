import { expect } from 'vitest';
import { testRouteRule, type RouteRuleCase } from '../../../../test/helpers/route-rules.js';
import { routeUndocumented as rule } from './route-undocumented.js';

const cases: RouteRuleCase[] = [
  {
    name: 'documented example: a controller route the spec leaves out',
    ...rule.examples.flagged[0],
    expected: [{ params: { method: 'GET', path: '/api/v1/org/users/:userUuid', file: 'src/users.controller.ts', line: 5 }, line: 5 }],
  },
  {
    name: 'ok: documented example: every served route documented, parameter names aside',
    ...rule.examples.quiet[0],
    expected: [],
  },
  {
    name: 'ok: nothing compared without a spec',
    base: rule.examples.flagged[0].base,
    head: rule.examples.flagged[0].head,
    expected: [],
  },
];

testRouteRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
    [
      "GET /api/v1/org/users/:userUuid — served (code: src/users.controller.ts:5) but not in the OpenAPI document",
    ]
  `),
);
