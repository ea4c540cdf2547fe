import { describe, expect, it } from 'vitest';
import { detectEnvHelpers } from './env-helpers.js';
import { detectEnv, detectMcp, detectMigrations, detectRoutes, detectSurfaces, looksLikeDatabaseMigrations, type RepositoryView } from './detect.js';
import { packageDirs, stableGlobs } from './globs.js';
import { classifyMigrationsFolder } from './migration-dialects.js';
import { detectTagPatterns } from './tags.js';

/** Layouts modelled on the corpus of bench/real-services.mjs (paths as those repositories have them). */
const EXT = '{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
function view(files: Record<string, string>, tags?: string[]): RepositoryView {
  return { files: Object.keys(files).sort(), read: (file) => files[file], ...(tags ? { tags } : {}) };
}

describe('init: history-proof globs (recursive, at stable roots)', () => {
  it('a monorepo package (docmost: apps/server/src/core/...) is rooted at its first source folder', () => {
    const files = [
      'package.json',
      'apps/server/package.json',
      'apps/server/src/core/page/page.controller.ts',
      'apps/server/src/core/auth/auth.controller.ts',
      'apps/server/src/main.ts',
    ];
    expect(
      stableGlobs(
        files.filter((file) => file.endsWith('.ts')),
        packageDirs(files),
      ),
    ).toEqual([`apps/server/src/**/*.${EXT}`]);
  });

  it('a root package (outline: server/routes/api/..., plugins/*/server/...) gets one root per top folder; a file at the top stays one level', () => {
    const files = ['package.json', 'server/routes/api/documents/documents.ts', 'plugins/slack/server/api/hooks.ts', 'server/index.ts', 'index.js'];
    expect(stableGlobs(files.slice(1), packageDirs(files))).toEqual([`*.${EXT}`, `plugins/**/*.${EXT}`, `server/**/*.${EXT}`]);
  });

  it('a Next.js app moving from pages/api to app/api is covered by the one root (umami: src/pages/api → src/app/api)', () => {
    const files = ['package.json', 'src/app/api/websites/route.ts'];
    const [glob] = stableGlobs(files.slice(1), packageDirs(files));
    expect(glob).toBe(`src/**/*.${EXT}`);
  });

  it('MCP sources stay close to their folder (their closure is read whole)', () => {
    const files = ['package.json', 'server/tools/documents.ts', 'server/tools/index.ts'];
    expect(stableGlobs(files.slice(1), packageDirs(files), { nested: true })).toEqual([`server/tools/**/*.${EXT}`]);
  });
});

describe('init: route and env layouts of earlier releases', () => {
  // peppermint: an Express server.js + src/routes at 0.1.9, a root Next.js app (pages/api) at 0.2.x,
  // apps/client/pages/api at 0.2.4, a Fastify apps/api/src since 0.3. The newest commit has only the last.
  const current: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'peppermint', private: true }),
    'apps/api/package.json': JSON.stringify({ dependencies: { fastify: '^4' } }),
    'apps/api/src/controllers/ticket.ts':
      "import { FastifyInstance } from 'fastify';\nimport fastify from 'fastify';\nexport function ticketRoutes(app: FastifyInstance) {\n  app.get('/api/v1/tickets', async () => []);\n}\n",
    'apps/api/src/main.ts': "import fastify from 'fastify';\nconst server = fastify();\nserver.listen({ port: Number(process.env.PORT) });\n",
  };
  const earlier: Record<string, { text: string; tag: string }> = {
    'pages/api/v1/ticket/[id]/index.js': {
      text: "import { prisma } from '../../../../../prisma/prisma';\nexport default async function handler(req, res) {}\n",
      tag: '0.2.3',
    },
    'pages/api/auth/[...nextauth].js': { text: 'export default NextAuth({ secret: process.env.SECRET });\n', tag: '0.2.3' },
    'server.js': {
      text: "const express = require('express');\nconst app = express();\napp.use('/api/v1/auth', require('./src/routes/auth'));\napp.listen(process.env.PORT);\n",
      tag: '0.1.9',
    },
  };
  const peppermint: RepositoryView = {
    files: Object.keys(current).sort(),
    read: (file) => current[file],
    history: { files: Object.keys(earlier).sort(), read: (file) => earlier[file]?.text, where: (file) => earlier[file]?.tag },
  };

  it('routes: the older layouts are configured beside the newest one, each named with the release it was seen at', () => {
    const routes = detectRoutes(peppermint, new Set(['fastify']));
    expect(routes.value).toEqual({ sources: [`*.${EXT}`, `apps/api/src/**/*.${EXT}`, `pages/**/*.${EXT}`] });
    expect(routes.evidence).toContain(`gone from the newest commit, seen at earlier releases: *.${EXT} at 0.1.9, pages/**/*.${EXT} at 0.2.3`);
  });

  it('env: the files of earlier releases that read the environment are configured too', () => {
    const env = detectEnv(peppermint, new Set(['fastify']));
    expect((env.value as { sources: string[] }).sources).toEqual([`*.${EXT}`, `apps/api/src/**/*.${EXT}`, `pages/**/*.${EXT}`]);
    expect(env.evidence).toContain(`pages/**/*.${EXT} at 0.2.3`);
  });

  it('without a history (no release tag) only the newest layout is written, and nothing is said of moves', () => {
    const routes = detectRoutes({ files: peppermint.files, read: peppermint.read }, new Set(['fastify']));
    expect(routes.value).toEqual({ sources: [`apps/api/src/**/*.${EXT}`] });
    expect(routes.evidence).not.toContain('gone from the newest commit');
  });
});

describe('init: packages that are not the deployed service (trigger.dev layout)', () => {
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'triggerdotdev', private: true }),
    'apps/webapp/package.json': JSON.stringify({
      name: 'webapp',
      private: true,
      dependencies: { '@trigger.dev/core': 'workspace:*', '@remix-run/express': '^2', express: '^4' },
      devDependencies: { '@internal/testcontainers': 'workspace:*' },
    }),
    'apps/webapp/app/env.server.ts':
      "import { z } from 'zod';\nimport { logger } from '@trigger.dev/core/v3';\nexport const env = { SESSION_SECRET: process.env.SESSION_SECRET };\n",
    'apps/webapp/test/setup.test.ts': "import { postgresTest } from '@internal/testcontainers';\n",
    'packages/core/package.json': JSON.stringify({ name: '@trigger.dev/core', publishConfig: { access: 'public' }, files: ['dist'] }),
    'packages/core/src/v3/workers/populateEnv.ts': 'export function populateEnv(env) { Object.assign(process.env, env); }\n',
    'packages/python/package.json': JSON.stringify({ name: '@trigger.dev/python', publishConfig: { access: 'public' }, files: ['dist'] }),
    'packages/python/src/index.ts': "import { logger } from '@trigger.dev/core/v3';\nexport const run = () => ({ ...process.env, TRACEPARENT: 'x' });\n",
    'internal-packages/testcontainers/package.json': JSON.stringify({ name: '@internal/testcontainers', private: true }),
    'internal-packages/testcontainers/src/utils.ts': 'export const env = { ...process.env, DATABASE_URL: "postgres://" };\n',
    'packages/cli-v3/package.json': JSON.stringify({
      name: 'trigger.dev',
      bin: { 'trigger.dev': './dist/index.js' },
      dependencies: { '@modelcontextprotocol/sdk': '^1.25.2' },
    }),
    'packages/cli-v3/src/mcp/tools.ts': 'export function registerTools(context) { context.server.registerTool("list_orgs", {}, async () => ({})); }\n',
  };
  const trigger = view(files);
  const deps = new Set(['@modelcontextprotocol/sdk', 'express', '@remix-run/express']);

  it('env: a test harness and a published SDK that nothing the service runs imports are left out, with the reason; a published package the server imports stays', () => {
    const env = detectEnv(trigger, deps);
    expect((env.value as { sources: string[] }).sources).toEqual([`apps/webapp/app/**/*.${EXT}`, `packages/core/src/**/*.${EXT}`]);
    expect(env.evidence).toContain(
      "not the service's run time (no non-test source of another package imports them): internal-packages/testcontainers (test infrastructure), packages/python (a library published to npm)",
    );
  });

  it('env: a test harness imported by the service at run time stays', () => {
    const imported = view({ ...files, 'apps/webapp/app/db.server.ts': "import { createContainer } from '@internal/testcontainers';\n" });
    expect((detectEnv(imported, deps).value as { sources: string[] }).sources).toContain(`internal-packages/testcontainers/src/**/*.${EXT}`);
  });

  it('mcpTools: an MCP library only in a command-line client published beside the service is false, with the reason', () => {
    const mcp = detectMcp(trigger, deps);
    expect(mcp.value).toBe(false);
    expect(mcp.evidence).toContain('a dependency of packages/cli-v3/package.json only, a command-line client');
    // The same library in the deployed app keeps the decision for a maintainer.
    const served = view({
      ...files,
      'apps/webapp/package.json': JSON.stringify({ name: 'webapp', private: true, dependencies: { '@modelcontextprotocol/sdk': '^1', express: '^4' } }),
    });
    expect(detectMcp(served, deps).value).toBeUndefined();
  });
});

describe('init: REST decided from routes when no document is committed', () => {
  it('writes openapi false with the reason when routes are read, and leaves it out when nothing serves routes', () => {
    const express = view({
      'package.json': JSON.stringify({ dependencies: { express: '^4' } }),
      'src/app.ts': "import express from 'express';\nconst app = express();\napp.get('/health', (_q, r) => r.end());\n",
    });
    const openapi = detectSurfaces(express).find((proposal) => proposal.key === 'openapi')!;
    expect(openapi.value).toBe(false);
    expect(openapi.evidence).toContain('REST is judged from the routes the code serves');
    const unknownServer = view({ 'package.json': JSON.stringify({ dependencies: { '@apollo/server': '^4' } }), 'src/index.ts': 'export {};\n' });
    expect(detectSurfaces(unknownServer).find((proposal) => proposal.key === 'openapi')!.value).toBeUndefined();
  });
});

describe('init: migrations folders by dialect', () => {
  it.each([
    [
      'prisma lock file (umami prisma/migrations)',
      'prisma/migrations',
      { 'prisma/migrations/migration_lock.toml': 'provider = "postgresql"\n', 'prisma/migrations/01_init/migration.sql': 'CREATE TABLE a (id int);' },
      'postgresql',
    ],
    [
      'prisma lock file (teable prisma/sqlite/migrations)',
      'p/prisma/sqlite/migrations',
      { 'p/prisma/sqlite/migrations/migration_lock.toml': 'provider = "sqlite"\n', 'p/prisma/sqlite/migrations/1_x/migration.sql': 'CREATE TABLE a (id int);' },
      'sqlite',
    ],
    [
      'schema.prisma datasource beside the folder (umami v2 db/mysql)',
      'db/mysql/migrations',
      {
        'db/mysql/schema.prisma': 'datasource db {\n  provider = "mysql"\n  url = env("DATABASE_URL")\n}\n',
        'db/mysql/migrations/01_init/migration.sql': 'CREATE TABLE a (id int);',
      },
      'mysql',
    ],
    [
      'folder name (langfuse packages/shared/clickhouse/migrations)',
      'packages/shared/clickhouse/migrations',
      { 'packages/shared/clickhouse/migrations/clustered/0001_traces.up.sql': 'CREATE TABLE traces (id String) ENGINE = MergeTree ORDER BY id;' },
      'clickhouse',
    ],
    [
      'ClickHouse SQL in a neutral folder',
      'analytics/migrations',
      { 'analytics/migrations/0001.sql': 'CREATE TABLE events ON CLUSTER default (id String) ENGINE = ReplicatedMergeTree ORDER BY id;' },
      'clickhouse',
    ],
    [
      'MySQL SQL in a neutral folder',
      'sql/migrations',
      { 'sql/migrations/0001.sql': 'CREATE TABLE `a` (`id` int NOT NULL AUTO_INCREMENT) ENGINE=InnoDB;' },
      'mysql',
    ],
    ['plain PostgreSQL SQL', 'db/migrations', { 'db/migrations/0001.sql': 'CREATE TABLE a (id bigserial PRIMARY KEY);' }, 'postgresql'],
  ])('%s', (_name, dir, files, dialect) => {
    const files2 = files as Record<string, string>;
    expect(classifyMigrationsFolder(dir, Object.keys(files2), (file) => files2[file]).dialect).toBe(dialect);
  });

  it('only PostgreSQL folders are written as PostgreSQL; the others carry their dialect, or fall back to being left out with a note', () => {
    const files = {
      'package.json': JSON.stringify({ dependencies: { prisma: '^6' } }),
      'prisma/migrations/migration_lock.toml': 'provider = "postgresql"\n',
      'prisma/migrations/01_init/migration.sql': 'CREATE TABLE a (id int);',
      'db/clickhouse/migrations/01_edit_keys.sql': 'ALTER TABLE website_event ADD COLUMN x String;',
    };
    const proposal = detectMigrations(view(files), new Set(['prisma']));
    expect(proposal.value).toEqual([
      { dir: 'db/clickhouse/migrations', edition: 'core', dialect: 'clickhouse' },
      { dir: 'prisma/migrations', edition: 'core' },
    ]);
    expect(proposal.fallback?.value).toEqual([{ dir: 'prisma/migrations', edition: 'core' }]);
    expect(proposal.fallback?.evidence).toContain('left out db/clickhouse/migrations (ClickHouse)');
  });

  it('a MySQL folder beside a PostgreSQL one is an alternative database, not judged', () => {
    const files = {
      'db/postgresql/migrations/migration_lock.toml': 'provider = "postgresql"\n',
      'db/postgresql/migrations/01_init/migration.sql': 'CREATE TABLE a (id int);',
      'db/mysql/migrations/migration_lock.toml': 'provider = "mysql"\n',
      'db/mysql/migrations/01_init/migration.sql': 'CREATE TABLE a (id int);',
    };
    expect(detectMigrations(view(files), new Set()).value).toEqual([
      { dir: 'db/mysql/migrations', edition: 'core', dialect: 'mysql', alternative: true },
      { dir: 'db/postgresql/migrations', edition: 'core' },
    ]);
  });

  it('a migrations folder of document upgrades (typebot src/migrations) is not database migrations; knex files are', () => {
    const typebot = {
      'packages/typebot/src/migrations/migrateTypebot.ts':
        'export const migrateTypebot = async (typebot: Typebot) => { if (typebot.version === "3") return migrateTypebotFromV3ToV4(typebot); };\n',
    };
    expect(looksLikeDatabaseMigrations(Object.keys(typebot), (file) => typebot[file as keyof typeof typebot])).toBe(false);
    const knex = { 'server/migrations/1_x.js': "exports.up = (knex) => knex.schema.createTable('a', () => {});\n" };
    expect(looksLikeDatabaseMigrations(Object.keys(knex), (file) => knex[file as keyof typeof knex])).toBe(true);
  });
});

describe('init: env helpers and config services', () => {
  it.each([
    [
      'a function (lightdash)',
      'export const getIntegerFromEnvironmentVariable = (name: string): number | undefined => {\n  const raw = process.env[name];\n  return raw ? parseInt(raw, 10) : undefined;\n};\n',
      ['getIntegerFromEnvironmentVariable'],
    ],
    [
      'a declared global above an arrow helper (typebot getRuntimeVariable)',
      'declare const window: {\n  __ENV?: any;\n};\n\nexport const getRuntimeVariable = (key: string, defaultValue?: string) => {\n  if (typeof window !== "undefined") return undefined;\n  return process.env[key] ?? defaultValue;\n};\n',
      ['getRuntimeVariable'],
    ],
    [
      'a class method (formbricks assertRequiredEnvironmentVariable)',
      'class Env {\n  assertRequiredEnvironmentVariable(name: string): string {\n    const value = process.env[name];\n    if (!value) throw new Error(name);\n    return value;\n  }\n}\n',
      ['assertRequiredEnvironmentVariable'],
    ],
    ['no helper: a literal read', 'export const port = process.env.PORT;\n', []],
  ])('%s', (_name, text, helpers) => {
    expect(detectEnvHelpers(new Map([['src/env.ts', text]]), new Set()).helpers).toEqual(helpers);
  });

  it('NestJS ConfigService (docmost EnvironmentService): each injected name gives get and getOrThrow', () => {
    const text =
      "import { ConfigService } from '@nestjs/config';\n@Injectable()\nexport class EnvironmentService {\n  constructor(private configService: ConfigService) {}\n  getAppUrl(): string {\n    return this.configService.get<string>('APP_URL');\n  }\n}\n";
    expect(detectEnvHelpers(new Map([['apps/server/src/environment.service.ts', text]]), new Set(['@nestjs/config'])).helpers).toEqual([
      'configService.get',
      'configService.getOrThrow',
    ]);
    expect(detectEnvHelpers(new Map([['a.ts', text]]), new Set()).helpers).toEqual([]);
  });
});

describe('init: release tag patterns', () => {
  it.each([
    [
      'the app among package tags (trigger.dev)',
      [
        'v4.5.11',
        'v4.5.12',
        'v4.5.10',
        '@trigger.dev/sdk@4.5.12',
        '@trigger.dev/sdk@4.5.11',
        '@trigger.dev/sdk@4.5.10',
        '@trigger.dev/sdk@4.5.9',
        'helm-v4.5.12',
      ],
      'v{version}',
    ],
    [
      'the app among more numerous client tags (typebot)',
      ['v3.17.0', 'v3.18.0', 'v3.16.0', 'js-v0.10.9', 'js-v0.10.8', 'js-v0.10.7', 'js-v0.10.6', 'react-v0.10.9'],
      'v{version}',
    ],
    [
      'both plain spellings over the history (formbricks)',
      ['v1.0.0', 'v1.1.0', 'v1.2.0', '5.3.2', '5.3.3', '5.3.4', '5.4.0-rc.1'],
      ['{version}', 'v{version}'],
    ],
    ['a prefixed pattern when nothing plain (server-v)', ['server-v1.9.1', 'server-v1.9.2', 'web-v3.0.0'], 'server-v{version}'],
  ])('%s', (_name, tags, expected) => {
    const found = detectTagPatterns(tags as string[])!;
    expect(found.patterns).toEqual(typeof expected === 'string' ? [expected] : expected);
  });

  it('no release tag, or only one: nothing written (the defaults apply)', () => {
    expect(detectTagPatterns(['latest', 'stable'])).toBeUndefined();
    expect(detectTagPatterns(['v1.0.0'])).toBeUndefined();
  });
});
