import { defineRouteRule } from '../rule.js';

export const routeAdded = defineRouteRule(
  {
    id: 'route-added',
    level: 'info',
    direction: 'request',
    summary: 'The code serves a new route.',
    message: '{method} {path} — new route served (code: {file}:{line})',
    why: 'Nothing breaks; during a rollout old instances answer it with 404, which matters only to clients that already use it.',
  },
  {
    base: {
      'server/routes/api/apiKeys.ts': `import Router from 'koa-router';
const router = new Router();
router.post('apiKeys.list', auth(), async (ctx) => {});
export default router;
`,
    },
    head: {
      'server/routes/api/apiKeys.ts': `import Router from 'koa-router';
const router = new Router();
router.post('apiKeys.list', auth(), async (ctx) => {});
router.post('apiKeys.create', auth(), validate(T.APIKeysCreateSchema), async (ctx) => {});
export default router;
`,
    },
  },
  (diff, emit) => {
    for (const route of diff.added) emit(route);
  },
);
