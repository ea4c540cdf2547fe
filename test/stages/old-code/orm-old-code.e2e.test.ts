import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ReleaseSafetyArtifact } from '../../../src/artifact/types.js';
import { runCli } from '../../helpers/cli.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';

/**
 * Old code against the new schema through ORM models (issue 33), over real git repositories and
 * the built CLI: a column the previous release's models map → the DROP COLUMN release is not
 * `true` and the report cites the model's file:line; the field removed from the model in release
 * N and the column dropped in N+1 → N+1 is not an old-code break (`true`, the drop being light
 * with a lock timeout); a name the reader cannot evaluate → unchanged (never a new `true`).
 * Models in the shapes of rallly's schema.prisma, NestJS TypeORM entities and outline's
 * sequelize-typescript models (synthetic text).
 */

const NO_OTHER_SURFACES = { openapi: false, mcpTools: false, env: false, routes: false } as const;
const repos: TestRepo[] = [];
afterAll(() => {
  for (const repo of repos) repo.cleanup();
});

function newRepo(migrationsDir: string): TestRepo {
  const repo = createRepo();
  repos.push(repo);
  repo.write({ 'release-safety.config.json': JSON.stringify({ migrations: [{ dir: migrationsDir, edition: 'core' }], ...NO_OTHER_SURFACES }) });
  return repo;
}

function generate(repo: TestRepo, from: string, to: string): { artifact: ReleaseSafetyArtifact; stdout: string } {
  const out = join(repo.dir, `.out-${from}-${to}.json`);
  const run = runCli(['generate', '--repo', repo.dir, '--from', from, '--to', to, '--out', out]);
  expect(run.stderr).toBe('');
  return { artifact: JSON.parse(readFileSync(out, 'utf8')) as ReleaseSafetyArtifact, stdout: run.stdout };
}

const DROP = (table: string, column: string) => `SET lock_timeout = '5s';\nALTER TABLE "${table}" DROP COLUMN "${column}";\n`;

describe('Prisma', () => {
  const schema = (withNickname: boolean) =>
    `datasource db {\n  provider = "postgresql"\n  url      = env("DATABASE_URL")\n}\n\nmodel User {\n  id        String   @id @default(cuid())\n  email     String   @unique\n${withNickname ? '  nickName  String?  @map("nick_name")\n' : ''}  createdAt DateTime @default(now()) @map("created_at")\n\n  @@map("users")\n}\n`;
  const client = "import { PrismaClient } from '@prisma/client';\nconst prisma = new PrismaClient();\nexport const users = () => prisma.user.findMany();\n";
  const init = {
    'prisma/migrations/20240101000000_init/migration.sql':
      'CREATE TABLE "users" ("id" TEXT NOT NULL, "email" TEXT NOT NULL, "nick_name" TEXT, "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP, CONSTRAINT "users_pkey" PRIMARY KEY ("id"));\n',
  };

  test('the column is a field of the old model: the drop release is not true and cites prisma/schema.prisma:9', () => {
    const repo = newRepo('prisma/migrations');
    repo.commit({ 'prisma/schema.prisma': schema(true), 'src/users.ts': client, ...init }, { tag: '1.0.0' });
    repo.commit(
      { 'prisma/schema.prisma': schema(false), 'prisma/migrations/20240201000000_drop_nickname/migration.sql': DROP('users', 'nick_name') },
      { tag: '1.1.0' },
    );
    const { artifact, stdout } = generate(repo, '1.0.0', '1.1.0');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(stdout).toContain('prisma/schema.prisma:9');
  });

  test('the field removed in release N, the column dropped in N+1: N+1 is true', () => {
    const repo = newRepo('prisma/migrations');
    repo.commit({ 'prisma/schema.prisma': schema(true), 'src/users.ts': client, ...init }, { tag: '1.0.0' });
    repo.commit({ 'prisma/schema.prisma': schema(false) }, { tag: '1.1.0' });
    repo.commit({ 'prisma/migrations/20240301000000_drop_nickname/migration.sql': DROP('users', 'nick_name') }, { tag: '1.2.0' });
    const { artifact } = generate(repo, '1.1.0', '1.2.0');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });
});

describe('TypeORM', () => {
  const entity = (withPlan: boolean) =>
    `import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';\n\n@Entity('accounts')\nexport class Account {\n  @PrimaryGeneratedColumn()\n  id: number;\n\n  @Column()\n  email: string;\n${withPlan ? "\n  @Column({ name: 'legacy_plan', nullable: true })\n  plan: string;\n" : ''}}\n`;
  const init = { 'db/migrations/0001_init.sql': 'CREATE TABLE accounts (id serial PRIMARY KEY, email text NOT NULL, legacy_plan text, c_legacy text);\n' };

  test('the column is mapped by the old entity: not true, cites src/account.entity.ts:12', () => {
    const repo = newRepo('db/migrations');
    repo.commit({ 'src/account.entity.ts': entity(true), ...init }, { tag: '1.0.0' });
    repo.commit({ 'src/account.entity.ts': entity(false), 'db/migrations/0002_drop_plan.sql': DROP('accounts', 'legacy_plan') }, { tag: '1.1.0' });
    const { artifact, stdout } = generate(repo, '1.0.0', '1.1.0');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(stdout).toContain('src/account.entity.ts:12');
  });

  test('the property removed in release N, the column dropped in N+1: N+1 is true', () => {
    const repo = newRepo('db/migrations');
    repo.commit({ 'src/account.entity.ts': entity(true), ...init }, { tag: '1.0.0' });
    repo.commit({ 'src/account.entity.ts': entity(false) }, { tag: '1.1.0' });
    repo.commit({ 'db/migrations/0002_drop_plan.sql': DROP('accounts', 'legacy_plan') }, { tag: '1.2.0' });
    expect(generate(repo, '1.1.0', '1.2.0').artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  test('a custom naming strategy: the names are unknown, the drop stays not true', () => {
    const repo = newRepo('db/migrations');
    const strategy =
      "import { DefaultNamingStrategy } from 'typeorm';\nexport class Prefixed extends DefaultNamingStrategy {\n  columnName(property: string, custom?: string) {\n    return 'c_' + (custom ?? property);\n  }\n}\n";
    repo.commit({ 'src/account.entity.ts': entity(false), 'src/naming.ts': strategy, ...init }, { tag: '1.0.0' });
    repo.commit({ 'db/migrations/0002_drop_c_legacy.sql': DROP('accounts', 'c_legacy') }, { tag: '1.1.0' });
    const { artifact } = generate(repo, '1.0.0', '1.1.0');
    expect(artifact.compatibility.rollingUpdateSafe).not.toBe(true);
  });
});

describe('Sequelize (sequelize-typescript, as outline)', () => {
  const model = (withArchived: boolean, tableName = '"projects"') =>
    `import { Column, DataType, Model, Table } from "sequelize-typescript";\n\n@Table({ tableName: ${tableName}, modelName: "project", underscored: true, timestamps: false })\nclass Project extends Model {\n  @Column(DataType.STRING)\n  title: string;\n${withArchived ? '\n  @Column(DataType.DATE)\n  archivedAt: Date | null;\n' : ''}}\n\nexport default Project;\n`;
  const init = {
    'server/migrations/0001_init.sql': 'CREATE TABLE projects (id serial PRIMARY KEY, title text, archived_at timestamptz, secret_token text);\n',
  };

  test('the attribute is in the old model: not true, cites server/models/Project.ts:9', () => {
    const repo = newRepo('server/migrations');
    repo.commit({ 'server/models/Project.ts': model(true), ...init }, { tag: '1.0.0' });
    repo.commit({ 'server/models/Project.ts': model(false), 'server/migrations/0002_drop_archived.sql': DROP('projects', 'archived_at') }, { tag: '1.1.0' });
    const { artifact, stdout } = generate(repo, '1.0.0', '1.1.0');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(stdout).toContain('server/models/Project.ts:9');
  });

  test('the attribute removed in release N, the column dropped in N+1: N+1 is true', () => {
    const repo = newRepo('server/migrations');
    repo.commit({ 'server/models/Project.ts': model(true), ...init }, { tag: '1.0.0' });
    repo.commit({ 'server/models/Project.ts': model(false) }, { tag: '1.1.0' });
    repo.commit({ 'server/migrations/0002_drop_archived.sql': DROP('projects', 'archived_at') }, { tag: '1.2.0' });
    expect(generate(repo, '1.1.0', '1.2.0').artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  test('a table name that is not a constant: unknown, the drop stays not true', () => {
    const repo = newRepo('server/migrations');
    repo.commit({ 'server/models/Project.ts': model(false, 'process.env.PROJECTS_TABLE'), ...init }, { tag: '1.0.0' });
    repo.commit({ 'server/migrations/0002_drop_secret.sql': DROP('projects', 'secret_token') }, { tag: '1.1.0' });
    expect(generate(repo, '1.0.0', '1.1.0').artifact.compatibility.rollingUpdateSafe).not.toBe(true);
  });
});
