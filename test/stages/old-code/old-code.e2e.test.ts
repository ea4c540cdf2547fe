import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ReleaseSafetyArtifact } from '../../../src/artifact/types.js';
import { runCli } from '../../helpers/cli.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';

/**
 * Old code against the new schema (issue 33), over real git repositories and the built CLI: the
 * previous release's knex, kysely and raw-SQL code decides whether a DROP COLUMN / DROP TABLE / RENAME
 * breaks old instances. Referenced → false citing file:line; unreferenced → true when otherwise
 * light; a name built at run time → unchanged (never a new `true`).
 */

const CONFIG = JSON.stringify({ migrations: [{ dir: 'migrations', edition: 'core' }], openapi: false, mcpTools: false, env: false, routes: false });
const INIT = 'CREATE TABLE users (id int PRIMARY KEY, email text, nickname text);\nCREATE TABLE legacy_events (id int);\n';
const DROP_NICKNAME = "SET lock_timeout = '5s';\nALTER TABLE users DROP COLUMN nickname;\n";
const repos: TestRepo[] = [];
afterAll(() => {
  for (const repo of repos) repo.cleanup();
});

/** A repository whose 1.0.0 has `code` and whose 1.1.0 adds `migration`; returns the artifact and the text report. */
function release(code: Record<string, string>, migration: string): { artifact: ReleaseSafetyArtifact; report: string } {
  const repo = createRepo();
  repos.push(repo);
  repo.commit({ 'release-safety.config.json': CONFIG, 'migrations/001_init.sql': INIT, ...code }, { tag: '1.0.0' });
  repo.commit({ 'migrations/002_change.sql': migration }, { tag: '1.1.0' });
  const out = join(repo.dir, '.out.json');
  const run = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', out]);
  expect(run.stderr).toBe('');
  return { artifact: JSON.parse(readFileSync(out, 'utf8')) as ReleaseSafetyArtifact, report: run.stdout };
}

const KNEX_HEAD = "import knex from 'knex';\nconst db = knex({ client: 'pg' });\n";

describe('knex', () => {
  test('referenced: false, citing the old file and line', () => {
    const { artifact, report } = release(
      { 'src/users.ts': `${KNEX_HEAD}export const byId = (id: number) =>\n  db('users').where({ id }).select('id', 'nickname');\n` },
      DROP_NICKNAME,
    );
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(report).toContain('ban-drop-column: DROP COLUMN users.nickname: old instances still read or write users.nickname at src/users.ts:4 (knex)');
    expect(report).toContain('With knex: remove nickname from every select');
  });

  test('unreferenced (expand/contract done): the release is true, with the evidence', () => {
    const { artifact, report } = release(
      {
        'src/users.ts': `${KNEX_HEAD}export const byId = (id: number) =>\n  db('users').where({ id }).select('id', 'email');\n`,
        'src/users.test.ts': "it('reads nickname', () => {});\n",
      },
      DROP_NICKNAME,
    );
    expect(report).toContain("unreferenced-by-old-code: DROP COLUMN users.nickname: the previous release's code does not reference it (read 1 files)");
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  test('the table from an imported constant (lightdash entities) is resolved', () => {
    const { artifact, report } = release(
      {
        'src/database/entities/users.ts': "export const UserTableName = 'users';\n",
        'src/models/UserModel.ts': `${KNEX_HEAD}import { UserTableName } from '../database/entities/users';\nexport const all = () => db(UserTableName).select('email');\n`,
      },
      "SET lock_timeout = '5s';\nDROP TABLE users;\n",
    );
    expect(report).toContain('DROP TABLE users: old instances still use users at src/models/UserModel.ts:4 (knex)');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  test('a column name built at run time: unchanged (never a new true)', () => {
    const { artifact, report } = release(
      { 'src/users.ts': `${KNEX_HEAD}export const pick = (field: string) => db('users').select(\`\${field}name\`);\n` },
      DROP_NICKNAME,
    );
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(report).toContain(
      'DROP COLUMN users.nickname: old code still reads or writes it (whether it does is unknown: column name from a template with an interpolation (knex) at src/users.ts:3)',
    );
  });

  test('a table name from a variable makes every drop unknown', () => {
    const { artifact } = release(
      { 'src/any.ts': `${KNEX_HEAD}export const all = (table: string) => db(table).select('id');\n` },
      "SET lock_timeout = '5s';\nDROP TABLE legacy_events;\n",
    );
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });
});

describe('kysely', () => {
  const head = "import { Kysely } from 'kysely';\ndeclare const db: Kysely<any>;\n";
  test('referenced: false citing the select', () => {
    const { artifact, report } = release(
      { 'src/users.ts': `${head}export const list = () =>\n  db.selectFrom('users').select(['id', 'nickname']).execute();\n` },
      DROP_NICKNAME,
    );
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(report).toContain('users.nickname at src/users.ts:4 (kysely)');
    expect(report).toContain('With kysely: remove nickname from the DB interface of users');
  });
  test('unreferenced: true', () => {
    const { artifact } = release(
      { 'src/users.ts': `${head}export const list = () => db.selectFrom('users').select(['id', 'email']).execute();\n` },
      DROP_NICKNAME,
    );
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });
  test('a typed DB interface naming the column is a reference', () => {
    const { artifact, report } = release(
      {
        'src/db.d.ts': 'export interface Users { id: number; nickname: string | null }\n',
        'src/users.ts': `${head}export const list = () => db.selectFrom('users').selectAll().execute();\n`,
      },
      DROP_NICKNAME,
    );
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(report).toContain('at src/db.d.ts:1');
  });
});

describe('raw SQL', () => {
  test('referenced through the PostgreSQL grammar: false citing the line', () => {
    const { artifact, report } = release(
      { 'src/report.ts': 'export const q = (pool: any) =>\n  pool.query(`SELECT id,\n    nickname FROM users`);\n' },
      DROP_NICKNAME,
    );
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(report).toContain('users.nickname at src/report.ts:3 (sql)');
  });
  test('unreferenced table: DROP TABLE is true', () => {
    const { artifact, report } = release(
      { 'src/report.ts': 'export const q = (pool: any) => pool.query(`SELECT id, email FROM users`);\n' },
      "SET lock_timeout = '5s';\nDROP TABLE legacy_events;\n",
    );
    expect(report).toContain('unreferenced-by-old-code: DROP TABLE legacy_events');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });
  test('a table name interpolated into SQL: unchanged', () => {
    const { artifact } = release(
      { 'src/report.ts': 'export const q = (pool: any, t: string) => pool.query(`SELECT id FROM ${t}`);\n' },
      "SET lock_timeout = '5s';\nDROP TABLE legacy_events;\n",
    );
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });
});

describe('data-dependent risks keep their own ids and never flip the verdict', () => {
  test('ADD COLUMN NOT NULL without a default, no old insert: its own finding, still false', () => {
    const { artifact, report } = release(
      { 'src/other.ts': `${KNEX_HEAD}export const all = () => db('accounts').select('id');\n` },
      "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN tenant_id bigint NOT NULL;\n",
    );
    expect(report).toContain('adding-required-field-fails-on-existing-rows');
    expect(report).not.toContain('adding-required-field:');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });
  test('ADD COLUMN NOT NULL without a default, an old insert: adding-required-field cites it', () => {
    const { artifact, report } = release(
      { 'src/users.ts': `${KNEX_HEAD}export const add = (email: string) =>\n  db('users').insert({ email });\n` },
      "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN tenant_id bigint NOT NULL;\n",
    );
    expect(report).toContain('old instances insert into it at src/users.ts:4 (knex)');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });
});
