/**
 * One small service per framework, shaped like real ones (lightdash's Express routers, outline's
 * koa-router RPC files, a Fastify plugin app, a Hono app with sub-apps, NestJS and tsoa controllers,
 * a Next.js app router), and four releases of each: a route removed, a route moved to another file,
 * a path parameter renamed, a registration that cannot be read.
 */
export interface FrameworkScenario {
  name: string;
  sources: string[];
  v1: Record<string, string | null>;
  removed: Record<string, string | null>;
  /** The breaking line the removal gives. */
  removedLine: string;
  moved: Record<string, string | null>;
  renamed: Record<string, string | null>;
  dynamic: Record<string, string | null>;
  /** A part of the reason the dynamic release is unknown. */
  dynamicReason: string;
}

const expressRouter = (routes: string) => `import express from 'express';
import { isAuthenticated, unauthorisedInDemo } from '../controllers/authentication';

export const projectRouter = express.Router({ mergeParams: true });

${routes}`;
const csv = `projectRouter.post(
    '/sqlRunner/downloadCsv',
    isAuthenticated,
    unauthorisedInDemo,
    async (req, res, next) => {
        res.json({ status: 'ok' });
    },
);
`;
const explore = (param: string) => `projectRouter.get('/explores/:${param}', isAuthenticated, async (req, res, next) => {
    res.json({ status: 'ok', results: req.params.${param} });
});
`;
const expressApp = (extra = '') => `import express from 'express';
import { projectRouter } from './routers/projectRouter';
${extra ? "import { sqlRunnerRouter } from './routers/sqlRunnerRouter';\n" : ''}
const app = express();
app.use(express.json());
app.use('/api/v1/projects/:projectUuid', projectRouter);
${extra}
export default app;
`;

const koaFile = (name: string, routes: string) => `import Router from "koa-router";
import auth from "@server/middlewares/authentication";
import validate from "@server/middlewares/validate";
import * as T from "./schema";

const router = new Router();
${routes}
export default router;
`;
const koaRoute = (name: string) => `
router.post(
  "${name}",
  auth(),
  validate(T.Schema),
  async (ctx) => {
    ctx.body = { data: [] };
  }
);
`;
const koaIndex = (extra = '') => `import Router from "koa-router";
import apiKeys from "./apiKeys";
import documents from "./documents";
${extra ? 'import shares from "./shares";\n' : ''}
const router = new Router();
router.use("/", apiKeys.routes());
router.use("/", documents.routes());
${extra}
export default router;
`;

const fastifyPlugin = (routes: string) => `import type { FastifyPluginAsync } from 'fastify';

const users: FastifyPluginAsync = async (fastify) => {
${routes}};

export default users;
`;
const fastifyServer = (extra = '') => `import Fastify from 'fastify';
import users from './routes/users';
${extra ? "import accounts from './routes/accounts';\n" : ''}
const app = Fastify({ logger: true });
app.register(users, { prefix: '/api/users' });
${extra}
export default app;
`;

const honoPosts = (routes: string) => `import { Hono } from 'hono';

const posts = new Hono()
${routes};

export default posts;
`;
const honoIndex = (extra = '') => `import { Hono } from 'hono';
import posts from './routes/posts';
${extra ? "import comments from './routes/comments';\n" : ''}
const app = new Hono().basePath('/api');
app.route('/posts', posts);
${extra}
export default app;
`;

const nestController = (methods: string) => `import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { UsersService } from './users.service';

@Controller('users')
export class UsersController {
  constructor(private readonly usersService: UsersService) {}
${methods}}
`;
const tsoaController = (methods: string) => `import { Body, Controller, Get, Hidden, Path, Post, Route, Tags } from 'tsoa';

@Route('api/v1/dashboards')
@Tags('Dashboards')
export class DashboardController extends Controller {
${methods}}
`;

export const FRAMEWORK_SCENARIOS: FrameworkScenario[] = [
  {
    name: 'Express',
    sources: ['src/**/*.ts'],
    v1: { 'src/app.ts': expressApp(), 'src/routers/projectRouter.ts': expressRouter(explore('exploreId') + csv) },
    removed: { 'src/routers/projectRouter.ts': expressRouter(explore('exploreId')) },
    removedLine: 'POST /api/v1/projects/:projectUuid/sqlRunner/downloadCsv — route no longer served (code: src/routers/projectRouter.ts:9)',
    moved: {
      'src/app.ts': expressApp("app.use('/api/v1/projects/:projectUuid/sqlRunner', sqlRunnerRouter);"),
      'src/routers/projectRouter.ts': expressRouter(explore('exploreId')),
      'src/routers/sqlRunnerRouter.ts':
        "import { Router } from 'express';\n\nexport const sqlRunnerRouter = Router({ mergeParams: true });\n\nsqlRunnerRouter.post('/downloadCsv', async (req, res) => {\n    res.json({ status: 'ok' });\n});\n",
    },
    renamed: { 'src/routers/projectRouter.ts': expressRouter(explore('exploreName') + csv) },
    dynamic: {
      'src/routers/projectRouter.ts': expressRouter(
        `${explore('exploreId')}${csv}for (const route of legacyRoutes) {\n    projectRouter.get(route.path, isAuthenticated, route.handler);\n}\n`,
      ),
    },
    dynamicReason:
      'routes of src/routers/projectRouter.ts at the head ref cannot be read: line 18: `projectRouter.get(…)`: the path route.path is not a literal',
  },
  {
    name: 'koa-router',
    sources: ['server/routes/**/*.ts'],
    v1: {
      'server/routes/api/index.ts': koaIndex(),
      'server/routes/api/apiKeys.ts': koaFile('apiKeys', koaRoute('apiKeys.list') + koaRoute('apiKeys.create')),
      'server/routes/api/documents.ts': koaFile('documents', koaRoute('documents.list') + koaRoute('documents.shares')),
    },
    removed: { 'server/routes/api/apiKeys.ts': koaFile('apiKeys', koaRoute('apiKeys.list')) },
    removedLine: 'POST …/apiKeys.create — route no longer served (code: server/routes/api/apiKeys.ts:17)',
    moved: {
      'server/routes/api/index.ts': koaIndex('router.use("/", shares.routes());'),
      'server/routes/api/documents.ts': koaFile('documents', koaRoute('documents.list')),
      'server/routes/api/shares.ts': koaFile('shares', koaRoute('documents.shares')),
    },
    renamed: {
      'server/routes/api/documents.ts': koaFile('documents', koaRoute('documents.list') + koaRoute('documents.shares')).replace(
        'ctx.body = { data: [] }',
        'ctx.body = { data: null }',
      ),
    },
    dynamic: {
      'server/routes/api/apiKeys.ts': koaFile(
        'apiKeys',
        koaRoute('apiKeys.list') +
          koaRoute('apiKeys.create') +
          '\nfor (const name of ["apiKeys.info", "apiKeys.update"]) router.post(name, auth(), async (ctx) => {});\n',
      ),
    },
    dynamicReason: 'the path name is not a literal',
  },
  {
    name: 'Fastify',
    sources: ['src/**/*.ts'],
    v1: {
      'src/server.ts': fastifyServer(),
      'src/routes/users.ts': fastifyPlugin(
        "  fastify.get('/:id', { schema: { params: IdParams } }, async (request) => ({}));\n  fastify.route({\n    method: 'DELETE',\n    url: '/:id',\n    handler: async () => ({}),\n  });\n",
      ),
    },
    removed: { 'src/routes/users.ts': fastifyPlugin("  fastify.get('/:id', { schema: { params: IdParams } }, async (request) => ({}));\n") },
    removedLine: 'DELETE /api/users/:id — route no longer served (code: src/routes/users.ts:5)',
    moved: {
      'src/server.ts': fastifyServer("app.register(accounts, { prefix: '/api' });"),
      'src/routes/users.ts': fastifyPlugin("  fastify.get('/:id', { schema: { params: IdParams } }, async (request) => ({}));\n"),
      'src/routes/accounts.ts':
        "import type { FastifyInstance } from 'fastify';\n\nexport default async function accounts(app: FastifyInstance) {\n  app.delete('/users/:userId', async () => ({}));\n}\n",
    },
    renamed: {
      'src/routes/users.ts': fastifyPlugin(
        "  fastify.get('/:userId', async (request) => ({}));\n  fastify.route({ method: 'DELETE', url: '/:userId', handler: async () => ({}) });\n",
      ),
    },
    dynamic: {
      'src/routes/users.ts': fastifyPlugin(
        "  fastify.get('/:id', async (request) => ({}));\n  fastify.route({ method: 'DELETE', url: '/:id', handler: async () => ({}) });\n  for (const route of adminRoutes) fastify.route(route);\n",
      ),
    },
    dynamicReason: 'the route options are not an object literal',
  },
  {
    name: 'Hono',
    sources: ['src/**/*.ts'],
    v1: {
      'src/index.ts': honoIndex(),
      'src/routes/posts.ts': honoPosts(
        "  .get('/', async (c) => c.json({ posts: [] }, 200))\n  .get('/:postId', async (c) => c.json({ post: {} }, 200))\n  .post('/:postId/comments', async (c) => c.json({}, 201))",
      ),
    },
    removed: {
      'src/routes/posts.ts': honoPosts("  .get('/', async (c) => c.json({ posts: [] }, 200))\n  .get('/:postId', async (c) => c.json({ post: {} }, 200))"),
    },
    removedLine: 'POST /api/posts/:postId/comments — route no longer served (code: src/routes/posts.ts:6)',
    moved: {
      'src/index.ts': honoIndex("app.route('/posts/:postId/comments', comments);"),
      'src/routes/posts.ts': honoPosts("  .get('/', async (c) => c.json({ posts: [] }, 200))\n  .get('/:postId', async (c) => c.json({ post: {} }, 200))"),
      'src/routes/comments.ts':
        "import { Hono } from 'hono';\n\nconst comments = new Hono();\ncomments.post('/', async (c) => c.json({}, 201));\n\nexport default comments;\n",
    },
    renamed: {
      'src/routes/posts.ts': honoPosts(
        "  .get('/', async (c) => c.json({ posts: [] }, 200))\n  .get('/:id', async (c) => c.json({ post: {} }, 200))\n  .post('/:id/comments', async (c) => c.json({}, 201))",
      ),
    },
    dynamic: {
      'src/routes/posts.ts': honoPosts(
        "  .get('/', async (c) => c.json({ posts: [] }, 200))\n  .get('/:postId', async (c) => c.json({ post: {} }, 200))\n  .post('/:postId/comments', async (c) => c.json({}, 201))\n  .on(METHODS, '/:postId/reactions', async (c) => c.json({}))",
      ),
    },
    dynamicReason: 'the methods or paths of .on(…) are not literals',
  },
  {
    name: 'NestJS',
    sources: ['src/**/*.controller.ts'],
    v1: {
      'src/users/users.controller.ts': nestController(
        "  @Get(':id')\n  findOne(@Param('id') id: string) {\n    return this.usersService.findOne(id);\n  }\n\n  @Delete(':id')\n  remove(@Param('id') id: string) {\n    return this.usersService.remove(id);\n  }\n",
      ),
    },
    removed: {
      'src/users/users.controller.ts': nestController("  @Get(':id')\n  findOne(@Param('id') id: string) {\n    return this.usersService.findOne(id);\n  }\n"),
    },
    removedLine: 'DELETE /users/:id — route no longer served (code: src/users/users.controller.ts:12)',
    moved: {
      'src/users/users.controller.ts': nestController("  @Get(':id')\n  findOne(@Param('id') id: string) {\n    return this.usersService.findOne(id);\n  }\n"),
      'src/users/users-admin.controller.ts':
        "import { Controller, Delete, Param } from '@nestjs/common';\n\n@Controller({ path: 'users' })\nexport class UsersAdminController {\n  @Delete(':userId')\n  remove(@Param('userId') id: string) {}\n}\n",
    },
    renamed: {
      'src/users/users.controller.ts': nestController(
        "  @Get(':userId')\n  findOne(@Param('userId') id: string) {\n    return this.usersService.findOne(id);\n  }\n\n  @Delete(':userId')\n  remove(@Param('userId') id: string) {\n    return this.usersService.remove(id);\n  }\n",
      ),
    },
    dynamic: {
      'src/users/users.controller.ts': nestController(
        "  @Get(':id')\n  findOne(@Param('id') id: string) {}\n\n  @Delete(':id')\n  remove(@Param('id') id: string) {}\n\n  @Get(LEGACY_PATHS.profile)\n  profile() {}\n",
      ),
    },
    dynamicReason: 'the path is not a literal',
  },
  {
    name: 'tsoa',
    sources: ['src/controllers/**/*.ts'],
    v1: {
      'src/controllers/dashboardController.ts': tsoaController(
        "  @Get('{dashboardUuid}')\n  public async get(@Path() dashboardUuid: string) {}\n\n  @Hidden()\n  @Post('{dashboardUuid}/duplicate')\n  public async duplicate(@Path() dashboardUuid: string) {}\n",
      ),
    },
    removed: { 'src/controllers/dashboardController.ts': tsoaController("  @Get('{dashboardUuid}')\n  public async get(@Path() dashboardUuid: string) {}\n") },
    removedLine: 'POST /api/v1/dashboards/{dashboardUuid}/duplicate — route no longer served (code: src/controllers/dashboardController.ts:10)',
    moved: {
      'src/controllers/dashboardController.ts': tsoaController("  @Get('{dashboardUuid}')\n  public async get(@Path() dashboardUuid: string) {}\n"),
      'src/controllers/v1/duplicateController.ts':
        "import { Controller, Hidden, Path, Post, Route } from 'tsoa';\n\n@Route('api/v1')\n@Hidden()\nexport class DuplicateController extends Controller {\n  @Post('dashboards/{uuid}/duplicate')\n  public async duplicate(@Path() uuid: string) {}\n}\n",
    },
    renamed: {
      'src/controllers/dashboardController.ts': tsoaController(
        "  @Get('{uuid}')\n  public async get(@Path() uuid: string) {}\n\n  @Hidden()\n  @Post('{uuid}/duplicate')\n  public async duplicate(@Path() uuid: string) {}\n",
      ),
    },
    dynamic: {
      'src/controllers/dashboardController.ts': tsoaController(
        "  @Get('{dashboardUuid}')\n  public async get(@Path() dashboardUuid: string) {}\n\n  @Hidden()\n  @Post(`${DUPLICATE}`)\n  public async duplicate(@Path() dashboardUuid: string) {}\n",
      ),
    },
    dynamicReason: 'the path is not a literal',
  },
  {
    name: 'Next.js',
    sources: ['app/**/route.ts', 'pages/api/**/*.ts'],
    v1: {
      'app/api/projects/[projectId]/route.ts':
        "import { NextResponse } from 'next/server';\n\nexport async function GET(request: Request, { params }: { params: { projectId: string } }) {\n  return NextResponse.json({});\n}\n\nexport async function DELETE(request: Request) {\n  return new Response(null, { status: 204 });\n}\n",
      'pages/api/health.ts': 'export default function handler(req, res) {\n  res.status(200).json({ ok: true });\n}\n',
    },
    removed: {
      'app/api/projects/[projectId]/route.ts':
        "import { NextResponse } from 'next/server';\n\nexport async function GET(request: Request, { params }: { params: { projectId: string } }) {\n  return NextResponse.json({});\n}\n",
    },
    removedLine: 'DELETE /api/projects/:projectId — route no longer served (code: app/api/projects/[projectId]/route.ts:7)',
    moved: {
      'app/api/projects/[projectId]/route.ts': null,
      'app/(dashboard)/api/projects/[projectId]/route.ts': "export { GET, DELETE } from '@/server/projects';\n",
    },
    renamed: {
      'app/api/projects/[projectId]/route.ts': null,
      'app/api/projects/[id]/route.ts': 'export async function GET() {}\nexport async function DELETE() {}\n',
    },
    dynamic: { 'app/api/projects/[projectId]/route.ts': "export * from '@/server/projects';\n" },
    dynamicReason: '`export *` hides which methods are exported',
  },
];
