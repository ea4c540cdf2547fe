import { describe, expect, it } from 'vitest';
import { servedRoutesOf } from '../../../../test/helpers/route-rules.js';
import { extractRoutes } from './extract.js';

/** What each framework module reads, on shapes taken from real services (middlewares, chains, mounts in other files). */

const served = (files: Record<string, string>) =>
  servedRoutesOf(files)
    .map((route) => `${route.method} ${route.anchor ? '…' : ''}${route.path} ${route.file}:${route.line}`)
    .sort();
const unreadable = (text: string, path = 'src/r.ts') => {
  const extraction = extractRoutes(text, path);
  if (!extraction.ok) return [extraction.reason];
  return extraction.unreadable;
};

describe('Express', () => {
  it('reads routers with middlewares, route chains and mounts across files', () => {
    expect(
      served({
        'src/app.ts': `import express from 'express';
import { apiV1Router } from './routers/apiV1Router';
const app = express();
app.use(express.json());
app.use('/api/v1', apiV1Router);
app.get('/health', (req, res) => res.send('ok'));
`,
        'src/routers/apiV1Router.ts': `import express, { type Router } from 'express';
import { projectRouter } from './projectRouter';
export const apiV1Router: Router = express.Router();
apiV1Router.post('/login', passport.authenticate('local'), (req, res, next) => {});
apiV1Router.use('/projects/:projectUuid', projectRouter);
`,
        'src/routers/projectRouter.ts': `import express from 'express';
export const projectRouter = express.Router({ mergeParams: true });
projectRouter.patch(
    '/',
    isAuthenticated,
    unauthorisedInDemo,
    async (req, res, next) => {},
);
projectRouter.route('/spaces/:spaceUuid').get(getSpace).delete(isAuthenticated, deleteSpace);
projectRouter.get(['/a', '/b'], handler, other);
`,
      }),
    ).toEqual([
      'DELETE /api/v1/projects/:projectUuid/spaces/:spaceUuid src/routers/projectRouter.ts:9',
      'GET /api/v1/projects/:projectUuid/a src/routers/projectRouter.ts:10',
      'GET /api/v1/projects/:projectUuid/b src/routers/projectRouter.ts:10',
      'GET /api/v1/projects/:projectUuid/spaces/:spaceUuid src/routers/projectRouter.ts:9',
      'GET /health src/app.ts:6',
      'PATCH /api/v1/projects/:projectUuid src/routers/projectRouter.ts:3',
      'POST /api/v1/login src/routers/apiV1Router.ts:4',
    ]);
  });

  it('does not take settings, maps and clients for routes', () => {
    expect(
      served({
        'src/r.ts': `import express from 'express';
const app = express();
const cache = new Map();
cache.get('/x'); cache.delete('/x');
app.get('trust proxy');
const client = makeClient(); client.get('/remote', { params: {} });
`,
      }),
    ).toEqual([]);
  });

  it('reports paths from variables, methods chosen at run time and loops over route tables', () => {
    expect(
      unreadable(`import express from 'express';
export const apiV1Router = express.Router();
apiV1Router.get(lightdashConfig.auth.okta.loginPath, storeOIDCRedirect, initiateOktaOpenIdLogin);
for (const route of ROUTES) apiV1Router[route.method](route.path, route.handler);
ROUTES.forEach(({ path, handler }) => apiV1Router.post(path, handler));
`),
    ).toEqual([
      'line 3: `apiV1Router.get(…)`: the path lightdashConfig.auth.okta.loginPath is not a literal',
      'line 4: `apiV1Router[route.method](…)`: the method is chosen at run time',
      'line 5: `apiV1Router.post(…)`: the path path is not a literal',
    ]);
  });

  it('resolves same-file constants and templates of them', () => {
    expect(
      served({ 'src/r.ts': "import { Router } from 'express';\nconst BASE = '/v2';\nexport const r = Router();\nr.get(`${BASE}/items`, h, h2);\n" }),
    ).toEqual(['GET …/v2/items src/r.ts:4']);
  });

  it('names the parser message for a file that does not parse', () => {
    expect(unreadable('router.get("/a", (req, res) => {')).toEqual(['src/r.ts:1 does not parse: Unexpected token']);
  });

  it('a deeply nested expression (a 1500-term concatenation) is walked without recursion, not a crash', () => {
    const chain = Array.from({ length: 1500 }, () => "'a'").join(' + ');
    expect(served({ 'src/r.ts': `import express from 'express';\nconst app = express();\nconst P = ${chain};\napp.get('/x', h, h);\n` })).toEqual([
      'GET /x src/r.ts:4',
    ]);
  });

  it('reads CommonJS routers (require, module.exports, exports.name) and names a parenthesized path as written', () => {
    const files = {
      'src/app.js': `const express = require('express');
const users = require('./users');
const { admin } = require('./admin');
const app = express();
app.use('/users', users);
app.use('/admin', admin);
exports.app = app;
`,
      'src/users.js': "const express = require('express');\nconst router = express.Router();\nrouter.get('/a', (req, res) => {});\nmodule.exports = router;\n",
      'src/admin.js': "const { Router } = require('express');\nconst admin = Router();\nadmin.delete('/b', h);\nexports.admin = admin;\n",
      'src/declarations.d.ts': 'export declare const app: unknown;\nexport const routes: string[];\n',
    };
    expect(served(files)).toEqual(['DELETE /admin/b src/admin.js:3', 'GET /users/a src/users.js:3']);
    expect(unreadable("const express = require('express');\nconst router = express.Router();\nrouter.post((PATH), h);\n", 'src/r.js')).toEqual([
      'line 3: `router.post(…)`: the path (PATH) is not a literal',
    ]);
  });
});

describe('koa-router', () => {
  it('reads RPC names as paths, with auth/validate/transaction middlewares, and mounts of child.routes()', () => {
    expect(
      served({
        'server/routes/api/index.ts': `import Router from "koa-router";
import apiKeys from "./apiKeys/apiKeys";
const router = new Router();
router.use("/", apiKeys.routes());
`,
        'server/routes/api/apiKeys/apiKeys.ts': `import Router from "koa-router";
const router = new Router();
router.post(
  "apiKeys.create",
  auth({ role: UserRole.Member, type: AuthenticationType.APP }),
  validate(T.APIKeysCreateSchema),
  transaction(),
  async (ctx: APIContext<T.APIKeysCreateReq>) => {}
);
export default router;
`,
        'server/routes/v2.ts': `import Router from '@koa/router';\nconst router = new Router({ prefix: '/api/v2' });\nrouter.get('user', '/users/:id', h);\nexport default router;\n`,
      }),
    ).toEqual(['GET …/api/v2/users/:id server/routes/v2.ts:3', 'POST …/apiKeys.create server/routes/api/apiKeys/apiKeys.ts:3']);
  });
});

describe('Fastify', () => {
  it('reads plugins, shorthand and full declarations, and register prefixes', () => {
    expect(
      served({
        'src/server.ts': `import Fastify from 'fastify';
import users from './routes/users';
const app = Fastify({ logger: true });
app.register(users, { prefix: '/api/users' });
app.register(import('./routes/health'));
`,
        'src/routes/users.ts': `import type { FastifyPluginAsync } from 'fastify';
const users: FastifyPluginAsync = async (fastify) => {
  fastify.get('/:id', { schema: { params: IdParams } }, async (request) => ({}));
  fastify.route({ method: ['PUT', 'PATCH'], url: '/:id', handler: update });
};
export default users;
`,
        'src/routes/health.ts': `export default async function (fastify, opts) {\n  fastify.get('/health', async () => 'ok');\n}\n`,
      }),
    ).toEqual([
      'GET /api/users/:id src/routes/users.ts:3',
      'GET /health src/routes/health.ts:2',
      'PATCH /api/users/:id src/routes/users.ts:4',
      'PUT /api/users/:id src/routes/users.ts:4',
    ]);
  });

  it('reports route options that are not literal', () => {
    expect(
      unreadable(
        "import type { FastifyInstance } from 'fastify';\nexport async function routes(app: FastifyInstance) {\n  app.route(buildOptions());\n  app.route({ ...defaults, url: '/x' });\n}\n",
      ),
    ).toEqual([
      'line 3: `app.route(…)`: the route options are not an object literal',
      'line 4: `app.route(…)`: the method or url of .route({ … }) is not a literal',
    ]);
  });
});

describe('Hono', () => {
  it('reads chains, basePath, on() and sub-apps mounted with route()', () => {
    expect(
      served({
        'src/index.ts': `import { Hono } from 'hono';
import posts from './routes/posts';
const app = new Hono().basePath('/api');
app.route('/posts', posts);
app.on(['GET', 'POST'], '/echo', (c) => c.text('x'));
export default app;
`,
        'src/routes/posts.ts': `import { Hono } from 'hono';
const posts = new Hono()
  .get('/', async (c) => c.json({ posts: [] }, 200))
  .get('/:postId', async (c) => c.json({ post: {} }, 200));
export default posts;
`,
      }),
    ).toEqual([
      'GET /api/echo src/index.ts:5',
      'GET /api/posts src/routes/posts.ts:3',
      'GET /api/posts/:postId src/routes/posts.ts:4',
      'POST /api/echo src/index.ts:5',
    ]);
  });
});

describe('NestJS and tsoa', () => {
  it('joins the controller prefix and the method path; tsoa @Hidden routes count', () => {
    expect(
      served({
        'src/users/users.controller.ts': `import { Controller, Get, Post, Delete, Param, Body } from '@nestjs/common';
@Controller('users')
export class UsersController {
  @Get()
  findAll() {}
  @Get(':id')
  findOne(@Param('id') id: string) {}
  @Post()
  create(@Body() dto: CreateUserDto) {}
  @Delete([':id', 'by-uuid/:uuid'])
  remove() {}
}
`,
        'src/controllers/hidden.ts': `import { Controller, Get, Hidden, Post, Route } from 'tsoa';
@Route('Controller')
export class HiddenMethodController extends Controller {
  @Get('normalGetMethod')
  public async normal(): Promise<void> {}
  @Post('hiddenPostMethod')
  @Hidden()
  public async hidden(): Promise<void> {}
}
`,
      }),
    ).toEqual([
      'DELETE /users/:id src/users/users.controller.ts:10',
      'DELETE /users/by-uuid/:uuid src/users/users.controller.ts:10',
      'GET /Controller/normalGetMethod src/controllers/hidden.ts:4',
      'GET /users src/users/users.controller.ts:4',
      'GET /users/:id src/users/users.controller.ts:6',
      'POST /Controller/hiddenPostMethod src/controllers/hidden.ts:6',
      'POST /users src/users/users.controller.ts:8',
    ]);
  });

  it('reports a path that is not a literal', () => {
    expect(unreadable("import { Controller, Get } from '@nestjs/common';\n@Controller(PREFIX)\nexport class A {\n  @Get('x') x() {}\n}\n")).toEqual([
      "line 4: `@Get('x')` in a controller whose prefix is not a literal: the path is not a literal",
    ]);
  });
});

describe('Next.js', () => {
  it('reads app router route files and pages/api handlers', () => {
    expect(
      served({
        'apps/web/src/app/(admin)/api/users/[id]/route.ts':
          'export async function GET(request: Request) {}\nexport const { POST } = handlers;\nexport { remove as DELETE };\n',
        'src/app/api/auth/[...nextauth]/route.ts': "import { handlers } from '@/auth';\nexport const { GET, POST } = handlers;\n",
        'pages/api/legacy/[slug].ts': 'export default function handler(req, res) {}\n',
        'app/_lib/route.ts': 'export function GET() {}\n',
      }),
    ).toEqual([
      'ALL /api/legacy/:slug pages/api/legacy/[slug].ts:1',
      'DELETE /api/users/:id apps/web/src/app/(admin)/api/users/[id]/route.ts:3',
      'GET /api/auth/*nextauth src/app/api/auth/[...nextauth]/route.ts:2',
      'GET /api/users/:id apps/web/src/app/(admin)/api/users/[id]/route.ts:1',
      'POST /api/auth/*nextauth src/app/api/auth/[...nextauth]/route.ts:2',
      'POST /api/users/:id apps/web/src/app/(admin)/api/users/[id]/route.ts:2',
    ]);
  });

  it('reports export * (the methods cannot be known)', () => {
    expect(unreadable("export * from './handlers';\n", 'app/api/x/route.ts')).toEqual(['line 1: `export *` hides which methods are exported']);
  });
});
