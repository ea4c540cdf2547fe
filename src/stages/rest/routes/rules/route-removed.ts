import { defineRouteRule } from '../rule.js';

export const routeRemoved = defineRouteRule(
  {
    id: 'route-removed',
    level: 'breaking',
    direction: 'request',
    summary: 'A route the code served is no longer served (read from the code, whether or not the OpenAPI document listed it).',
    message: '{method} {path} — route no longer served (code: {file}:{line})',
    why: 'Clients of the old version (the bundled frontend during the rollout, scripts, integrations) still call it and get 404 from upgraded instances.',
  },
  {
    base: {
      'src/routers/projectRouter.ts': `import express from 'express';
export const projectRouter = express.Router({ mergeParams: true });
projectRouter.get('/catalog', isAuthenticated, async (req, res) => res.json({}));
projectRouter.post('/sqlRunner/downloadCsv', isAuthenticated, async (req, res) => res.json({}));
`,
    },
    head: {
      'src/routers/projectRouter.ts': `import express from 'express';
export const projectRouter = express.Router({ mergeParams: true });
projectRouter.get('/catalog', isAuthenticated, async (req, res) => res.json({}));
`,
    },
  },
  (diff, emit) => {
    for (const route of diff.removed) emit(route);
  },
);
