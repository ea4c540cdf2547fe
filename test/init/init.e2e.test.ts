import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { buildFixtureRepo, createRepo, type TestRepo } from '../helpers/git-fixture.js';

/**
 * `init` on three layouts: the bundled example, a Prisma + Express + zod-env service, and a knex +
 * koa-router service. Its config, used as it is, makes `generate` reach a decided verdict.
 */
const repos: TestRepo[] = [];
let out: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'rs-init-'));
});
afterAll(() => {
  for (const repo of repos) repo.cleanup();
  rmSync(out, { recursive: true, force: true });
});

function decided(repo: TestRepo, from: string, to: string, config: string) {
  const target = join(out, `${from}-${to}-${repos.indexOf(repo)}.json`);
  const run = runCli(['generate', '--repo', repo.dir, '--from', from, '--to', to, '--config', config, '--out', target, '--quiet']);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(readFileSync(target, 'utf8')) as {
    compatibility: { rollingUpdateSafe: unknown };
    api: Record<string, { checked: boolean }>;
    config: { checked: boolean };
  };
}

describe('init', () => {
  it('on the bundled example: finds every surface; generate decides', () => {
    const repo = buildFixtureRepo('fixtures/example');
    repos.push(repo);
    repo.write({ 'release-safety.config.json': null });
    const run = runCli(['init', '--repo', repo.dir]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('migrations: configured — db/migrations (3 files)');
    const config = JSON.parse(readFileSync(join(repo.dir, 'release-safety.config.json'), 'utf8')) as Record<string, unknown>;
    expect(config).toMatchObject({
      migrations: [{ dir: 'db/migrations', edition: 'core' }],
      openapi: 'api/openapi.json',
      mcpTools: 'mcp/tools.json',
      routes: false,
      env: { sources: ['src/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'], envFiles: ['.env.example'] },
    });
    const artifact = decided(repo, '1.1.0', '1.2.0', join(repo.dir, 'release-safety.config.json'));
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(artifact.api.rest!.checked && artifact.api.mcp!.checked && artifact.config.checked).toBe(true);
  });

  it('never overwrites without --force; --print writes nothing', () => {
    const repo = repos[0]!;
    const again = runCli(['init', '--repo', repo.dir]);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('exists: init never overwrites it without --force');
    const printed = runCli(['init', '--repo', repo.dir, '--print', '--out', join(out, 'never.json')]);
    expect(printed.status).toBe(0);
    expect(JSON.parse(printed.stdout)).toHaveProperty('migrations');
    expect(printed.stderr).toContain('# openapi: configured');
    expect(existsSync(join(out, 'never.json'))).toBe(false);
    expect(runCli(['init', '--repo', repo.dir, '--force']).status).toBe(0);
  });

  it('on a Prisma + Express service with a committed spec: migration folders, routes, env; no MCP; generate decides', () => {
    const repo = createRepo();
    repos.push(repo);
    const users = "import { Router } from 'express';\nexport const users = Router();\nusers.get('/users', (_req, res) => res.json([]));\n";
    const spec = (extra: string) =>
      `openapi: 3.0.3\ninfo:\n  title: svc\n  version: 1.0.0\npaths:\n  /api/users:\n    get:\n      responses:\n        '200':\n          description: ok\n${extra}`;
    repo.commit(
      {
        'package.json': JSON.stringify({
          name: 'svc',
          dependencies: { express: '^4.21.0', '@prisma/client': '^5.22.0', zod: '^3.23.0' },
          devDependencies: { prisma: '^5.22.0' },
        }),
        'prisma/schema.prisma': 'datasource db {\n  provider = "postgresql"\n  url = env("DATABASE_URL")\n}\n',
        'prisma/migrations/migration_lock.toml': 'provider = "postgresql"\n',
        'prisma/migrations/20240101000000_init/migration.sql':
          'CREATE TABLE "User" ("id" SERIAL NOT NULL, "name" TEXT, CONSTRAINT "User_pkey" PRIMARY KEY ("id"));\n',
        'docs/api/openapi.yaml': spec(''),
        'src/routes/users.ts': users,
        'src/app.ts':
          "import express from 'express';\nimport { users } from './routes/users';\nconst app = express();\napp.use('/api', users);\napp.listen(Number(process.env.PORT ?? '3000'));\n",
        'src/app.test.ts': "process.env.PORT = '0';\n",
        '.env.example': 'PORT=3000\nDATABASE_URL=postgres://localhost/svc\n',
      },
      { tag: '1.0.0' },
    );
    repo.commit(
      {
        'prisma/migrations/20240201000000_add_email/migration.sql': 'ALTER TABLE "User" ADD COLUMN "email" TEXT;\n',
        'src/routes/users.ts': `${users}users.post('/users', (_req, res) => res.status(201).end());\n`,
        'docs/api/openapi.yaml': spec("    post:\n      responses:\n        '201':\n          description: created\n"),
      },
      { tag: '1.1.0' },
    );
    const configFile = join(out, 'prisma.json');
    const run = runCli(['init', '--repo', repo.dir, '--out', configFile]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('mcpTools: false (the service has none) — no MCP dependency');
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
    expect(config).toEqual({
      migrations: [{ dir: 'prisma/migrations', edition: 'core' }],
      openapi: 'docs/api/openapi.yaml',
      // Recursive globs at the stable root: a folder added or renamed under src/ later is still read.
      routes: { sources: ['src/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'] },
      mcpTools: false,
      graphql: false,
      trpc: false,
      env: { sources: ['src/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'], envFiles: ['.env.example'] },
      tags: '{version}',
    });
    expect(run.stdout).toContain('PostgreSQL, prisma/migrations/migration_lock.toml says provider "postgresql"');
    const artifact = decided(repo, '1.0.0', '1.1.0', configFile);
    expect(artifact.compatibility.rollingUpdateSafe).not.toBe('unknown');
  });

  it('on a knex + koa-router service without an API document: REST is judged from routes only, and init says so', () => {
    const repo = createRepo();
    repos.push(repo);
    const files: Record<string, string> = {
      'package.json': JSON.stringify({ name: 'svc', dependencies: { knex: '^3.1.0', pg: '^8.13.0', koa: '^2.15.0', '@koa/router': '^13.1.0' } }),
      'server/migrations/20240101_create_documents.js':
        "exports.up = (knex) => knex.schema.createTable('documents', (t) => { t.increments('id'); t.text('title'); });\nexports.down = (knex) => knex.schema.dropTable('documents');\n",
      'server/routes/documents.ts':
        "import Router from '@koa/router';\nconst router = new Router();\nrouter.post('documents.list', async (ctx) => { ctx.body = []; });\nexport default router;\n",
      'server/env.ts': "export const env = { port: Number(process.env.PORT || '3000') };\n",
    };
    repo.commit(files, { tag: '1.0.0' });
    const configFile = join(out, 'knex.json');
    writeFileSync(configFile, '');
    const run = runCli(['init', '--repo', repo.dir, '--out', configFile, '--force']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      'openapi: false (REST is judged from routes only) — no committed OpenAPI document: REST is judged from the routes the code serves',
    );
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
    expect(config).toEqual({
      migrations: [{ dir: 'server/migrations', edition: 'core' }],
      openapi: false,
      routes: { sources: ['server/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'] },
      mcpTools: false,
      graphql: false,
      trpc: false,
      env: { sources: ['server/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'] },
    });
  });

  it('on a golang-migrate + Fastify service with a committed JSON spec: generate decides', () => {
    const repo = createRepo();
    repos.push(repo);
    const spec = (paths: string) => JSON.stringify({ openapi: '3.1.0', info: { title: 'svc', version: '1' }, paths: JSON.parse(paths) as object }, null, 2);
    const routes = "import Fastify from 'fastify';\nconst app = Fastify();\napp.get('/health', async () => ({ ok: true }));\n";
    repo.commit(
      {
        'package.json': JSON.stringify({ name: 'svc', dependencies: { fastify: '^5.2.0', pg: '^8.13.0' } }),
        'db/migrations/000001_create_jobs.up.sql': 'CREATE TABLE jobs (id bigserial PRIMARY KEY, payload jsonb NOT NULL);\n',
        'db/migrations/000001_create_jobs.down.sql': 'DROP TABLE jobs;\n',
        'openapi.json': spec('{"/health":{"get":{"responses":{"200":{"description":"ok"}}}}}'),
        'src/server.ts': `${routes}app.listen({ port: Number(process.env.PORT ?? 8080) });\n`,
      },
      { tag: 'v2.0.0' },
    );
    repo.commit(
      {
        'db/migrations/000002_add_jobs_state.up.sql': "SET lock_timeout = '2s';\nALTER TABLE jobs ADD COLUMN state text;\n",
        'db/migrations/000002_add_jobs_state.down.sql': 'ALTER TABLE jobs DROP COLUMN state;\n',
      },
      { tag: 'v2.1.0' },
    );
    const configFile = join(out, 'golang-migrate.json');
    expect(runCli(['init', '--repo', repo.dir, '--out', configFile]).status).toBe(0);
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
    expect(config).toEqual({
      migrations: [{ dir: 'db/migrations', edition: 'core' }],
      openapi: 'openapi.json',
      routes: { sources: ['src/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'] },
      mcpTools: false,
      graphql: false,
      trpc: false,
      env: { sources: ['src/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'] },
      tags: 'v{version}',
    });
    const artifact = decided(repo, 'v2.0.0', 'v2.1.0', configFile);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  it('a migrations folder that lived for one release only, between two others, is configured (peppermint: prisma/ → packages/database/prisma/ at 0.2.4 only → apps/api/src/prisma/)', () => {
    // Modelled on peppermint's history: 0.1.x in `prisma/migrations`, 0.2.4 alone in
    // `packages/database/prisma/migrations` (17 new migrations), 0.3 on in `apps/api/src/prisma/migrations`.
    // A sample of the release tags skipped 0.2.4, so its 17 added migrations were never read.
    const repo = createRepo();
    repos.push(repo);
    const migration = (dir: string, name: string, table: string) => ({
      [`${dir}/${name}/migration.sql`]: `CREATE TABLE "${table}" ("id" SERIAL NOT NULL, CONSTRAINT "${table}_pkey" PRIMARY KEY ("id"));\n`,
      [`${dir}/migration_lock.toml`]: 'provider = "postgresql"\n',
    });
    repo.commit(
      {
        'package.json': JSON.stringify({ name: 'peppermint', dependencies: { prisma: '^5.0.0' } }),
        ...migration('prisma/migrations', '20220101000000_', 'Ticket'),
      },
      { tag: '1.0.0' },
    );
    for (const patch of [1, 2, 3]) repo.commit({ [`notes/${patch}.md`]: 'x\n' }, { tag: `1.0.${patch}` });
    repo.commit(
      {
        'prisma/migrations/20220101000000_/migration.sql': null,
        'prisma/migrations/migration_lock.toml': null,
        ...migration('packages/database/prisma/migrations', '20230219190916_', 'Ticket'),
      },
      { tag: '1.0.4' },
    );
    repo.commit(
      {
        'packages/database/prisma/migrations/20230219190916_/migration.sql': null,
        'packages/database/prisma/migrations/migration_lock.toml': null,
        ...migration('apps/api/src/prisma/migrations', '20230219190916_', 'Ticket'),
      },
      { tag: '1.0.5' },
    );
    for (const patch of [6, 7, 8, 9, 10, 11, 12, 13]) repo.commit({ [`notes/${patch}.md`]: 'x\n' }, { tag: `1.0.${patch}` });
    const configFile = join(out, 'moved-twice.json');
    const run = runCli(['init', '--repo', repo.dir, '--out', configFile]);
    expect(run.status).toBe(0);
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as { migrations: Array<{ dir: string }> };
    expect(config.migrations.map((folder) => folder.dir).sort()).toEqual([
      'apps/api/src/prisma/migrations',
      'packages/database/prisma/migrations',
      'prisma/migrations',
    ]);
    expect(run.stdout).toContain('packages/database/prisma/migrations (1 files): PostgreSQL');
    expect(run.stdout).toContain('at 1.0.4, gone from the newest commit');
  });

  it('a tRPC server the newest commit dropped is configured from the releases that served it, and its removal is a finding (typebot: tRPC up to v3.15, oRPC since v3.16)', () => {
    // `trpc: false` would tell the backfill the service has none, and leaving the key out kept every
    // release up to the switch unknown: the routers are found at the release tags that had them.
    const repo = createRepo();
    repos.push(repo);
    const trpc =
      "import { initTRPC } from '@trpc/server';\nconst t = initTRPC.create();\nexport const router = t.router;\nexport const publicProcedure = t.procedure;\n";
    const router = (procedures: string) =>
      `import { z } from 'zod';\nimport { publicProcedure, router } from '../trpc';\nexport const appRouter = router({\n${procedures}});\n`;
    const getTypebot = "  getTypebot: publicProcedure.input(z.object({ id: z.string() })).output(z.object({ id: z.string() })).query(() => ({ id: '1' })),\n";
    const listTypebots = '  listTypebots: publicProcedure.output(z.array(z.string())).query(() => []),\n';
    repo.commit(
      {
        'package.json': JSON.stringify({ name: 'builder', dependencies: { '@trpc/server': '^10.45.0', next: '^14.0.0', zod: '^3.22.0' } }),
        'apps/builder/src/helpers/server/trpc.ts': trpc,
        'apps/builder/src/helpers/server/routers/appRouter.ts': router(getTypebot),
      },
      { tag: 'v3.14.0' },
    );
    repo.commit({ 'apps/builder/src/helpers/server/routers/appRouter.ts': router(getTypebot + listTypebots) }, { tag: 'v3.15.0' });
    repo.commit(
      {
        'package.json': JSON.stringify({ name: 'builder', dependencies: { '@orpc/server': '^1.0.0', next: '^14.0.0' } }),
        'apps/builder/src/helpers/server/trpc.ts': null,
        'apps/builder/src/helpers/server/routers/appRouter.ts': null,
        'apps/builder/src/app/api/hello/route.ts': 'export async function GET() { return Response.json({ ok: true }); }\n',
      },
      { tag: 'v3.16.0' },
    );
    const configFile = join(out, 'trpc-dropped.json');
    const run = runCli(['init', '--repo', repo.dir, '--out', configFile]);
    expect(run.status).toBe(0);
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
    expect(config.trpc).toEqual({ sources: ['apps/builder/src/helpers/server/routers/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'] });
    expect(run.stdout).toContain('trpc: configured — no tRPC router at the newest commit, but 1 source files of earlier releases define tRPC routers');
    expect(run.stdout).toContain('at v3.15.0');
    // The config as init wrote it decides both releases: a procedure added, then the whole surface removed.
    expect(decided(repo, 'v3.14.0', 'v3.15.0', configFile).compatibility.rollingUpdateSafe).toBe(true);
    const removal = decided(repo, 'v3.15.0', 'v3.16.0', configFile) as unknown as {
      compatibility: { rollingUpdateSafe: unknown };
      api: { rest: { changes: string[] } };
    };
    expect(removal.compatibility.rollingUpdateSafe).toBe(false);
    expect(removal.api.rest.changes).toEqual(expect.arrayContaining(['tRPC: getTypebot — procedure removed', 'tRPC: listTypebots — procedure removed']));
  });

  it("routes and env of a layout the newest commit no longer has are configured, so the older releases are read (peppermint: a root Next.js app's pages/api at 0.2.x, apps/api/src since 0.3)", () => {
    const repo = createRepo();
    repos.push(repo);
    const handler = (body: string) => `export default async function handler(req, res) {\n  ${body}\n}\n`;
    repo.commit(
      {
        'package.json': JSON.stringify({ name: 'peppermint', dependencies: { next: '^12.0.0' } }),
        'pages/api/v1/ticket/all.js': handler('res.status(200).json({ tickets: [] });'),
        'pages/api/auth/[...nextauth].js': 'export default function auth(req, res) {\n  res.json({ secret: process.env.SECRET });\n}\n',
      },
      { tag: '0.2.2' },
    );
    repo.commit({ 'pages/api/v1/ticket/all.js': handler('res.status(200).json({ tickets: [], total: 0 });') }, { tag: '0.2.3' });
    repo.commit(
      {
        'package.json': JSON.stringify({ name: 'peppermint', private: true }),
        'pages/api/v1/ticket/all.js': null,
        'pages/api/auth/[...nextauth].js': null,
        'apps/api/package.json': JSON.stringify({ name: 'api', dependencies: { fastify: '^4.0.0' } }),
        'apps/api/src/main.ts':
          "import fastify from 'fastify';\nconst server = fastify();\nserver.get('/api/v1/tickets/all', async () => ({ tickets: [] }));\nserver.listen({ port: Number(process.env.PORT) });\n",
      },
      { tag: '0.3.0' },
    );
    const configFile = join(out, 'routes-moved.json');
    const run = runCli(['init', '--repo', repo.dir, '--out', configFile]);
    expect(run.status).toBe(0);
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as { routes: { sources: string[] }; env: { sources: string[] } };
    expect(config.routes.sources).toEqual(['apps/api/src/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}', 'pages/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}']);
    expect(config.env.sources).toEqual(['apps/api/src/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}', 'pages/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}']);
    expect(run.stdout).toContain('pages/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs} at 0.2.3');
    // The older release pair is read (before, its routes and env globs selected no file: unknown).
    const older = decided(repo, '0.2.2', '0.2.3', configFile);
    expect(older.api.rest!.checked).toBe(true);
    expect(older.config.checked).toBe(true);
    expect(older.compatibility.rollingUpdateSafe).toBe(true);
  });

  it('on a folder that is not a git working tree: exit 2 naming it', () => {
    const run = runCli(['init', '--repo', out, '--print']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`--repo ${out} is not a git working tree`);
  });
});
