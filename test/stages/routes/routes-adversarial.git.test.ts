import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { renderFinding } from '../../../src/rules/types.js';
import { restStage } from '../../../src/stages/rest/index.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../helpers/git-stage-input.js';

/**
 * Releases that once came out `checked: true, breaking: false` although a route moved, was removed
 * or could not be read (adversarial review of the routes read from code), over real git
 * repositories: only the files a release changes are read, so each case changes as little as the
 * real release would (often only the file that mounts the router, not the router).
 */

type Files = Record<string, string | null>;

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());
afterAll(() => closeGitStageInputs());

async function release(base: Files, head: Files, sources = ['src/**/*.ts']) {
  repo = createRepo();
  repo.commit({ ...base, 'README.md': 'service\n' }, { tag: '1.0.0' });
  repo.commit(head, { tag: '1.1.0' });
  const input = await gitStageInput(repo.dir, '1.0.0', '1.1.0', { openapi: false, routes: { sources } });
  const result = await restStage.run(input);
  const lines = result.findings.map((finding) => {
    const rendered = renderFinding(
      restStage.rules.find((rule) => rule.id === finding.rule)!,
      finding,
    );
    return `${rendered.level} ${rendered.message}`;
  });
  return { verdict: result.verdict, breaking: lines.filter((line) => line.startsWith('breaking')).sort(), notes: result.notes };
}

const usersRouter =
  "import { Router } from 'express';\nexport const users = Router();\nusers.get('/:id', async (req, res) => res.json({}));\nusers.delete('/:id', async (req, res) => res.json({}));\n";
const expressApp = (mounts: string, imports = "import { users } from './routers/users';\n") =>
  `import express from 'express';\n${imports}const app = express();\napp.use(express.json());\n${mounts}\nexport default app;\n`;

describe('a mount changed in a file that is not the router', () => {
  it('Express: the prefix changed in app.ts only moves every route of the (unchanged) router', async () => {
    const { verdict, breaking } = await release(
      { 'src/app.ts': expressApp("app.use('/api/v1/users', users);"), 'src/routers/users.ts': usersRouter },
      { 'src/app.ts': expressApp("app.use('/api/v2/users', users);") },
    );
    expect(verdict).toEqual({ checked: true, breaking: true });
    expect(breaking).toEqual([
      'breaking DELETE /api/v1/users/:id — route no longer served (code: src/routers/users.ts:4)',
      'breaking GET /api/v1/users/:id — route no longer served (code: src/routers/users.ts:3)',
    ]);
  });

  it('Express: a router no longer mounted (import kept, or gone too) serves nothing', async () => {
    for (const head of [expressApp(''), expressApp('', '')]) {
      const { verdict, breaking } = await release(
        { 'src/app.ts': expressApp("app.use('/api/v1/users', users);"), 'src/routers/users.ts': usersRouter },
        { 'src/app.ts': head },
      );
      expect(verdict).toEqual({ checked: true, breaking: true });
      expect(breaking).toHaveLength(2);
      repo?.cleanup();
    }
  });

  it('Express: a prefix changed in the middle of a chain of routers (app → api → users)', async () => {
    const api = (prefix: string) =>
      `import { Router } from 'express';\nimport { users } from './routers/users';\nexport const api = Router();\napi.use('${prefix}', users);\n`;
    const { verdict, breaking } = await release(
      {
        'src/app.ts': "import express from 'express';\nimport { api } from './api';\nconst app = express();\napp.use('/api', api);\n",
        'src/api.ts': api('/users'),
        'src/routers/users.ts': usersRouter,
      },
      { 'src/api.ts': api('/people') },
    );
    expect(verdict).toEqual({ checked: true, breaking: true });
    expect(breaking).toEqual([
      'breaking DELETE /api/users/:id — route no longer served (code: src/routers/users.ts:4)',
      'breaking GET /api/users/:id — route no longer served (code: src/routers/users.ts:3)',
    ]);
  });

  it('Express: a changed app prefix moves the unchanged routers of a router read first as an importer (api → users changed, orders not)', async () => {
    const api =
      "import { Router } from 'express';\nimport { users } from './routers/users';\nimport { orders } from './routers/orders';\nexport const api = Router();\napi.use('/users', users);\napi.use('/orders', orders);\n";
    const app = (prefix: string) => `import express from 'express';\nimport { api } from './api';\nconst app = express();\napp.use('${prefix}', api);\n`;
    const orders = "import { Router } from 'express';\nexport const orders = Router();\norders.get('/list', async (req, res) => res.json([]));\n";
    const { verdict, breaking } = await release(
      { 'src/app.ts': app('/v1'), 'src/api.ts': api, 'src/routers/users.ts': usersRouter, 'src/routers/orders.ts': orders },
      { 'src/app.ts': app('/v2'), 'src/routers/users.ts': `${usersRouter}// touched\n` },
    );
    expect(verdict).toEqual({ checked: true, breaking: true });
    expect(breaking).toEqual([
      'breaking DELETE /v1/users/:id — route no longer served (code: src/routers/users.ts:4)',
      'breaking GET /v1/orders/list — route no longer served (code: src/routers/orders.ts:3)',
      'breaking GET /v1/users/:id — route no longer served (code: src/routers/users.ts:3)',
    ]);
  });

  it('Express: an unchanged app file that mounts a changed router does not read its other routers (nothing of theirs moves)', async () => {
    const orders = "import { Router } from 'express';\nexport const orders = Router();\norders.get('/list', async (req, res) => res.json([]));\n";
    const app = expressApp(
      "app.use('/users', users);\napp.use('/orders', orders);",
      "import { users } from './routers/users';\nimport { orders } from './routers/orders';\n",
    );
    const { verdict, breaking } = await release(
      { 'src/app.ts': app, 'src/routers/users.ts': usersRouter, 'src/routers/orders.ts': orders },
      { 'src/routers/users.ts': usersRouter.replace("users.delete('/:id', async (req, res) => res.json({}));\n", '') },
    );
    expect(verdict).toEqual({ checked: true, breaking: true });
    expect(breaking).toEqual(['breaking DELETE /users/:id — route no longer served (code: src/routers/users.ts:4)']);
  });

  it('Express: a parameter of the mount prefix renamed is still no change', async () => {
    const { verdict, breaking } = await release(
      { 'src/app.ts': expressApp("app.use('/orgs/:orgId/users', users);"), 'src/routers/users.ts': usersRouter },
      { 'src/app.ts': expressApp("app.use('/orgs/:organizationId/users', users);") },
    );
    expect(verdict).toEqual({ checked: true, breaking: false });
    expect(breaking).toEqual([]);
  });

  it('Hono: app.route() prefix changed in the index only', async () => {
    const index = (prefix: string) =>
      `import { Hono } from 'hono';\nimport posts from './routes/posts';\nconst app = new Hono();\napp.route('${prefix}', posts);\nexport default app;\n`;
    const { verdict, breaking } = await release(
      {
        'src/index.ts': index('/posts'),
        'src/routes/posts.ts': "import { Hono } from 'hono';\nconst posts = new Hono().get('/:id', (c) => c.json({}));\nexport default posts;\n",
      },
      { 'src/index.ts': index('/articles') },
    );
    expect(verdict).toEqual({ checked: true, breaking: true });
    expect(breaking).toEqual(['breaking GET /posts/:id — route no longer served (code: src/routes/posts.ts:2)']);
  });
});

describe('mounts the reader cannot follow are unknown, not skipped', () => {
  it('routers mounted in a loop (for…in over a module, forEach over a table, Hono app.route in forEach)', async () => {
    const forIn = (prefix: string) =>
      `const express = require('express');\nconst app = new express();\nconst routersAll = require('./router/index');\nfor (const prop in routersAll) {\n  if (routersAll.hasOwnProperty(prop)) app.use('${prefix}', routersAll[prop]);\n}\n`;
    const forEach = (prefix: string) =>
      `import express from 'express';\nimport routes from './routes/index.js';\nconst app = express();\nroutes.forEach((route) => {\n  app.use(\`${prefix}/\${route.path}\`, route.router);\n});\nexport default app;\n`;
    const hono = (prefix: string) =>
      `import { Hono } from 'hono';\nimport hello from './routes/hello';\nconst app = new Hono();\nconst routes = [hello] as const;\nroutes.forEach((route) => {\n  app.route('${prefix}', route);\n});\nexport default app;\n`;
    const cases = [
      [forIn, 'line 5: `app.use(…)`: the router mounted as routersAll[prop] cannot be followed'],
      [forEach, 'line 5: `app.use(…)`: the router mounted as route.router cannot be followed'],
      [hono, 'line 6: `app.route(…)`: the router mounted as route cannot be followed'],
    ] as const;
    for (const [source, reason] of cases) {
      const { verdict, notes } = await release({ 'src/app.ts': source('/api') }, { 'src/app.ts': source('/v2') });
      expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
      expect(notes).toContain(`routes of src/app.ts at the head ref cannot be read: ${reason}`);
      repo?.cleanup();
    }
  });

  it('Fastify: routes loaded from a folder by @fastify/autoload', async () => {
    const app = (prefix: string) =>
      `import AutoLoad from '@fastify/autoload';\nimport type { FastifyPluginAsync } from 'fastify';\nconst app: FastifyPluginAsync = async (fastify, opts) => {\n  await fastify.register(AutoLoad, { dir: join(__dirname, 'routes'), options: { prefix: '${prefix}' } });\n};\nexport default app;\n`;
    const { verdict, notes } = await release(
      { 'src/app.ts': app('/api'), 'src/routes/users/index.ts': "export default async function (fastify) {\n  fastify.get('/', async () => []);\n}\n" },
      { 'src/app.ts': app('/v2') },
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toContain(
      'routes of src/app.ts at the head ref cannot be read: line 4: `fastify.register(…)`: the routes are loaded from a folder by @fastify/autoload: their files and prefixes are not followed',
    );
  });

  it('Express: a mount at a list of paths is a mount at each (one of them dropped)', async () => {
    const { verdict, breaking } = await release(
      { 'src/app.ts': expressApp("app.use(['/api/users', '/users'], users);"), 'src/routers/users.ts': usersRouter },
      { 'src/app.ts': expressApp("app.use(['/api/users'], users);") },
    );
    expect(verdict).toEqual({ checked: true, breaking: true });
    expect(breaking).toEqual([
      'breaking DELETE /users/:id — route no longer served (code: src/routers/users.ts:4)',
      'breaking GET /users/:id — route no longer served (code: src/routers/users.ts:3)',
    ]);
  });

  it('Express: a mount prefix from a variable that changed moves the routes; unchanged, it is no change', async () => {
    const moved = await release(
      { 'src/app.ts': expressApp('app.use(config.apiPrefix, users);'), 'src/routers/users.ts': usersRouter },
      { 'src/app.ts': expressApp('app.use(config.apiV2Prefix, users);') },
    );
    expect(moved.verdict).toEqual({ checked: true, breaking: true });
    expect(moved.breaking).toEqual([
      'breaking DELETE …/:id — route no longer served (code: src/routers/users.ts:4)',
      'breaking GET …/:id — route no longer served (code: src/routers/users.ts:3)',
    ]);
    repo?.cleanup();
    const same = await release(
      { 'src/app.ts': expressApp('app.use(config.apiPrefix, users);'), 'src/routers/users.ts': usersRouter },
      { 'src/app.ts': `${expressApp('app.use(config.apiPrefix, users);')}// touched\n` },
    );
    expect(same.verdict).toEqual({ checked: true, breaking: false });
  });

  it('common middlewares next to routers stay readable (no false alarm)', async () => {
    const app = (extra: string) => `import express from 'express';
import cors from 'cors';
import * as Sentry from '@sentry/node';
import swaggerUi from 'swagger-ui-express';
import { users } from './routers/users';
import { errorHandler } from './middlewares/errors';
const app = express();
const limiter = rateLimit({ windowMs: 60_000 });
function notFound(req, res) { res.status(404).end(); }
app.use(Sentry.Handlers.requestHandler());
app.use(express.json());
app.use(cors());
app.use('/static', express.static('public'));
app.use('/docs', swaggerUi.serve, swaggerUi.setup(spec));
app.use('/api/users', limiter, users);
app.use(limiter, users);
app.use((req, res, next) => next());
app.use(notFound);
app.use(errorHandler);
${extra}export default app;
`;
    const { verdict, notes } = await release(
      { 'src/app.ts': app(''), 'src/routers/users.ts': usersRouter },
      { 'src/app.ts': app("app.get('/health', (req, res) => res.send('ok'));\n") },
    );
    expect(notes).toEqual([]);
    expect(verdict).toEqual({ checked: true, breaking: false });
  });
});

describe('registrations that were read as nothing', () => {
  it("Express: app['delete']('/p', h) is a route like app.delete('/p', h)", async () => {
    const router = (routes: string) => `import { Router } from 'express';\nexport const r = Router();\n${routes}`;
    const { verdict, breaking } = await release(
      { 'src/r.ts': router("r['get']('/a', h);\nr['delete']('/a', h);\n") },
      { 'src/r.ts': router("r['get']('/a', h);\n") },
    );
    expect(verdict).toEqual({ checked: true, breaking: true });
    expect(breaking).toEqual(['breaking DELETE …/a — route no longer served (code: src/r.ts:4)']);
  });

  it("koa-router: router.prefix('/v1') changed moves every route of the router", async () => {
    const router = (prefix: string) =>
      `import Router from '@koa/router';\nconst router = new Router();\nrouter.prefix('${prefix}');\nrouter.get('/users', list);\nexport default router;\n`;
    const { verdict, breaking } = await release({ 'src/r.ts': router('/v1') }, { 'src/r.ts': router('/v2') });
    expect(verdict).toEqual({ checked: true, breaking: true });
    expect(breaking).toEqual(['breaking GET …/v1/users — route no longer served (code: src/r.ts:4)']);
  });

  it('Koa: a router no longer mounted on the application serves nothing; routers required in a readdir loop are unknown', async () => {
    const server = (mounts: string) =>
      `import Koa from 'koa';\nimport api from './routes/api';\nimport auth from './routes/auth';\nconst app = new Koa();\napp.use(bodyParser());\n${mounts}app.listen(3000);\n`;
    const routes = (name: string) =>
      `import Router from 'koa-router';\nconst router = new Router({ prefix: '/${name}' });\nrouter.post('${name}.list', auth(), async (ctx) => {});\nexport default router;\n`;
    const unmounted = await release(
      {
        'src/server.ts': server('app.use(api.routes());\napp.use(auth.routes()).use(auth.allowedMethods());\n'),
        'src/routes/api.ts': routes('api'),
        'src/routes/auth.ts': routes('auth'),
      },
      { 'src/server.ts': server('app.use(api.routes());\n') },
    );
    expect(unmounted.verdict).toEqual({ checked: true, breaking: true });
    expect(unmounted.breaking).toEqual(['breaking POST /auth/auth.list — route no longer served (code: src/routes/auth.ts:3)']);
    repo?.cleanup();

    const loop = (prefix: string) =>
      `const fs = require('fs');\nmodule.exports = (app) => {\n  fs.readdirSync(__dirname).forEach((file) => {\n    if (file === 'index.js') return;\n    const route = require(\`./\${file}\`);\n    route.prefix('${prefix}');\n    app.use(route.routes()).use(route.allowedMethods());\n  });\n};\n`;
    const dynamic = await release({ 'src/routers/index.js': loop('/api') }, { 'src/routers/index.js': loop('/v2') }, ['src/**/*.js']);
    expect(dynamic.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(dynamic.notes).toContain(
      'routes of src/routers/index.js at the head ref cannot be read: line 7: `app.use(…)`: the router mounted as route.routes() cannot be followed',
    );
  });
});

describe('NestJS: what moves a controller route besides its decorators', () => {
  const controller = (options: string, method = '') =>
    `import { Controller, Get, Version } from '@nestjs/common';\n@Controller(${options})\nexport class UsersController {\n${method}  @Get(':id')\n  findOne() {}\n}\n`;

  it('a version changed (controller option or @Version) is a moved route; unchanged it is none', async () => {
    const byController = await release(
      { 'src/users.controller.ts': controller("{ path: 'users', version: ['1', '2'] }") },
      { 'src/users.controller.ts': controller("{ path: 'users', version: '2' }") },
    );
    expect(byController.verdict).toEqual({ checked: true, breaking: true });
    expect(byController.breaking).toEqual(['breaking GET /v1/users/:id — route no longer served (code: src/users.controller.ts:4)']);
    repo?.cleanup();
    const byMethod = await release(
      { 'src/users.controller.ts': controller("'users'", "  @Version('1')\n") },
      { 'src/users.controller.ts': controller("'users'", "  @Version('2')\n") },
    );
    expect(byMethod.breaking).toEqual(['breaking GET /v1/users/:id — route no longer served (code: src/users.controller.ts:5)']);
    repo?.cleanup();
    const same = await release(
      { 'src/users.controller.ts': controller("{ path: 'users', version: '1' }") },
      { 'src/users.controller.ts': `${controller("{ path: 'users', version: '1' }")}// touched\n` },
    );
    expect(same.verdict).toEqual({ checked: true, breaking: false });
    repo?.cleanup();
    const dynamic = await release(
      { 'src/users.controller.ts': controller("'users'") },
      { 'src/users.controller.ts': controller("'users'", '  @Version(API_VERSION)\n') },
    );
    expect(dynamic.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(dynamic.notes).toContain(
      "routes of src/users.controller.ts at the head ref cannot be read: line 5: `@Get(':id')`: the version of the route is not a literal",
    );
  });

  it('the global prefix changed in main.ts (controllers untouched) is unknown', async () => {
    const main = (prefix: string) =>
      `import { NestFactory } from '@nestjs/core';\nimport { AppModule } from './app.module';\nasync function bootstrap() {\n  const app = await NestFactory.create(AppModule);\n  app.setGlobalPrefix('${prefix}');\n  await app.listen(3000);\n}\nbootstrap();\n`;
    const { verdict, notes } = await release(
      { 'src/main.ts': main('api'), 'src/users.controller.ts': controller("'users'") },
      { 'src/main.ts': main('api/v2') },
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toEqual([
      "routes of src/main.ts: the settings that move every route changed (line 5 `app.setGlobalPrefix('api')` → line 5 `app.setGlobalPrefix('api/v2')`): the routes of files the release did not change are not read",
    ]);
  });
});

describe('a registration that changes through an import', () => {
  it('a path from an imported constant whose file changed is read through the import: the route moved, though the router file did not change', async () => {
    const router =
      "import { Router } from 'express';\nimport { PATHS } from './paths';\nexport const router = Router();\nrouter.get(PATHS.users, auth, list);\nrouter.get(config.healthPath, health);\n";
    const { verdict, breaking, notes } = await release(
      { 'src/r.ts': router, 'src/paths.ts': "export const PATHS = { users: '/users' };\n" },
      { 'src/paths.ts': "export const PATHS = { users: '/people' };\n" },
    );
    expect(verdict).toEqual({ checked: true, breaking: true });
    expect(breaking).toEqual(['breaking GET …/users — route no longer served (code: src/r.ts:4)']);
    // config.healthPath is a global whose expression did not change: the same at both refs.
    expect(notes).toEqual([]);
  });

  it('a path from an imported value that is no constant, whose file changed, is unknown (the per-route differential)', async () => {
    const router =
      "import { Router } from 'express';\nimport { PATHS } from './paths';\nexport const router = Router();\nrouter.get(PATHS.users, auth, list);\n";
    const paths = (fallback: string) => `export const PATHS = { users: process.env.USERS_PATH ?? '${fallback}' };\n`;
    const { verdict, notes } = await release({ 'src/r.ts': router, 'src/paths.ts': paths('/users') }, { 'src/paths.ts': paths('/people') });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toEqual([
      'routes of src/r.ts at the base ref cannot be read: line 4: `router.get(…)`: the path PATHS.users is not a literal',
      'routes of src/r.ts at the head ref cannot be read: line 4: `router.get(…)`: the path PATHS.users is not a literal',
    ]);
  });
});

describe('a registration that depends on a file outside the route sources (differential soundness)', () => {
  const router = "import { Router } from 'express';\nimport { PATHS } from '../config';\nexport const router = Router();\nrouter.get(PATHS.users, list);\n";
  const config = { 'src/config/index.ts': "export { PATHS } from './paths';\n" };

  it('a path from a constant re-exported by an unchanged module, whose own file changed, is read through the re-export', async () => {
    const { verdict, breaking } = await release(
      {
        'src/routes/r.ts': router,
        ...config,
        'src/config/paths.ts': "export const PATHS = { users: '/users' };\n",
        'src/routes/other.ts': 'export const x = 1;\n',
      },
      { 'src/config/paths.ts': "export const PATHS = { users: '/people' };\n", 'src/routes/other.ts': 'export const x = 2;\n' },
      ['src/routes/**/*.ts'],
    );
    expect(verdict).toEqual({ checked: true, breaking: true });
    expect(breaking).toEqual(['breaking GET …/users — route no longer served (code: src/routes/r.ts:4)']);
  });

  it('the same registration, with everything it imports identical at both refs, is no change', async () => {
    const { verdict } = await release(
      {
        'src/routes/r.ts': router,
        ...config,
        'src/config/paths.ts': "export const PATHS = { users: '/users' };\n",
        'src/routes/other.ts': 'export const x = 1;\n',
      },
      { 'src/routes/other.ts': 'export const x = 2;\n' },
      ['src/routes/**/*.ts'],
    );
    expect(verdict).toEqual({ checked: true, breaking: false });
  });
});

describe('a registration under a run-time condition', () => {
  const router = (body: string) => `import { Router } from 'express';\nexport const users = Router();\n${body}\n`;
  const served = (condition?: string) =>
    condition === undefined
      ? "users.get('/legacy', async (req, res) => res.json({}));"
      : `if (${condition}) {\n  users.get('/legacy', async (req, res) => res.json({}));\n}`;
  const app = (mount = "app.use('/users', users);") => expressApp(mount);

  it('a route that becomes conditional (or changes its condition) may no longer be served: unknown, naming the route and the condition', async () => {
    for (const [before, after] of [
      [undefined, 'process.env.LEGACY_API'],
      ['flags.legacy', 'flags.legacyApi'],
    ] as const) {
      const { verdict, notes } = await release(
        { 'src/app.ts': app(), 'src/routers/users.ts': router(served(before)) },
        { 'src/routers/users.ts': router(served(after)) },
      );
      expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
      expect(notes).toEqual([
        expect.stringMatching(
          new RegExp(`^GET /users/legacy \\(src/routers/users\\.ts:4\\) is served at the head only when \`${after.replace(/\./g, '\\.')}\``),
        ),
      ]);
      repo?.cleanup();
    }
  });

  it("a mount that becomes conditional moves its router's routes under that condition: unknown", async () => {
    const { verdict, notes } = await release(
      { 'src/app.ts': app(), 'src/routers/users.ts': router(served()) },
      { 'src/app.ts': app("if (config.enableUsers) app.use('/users', users);") },
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toEqual([expect.stringContaining('is served at the head only when `config.enableUsers` (always served before)')]);
  });

  it('the same condition at both refs, a condition dropped, or an `else` kept: no change', async () => {
    const cases: Array<[string, string]> = [
      [router(served('flags.legacy')), router(`${served('flags.legacy')}\n// touched`)],
      [router(served('flags.legacy')), router(served())],
      [
        router(`if (isProd) {\n  users.get('/a', h);\n} else {\n  users.get('/b', h);\n}\nfunction h() {}`),
        router(`if (isProd) {\n  users.get('/a', h);\n} else {\n  users.get('/b', h);\n}\nfunction h() { return 1; }`),
      ],
    ];
    for (const [base, head] of cases) {
      const { verdict, breaking } = await release({ 'src/app.ts': app(), 'src/routers/users.ts': base }, { 'src/routers/users.ts': head });
      expect(verdict).toEqual({ checked: true, breaking: false });
      expect(breaking).toEqual([]);
      repo?.cleanup();
    }
  });
});

describe('a registration behind a guard that leaves first', () => {
  it('`if (!flag) return;` before a route makes it conditional: unknown; the same guard at both refs is no change', async () => {
    const register = (guard: string) =>
      `import type { Router } from 'express';\nexport function registerLegacy(users: Router) {\n  ${guard}\n  users.get('/legacy', async (req, res) => res.json({}));\n}\n`;
    const router = "import { Router } from 'express';\nimport { registerLegacy } from './legacy';\nexport const users = Router();\nregisterLegacy(users);\n";
    const files = (guard: string) => ({
      'src/app.ts': expressApp("app.use('/users', users);"),
      'src/routers/users.ts': router,
      'src/routers/legacy.ts': register(guard),
    });
    const changed = await release(files(''), { 'src/routers/legacy.ts': register('if (!config.legacyApi) return;') });
    expect(changed.notes.some((note) => note.includes('only when `!(!config.legacyApi)`'))).toBe(true);
    repo?.cleanup();
    const same = await release(files('if (!config.legacyApi) return;'), {
      'src/routers/legacy.ts': `${register('if (!config.legacyApi) return;')}// touched\n`,
    });
    expect(same.notes).toEqual([]);
  });
});
