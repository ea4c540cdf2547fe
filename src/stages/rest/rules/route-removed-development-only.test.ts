import { expect } from 'vitest';
import { testRouteRule, type RouteRuleCase } from '../../../../test/helpers/route-rules.js';
import { routeRemovedDevelopmentOnly as rule } from './route-removed-development-only.js';
import { routeRemoved } from './route-removed.js';

// The shape of outline's server/routes/api/index.ts (koa-router, `if (env.isDevelopment) router.use("/", developer.routes())`).
const index = (guard: string) => `import Router from "koa-router";
import developer from "./developer";
import users from "./users";
import env from "@server/env";
const router = new Router();
router.use("/", users.routes());
${guard}
export default router;
`;
const developer = (...names: string[]) => `import Router from "koa-router";
const router = new Router();
${names.map((name) => `router.post("developer.${name}", async (ctx) => {});`).join('\n')}
export default router;
`;
const users = `import Router from "koa-router";
const router = new Router();
router.post("users.list", async (ctx) => {});
export default router;
`;
const tree = (guard: string, ...names: string[]) => ({
  'server/routes/api/index.ts': index(guard),
  'server/routes/api/developer.ts': developer(...names),
  'server/routes/api/users.ts': users,
});

const cases: RouteRuleCase[] = [
  {
    name: 'documented example',
    ...rule.examples.flagged[0],
    expected: [
      {
        params: { method: 'POST', path: '…/developer.createTestUsers', file: 'server/routes/api/developer.ts', line: 4, condition: 'env.isDevelopment' },
        line: 4,
      },
    ],
  },
  { name: 'ok: documented example', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'a route served only when NODE_ENV is not production',
    base: tree('if (process.env.NODE_ENV !== "production") {\n  router.use("/", developer.routes());\n}', 'seed'),
    head: tree('', 'seed'),
    expected: [
      {
        params: {
          method: 'POST',
          path: '…/developer.seed',
          file: 'server/routes/api/developer.ts',
          line: 3,
          condition: 'process.env.NODE_ENV !== "production"',
        },
        line: 3,
      },
    ],
  },
  {
    name: 'ok: a route under a flag that may be on in production is a production removal (route-removed)',
    base: tree('if (!env.isCloudHosted) {\n  router.use("/", developer.routes());\n}', 'seed'),
    head: tree('', 'seed'),
    expected: [],
  },
];

testRouteRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
  [
    "POST …/developer.createTestUsers — route no longer served; it was served only when \`env.isDevelopment\` (development only, off in production) (code: server/routes/api/developer.ts:4)",
    "POST …/developer.seed — route no longer served; it was served only when \`process.env.NODE_ENV !== "production"\` (development only, off in production) (code: server/routes/api/developer.ts:3)",
  ]
`),
);

// route-removed leaves development-only routes to this rule, and keeps the rest.
testRouteRule(
  routeRemoved,
  [
    { name: 'ok: a development-only route is not a production removal', ...rule.examples.flagged[0], expected: [] },
    {
      name: 'a route under a flag that may be on in production is removed from production',
      base: tree('if (!env.isCloudHosted) {\n  router.use("/", developer.routes());\n}', 'seed'),
      head: tree('', 'seed'),
      expected: [{ params: { method: 'POST', path: '…/developer.seed', file: 'server/routes/api/developer.ts', line: 3 }, line: 3 }],
    },
  ],
  (lines) => expect(lines.length).toBeGreaterThan(0),
);
