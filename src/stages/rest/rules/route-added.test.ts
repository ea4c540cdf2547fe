import { expect } from 'vitest';
import { testRouteRule, type RouteRuleCase } from '../../../../test/helpers/route-rules.js';
import { routeAdded as rule } from './route-added.js';

const cases: RouteRuleCase[] = [
  {
    name: 'documented example: a new koa-router RPC route',
    ...rule.examples.flagged[0],
    expected: [{ params: { method: 'POST', path: '…/apiKeys.create', file: 'server/routes/api/apiKeys.ts', line: 4 }, line: 4 }],
  },
  { name: 'ok: documented example: a middleware added to a route', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'ok: the same routes',
    base: rule.examples.flagged[0].head,
    head: rule.examples.flagged[0].head,
    expected: [],
  },
];

testRouteRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
    [
      "POST …/apiKeys.create — new route served (code: server/routes/api/apiKeys.ts:4)",
    ]
  `),
);
