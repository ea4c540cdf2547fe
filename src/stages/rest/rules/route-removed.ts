import { defineRule } from '../../../rules/define.js';
import { isDevelopmentOnly } from '../routes/conditions.js';
import { REST_DOCS } from '../rule.js';

const projectRouter = (...lines: string[]) => `import express from 'express';
export const projectRouter = express.Router({ mergeParams: true });
${lines.join('\n')}
`;

export const routeRemoved = defineRule(
  {
    id: 'route-removed',
    surface: 'rest',
    level: 'breaking',
    direction: 'request',
    summary: 'A route the code served is no longer served (read from the code, whether or not the OpenAPI document listed it).',
    message: '{method} {path} — route no longer served (code: {file}:{line})',
    why: 'Clients of the old version (the bundled frontend during the rollout, scripts, integrations) still call it and get 404 from upgraded instances.',
    fix: 'Keep serving {method} {path} in this release (unchanged, or as an alias that calls the new handler) and mark it deprecated; remove it in a later release, once no client of the old version calls it.',
    docs: REST_DOCS,
  },
  {
    flagged: [
      {
        base: {
          'src/routers/projectRouter.ts': projectRouter(
            "projectRouter.get('/catalog', isAuthenticated, async (req, res) => res.json({}));",
            "projectRouter.post('/sqlRunner/downloadCsv', isAuthenticated, async (req, res) => res.json({}));",
          ),
        },
        head: { 'src/routers/projectRouter.ts': projectRouter("projectRouter.get('/catalog', isAuthenticated, async (req, res) => res.json({}));") },
      },
    ],
    quiet: [
      {
        base: { 'src/routers/projectRouter.ts': projectRouter("projectRouter.delete('/spaces/:spaceUUid', isAuthenticated, async (req, res) => {});") },
        head: { 'src/routers/projectRouter.ts': projectRouter("projectRouter.delete('/spaces/:spaceUuid', isAuthenticated, async (req, res) => {});") },
      },
    ],
  },
  (diff, emit) => {
    // A route served only under a development-only flag was never served in production: route-removed-development-only.
    for (const route of diff.routes.removed) if (!isDevelopmentOnly(route.condition)) emit(route);
  },
);
