import { defineRule } from '../../../rules/define.js';
import { isDevelopmentOnly } from '../routes/conditions.js';
import { REST_DOCS } from '../rule.js';

const index = (guard: string) => `import Router from "koa-router";
import developer from "./developer";
import env from "@server/env";
const router = new Router();
${guard}
export default router;
`;
const developer = (...names: string[]) => `import Router from "koa-router";
const router = new Router();
router.post("developer.ping", async (ctx) => {});
${names.map((name) => `router.post("developer.${name}", async (ctx) => {});`).join('\n')}
export default router;
`;

export const routeRemovedDevelopmentOnly = defineRule(
  {
    id: 'route-removed-development-only',
    surface: 'rest',
    level: 'advisory',
    direction: 'request',
    summary: 'A route the code served only under a development-only flag (off in production) is no longer served: not a production removal.',
    message: '{method} {path} — route no longer served; it was served only when `{condition}` (development only, off in production) (code: {file}:{line})',
    why: 'A production instance never served it (the flag is off there), so no production client calls it; development setups and tests that do get 404.',
    fix: 'Nothing to do for production; update development scripts and tests that call {method} {path}.',
    docs: REST_DOCS,
  },
  {
    flagged: [
      {
        base: {
          'server/routes/api/index.ts': index('if (env.isDevelopment) {\n  router.use("/", developer.routes());\n}'),
          'server/routes/api/developer.ts': developer('createTestUsers'),
        },
        head: {
          'server/routes/api/index.ts': index('if (env.isDevelopment) {\n  router.use("/", developer.routes());\n}'),
          'server/routes/api/developer.ts': developer(),
        },
      },
    ],
    quiet: [
      {
        base: { 'server/routes/api/index.ts': index('router.use("/", developer.routes());'), 'server/routes/api/developer.ts': developer('createTestUsers') },
        head: { 'server/routes/api/index.ts': index('router.use("/", developer.routes());'), 'server/routes/api/developer.ts': developer() },
      },
    ],
  },
  (diff, emit) => {
    for (const route of diff.routes.removed) if (isDevelopmentOnly(route.condition)) emit(route, { condition: route.condition ?? '' });
  },
);
