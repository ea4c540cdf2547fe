import { expect } from 'vitest';
import { testRouteRule, type RouteRuleCase } from '../../../../test/helpers/route-rules.js';
import { routeRemoved as rule } from './route-removed.js';

const app = `import express from 'express';
import { projectRouter } from './projectRouter';
const app = express();
app.use('/api/v1/projects/:projectUuid', projectRouter);
`;
const router = (...lines: string[]) => `import express from 'express';
export const projectRouter = express.Router({ mergeParams: true });
${lines.join('\n')}
`;

const cases: RouteRuleCase[] = [
  {
    name: 'documented example: a route gone from its router (no spec involved)',
    ...rule.examples.flagged[0],
    expected: [{ params: { method: 'POST', path: '…/sqlRunner/downloadCsv', file: 'src/routers/projectRouter.ts', line: 4 }, line: 4 }],
  },
  { name: 'ok: documented example: a path parameter renamed', ...rule.examples.quiet[0], expected: [] },
  {
    name: 'the mount prefix is resolved through the file that mounts the router',
    base: { 'src/app.ts': app, 'src/projectRouter.ts': router("projectRouter.get('/explores/:exploreId', isAuthenticated, async (req, res) => {});") },
    head: { 'src/app.ts': app, 'src/projectRouter.ts': router() },
    expected: [{ params: { method: 'GET', path: '/api/v1/projects/:projectUuid/explores/:exploreId', file: 'src/projectRouter.ts', line: 3 }, line: 3 }],
  },
  {
    name: 'ok: a renamed path parameter is the same route',
    base: { 'src/app.ts': app, 'src/projectRouter.ts': router("projectRouter.delete('/spaces/:spaceUUid', isAuthenticated, async (req, res) => {});") },
    head: { 'src/app.ts': app, 'src/projectRouter.ts': router("projectRouter.delete('/spaces/:spaceUuid', isAuthenticated, async (req, res) => {});") },
    expected: [],
  },
  {
    name: 'ok: a route moved to another router mounted at the same place',
    base: { 'src/app.ts': app, 'src/projectRouter.ts': router("projectRouter.get('/catalog', isAuthenticated, async (req, res) => {});") },
    head: {
      'src/app.ts': `${app}import { catalogRouter } from './catalogRouter';\napp.use('/api/v1/projects/:projectUuid/catalog', catalogRouter);\n`,
      'src/projectRouter.ts': router(),
      'src/catalogRouter.ts': `import { Router } from 'express';\nexport const catalogRouter = Router();\ncatalogRouter.get('/', async (req, res) => {});\n`,
    },
    expected: [],
  },
  {
    name: 'ok: a route now answered by router.all',
    base: { 'src/projectRouter.ts': router("projectRouter.get('/proxy', async (req, res) => {});") },
    head: { 'src/projectRouter.ts': router("projectRouter.all('/proxy', async (req, res) => {});") },
    expected: [],
  },
  {
    name: 'a handler for every method narrowed to one method',
    base: { 'src/projectRouter.ts': router("projectRouter.all('/proxy', async (req, res) => {});") },
    head: { 'src/projectRouter.ts': router("projectRouter.get('/proxy', async (req, res) => {});") },
    expected: [{ params: { method: 'ALL', path: '…/proxy', file: 'src/projectRouter.ts', line: 3 }, line: 3 }],
  },
];

testRouteRule(rule, cases, (lines) =>
  expect(lines).toMatchInlineSnapshot(`
    [
      "POST …/sqlRunner/downloadCsv — route no longer served (code: src/routers/projectRouter.ts:4)",
      "GET /api/v1/projects/:projectUuid/explores/:exploreId — route no longer served (code: src/projectRouter.ts:3)",
      "ALL …/proxy — route no longer served (code: src/projectRouter.ts:3)",
    ]
  `),
);
