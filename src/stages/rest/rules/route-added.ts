import { defineRule } from '../../../rules/define.js';
import { REST_DOCS } from '../rule.js';

const listRoute = `import Router from 'koa-router';
const router = new Router();
router.post('apiKeys.list', auth(), async (ctx) => {});
export default router;
`;

export const routeAdded = defineRule(
  {
    id: 'route-added',
    surface: 'rest',
    level: 'info',
    direction: 'request',
    summary: 'The code serves a new route.',
    message: '{method} {path} — new route served (code: {file}:{line})',
    why: 'Nothing breaks; during a rollout old instances answer it with 404, which matters only to clients that already use it.',
    fix: 'Nothing to change in the server. Clients (the bundled frontend included) should call {method} {path} only once every instance serves it: expect 404 from old instances during the rollout, or wait for it to finish.',
    docs: REST_DOCS,
  },
  {
    flagged: [
      {
        base: { 'server/routes/api/apiKeys.ts': listRoute },
        head: {
          'server/routes/api/apiKeys.ts': `import Router from 'koa-router';
const router = new Router();
router.post('apiKeys.list', auth(), async (ctx) => {});
router.post('apiKeys.create', auth(), validate(T.APIKeysCreateSchema), async (ctx) => {});
export default router;
`,
        },
      },
    ],
    quiet: [
      {
        base: { 'server/routes/api/apiKeys.ts': listRoute },
        head: { 'server/routes/api/apiKeys.ts': listRoute.replace('auth(), async', 'auth(), rateLimit(), async') },
      },
    ],
  },
  (diff, emit) => {
    for (const route of diff.routes.added) emit(route);
  },
);
