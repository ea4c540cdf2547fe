import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ReleaseSafetyArtifact } from '../../../src/artifact/types.js';
import type { ReleaseSafetyConfig } from '../../../src/config/types.js';
import { projectRoot, runCli } from '../../helpers/cli.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';

/**
 * Database dialects over real git repositories and the built CLI (#31 items 3 and 4, #32 item 6),
 * with real files of langfuse (ClickHouse beside PostgreSQL, one golang-migrate source per
 * deployment shape) and umami (ClickHouse; the same schema for PostgreSQL and MySQL): see
 * fixtures/dialects/README.md.
 */

const FIXTURES = join(projectRoot, 'fixtures/dialects');
/** The other surfaces declared absent, so that the verdict is the migrations'. */
const NO_OTHER_SURFACES = { openapi: false, mcpTools: false, env: false, routes: false } as const;
const fixture = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');
const repos: TestRepo[] = [];
afterAll(() => {
  for (const repo of repos) repo.cleanup();
});

function generate(repo: TestRepo, from: string, to: string): { artifact: ReleaseSafetyArtifact; stdout: string } {
  const out = join(repo.dir, `.out-${from}-${to}.json`);
  const run = runCli(['generate', '--repo', repo.dir, '--from', from, '--to', to, '--out', out]);
  expect(run.stderr).toBe('');
  return { artifact: JSON.parse(readFileSync(out, 'utf8')) as ReleaseSafetyArtifact, stdout: run.stdout };
}

const PRISMA_INIT = {
  'packages/shared/prisma/migrations/20240101000000_init/migration.sql':
    'CREATE TABLE "users" ("id" TEXT NOT NULL, CONSTRAINT "users_pkey" PRIMARY KEY ("id"));\n',
};
const CH_DIR = 'packages/shared/clickhouse/migrations';

/** Both deployment shapes of one langfuse migration (up and down files). */
function langfuse(name: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const shape of ['clustered', 'unclustered']) {
    for (const direction of ['up', 'down'])
      files[`${CH_DIR}/${shape}/${name}.${direction}.sql`] = fixture(`langfuse-clickhouse/${shape}/${name}.${direction}.sql`);
  }
  return files;
}

function ensureLangfuseRepo(config: ReleaseSafetyConfig): TestRepo {
  const repo = createRepo();
  repos.push(repo);
  repo.commit(
    { 'release-safety.config.json': JSON.stringify({ ...config, ...NO_OTHER_SURFACES }), ...PRISMA_INIT, ...langfuse('0001_traces') },
    { tag: '1.0.0' },
  );
  repo.commit(langfuse('0005_add_session_id_index'), { tag: '1.1.0' });
  repo.commit(langfuse('0008_add_environments_column'), { tag: '1.2.0' });
  repo.commit(langfuse('0029_drop_traces_null_and_amt_tables'), { tag: '1.3.0' });
  repo.commit({ 'README.md': 'docs only\n' }, { tag: '1.4.0' });
  return repo;
}

describe('ClickHouse beside PostgreSQL (langfuse layout: clustered/ and unclustered/ golang-migrate sources)', () => {
  const withDialect: ReleaseSafetyConfig = {
    migrations: [
      { dir: 'packages/shared/prisma/migrations', edition: 'core' },
      { dir: CH_DIR, edition: 'core', dialect: 'clickhouse' },
    ],
  };
  const repo = ensureLangfuseRepo(withDialect);

  test('a release adding a materialised index is heavy, from the ClickHouse rules only (never the PostgreSQL grammar)', () => {
    const { artifact } = generate(repo, '1.0.0', '1.1.0');
    expect(artifact.migrations.present).toBe(true);
    expect(artifact.migrations.files.map((file) => [file.name, file.heaviness])).toEqual([
      ['clustered/0005_add_session_id_index', { locksTable: false, rewritesTable: true, scansTable: true }],
      ['unclustered/0005_add_session_id_index', { locksTable: false, rewritesTable: true, scansTable: true }],
    ]);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  test('a metadata-only ADD COLUMN with a constant default is light: the release is safe', () => {
    const { artifact } = generate(repo, '1.1.0', '1.2.0');
    expect(artifact.migrations.files.map((file) => [file.name, file.tables, file.heaviness])).toEqual([
      ['clustered/0008_add_environments_column', ['observations', 'scores', 'traces'], { locksTable: false, rewritesTable: false, scansTable: false }],
      ['unclustered/0008_add_environments_column', ['observations', 'scores', 'traces'], { locksTable: false, rewritesTable: false, scansTable: false }],
    ]);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  test('DROP TABLE breaks old code', () => {
    const { artifact, stdout } = generate(repo, '1.2.0', '1.3.0');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
    expect(stdout).toContain('clickhouse-drop-table');
  });

  test('a release touching no migration is "no migrations"', () => {
    const { artifact } = generate(repo, '1.3.0', '1.4.0');
    expect(artifact.migrations).toMatchObject({ present: false, count: 0 });
  });

  test('configured as PostgreSQL (no dialect), the same folder is never "present: false": its SQL fails the PostgreSQL grammar and is unknown', () => {
    const plain = ensureLangfuseRepo({
      migrations: [
        { dir: 'packages/shared/prisma/migrations', edition: 'core' },
        { dir: CH_DIR, edition: 'core' },
      ],
    });
    const { artifact } = generate(plain, '1.0.0', '1.1.0');
    expect(artifact.migrations.present).not.toBe(false);
    expect(artifact.compatibility.rollingUpdateSafe).not.toBe(true);
  });
});

describe('umami ClickHouse migrations (plain numbered SQL)', () => {
  test('RENAME COLUMN, DROP COLUMN and a dropped view break old code; MATERIALIZE PROJECTION is heavy', () => {
    const repo = createRepo();
    repos.push(repo);
    const config: ReleaseSafetyConfig = { migrations: [{ dir: 'db/clickhouse/migrations', edition: 'core', dialect: 'clickhouse' }] };
    repo.commit(
      {
        'release-safety.config.json': JSON.stringify({ ...config, ...NO_OTHER_SURFACES }),
        'db/clickhouse/migrations/04_add_tag.sql': fixture('umami-clickhouse/04_add_tag.sql'),
      },
      { tag: '1.0.0' },
    );
    repo.commit({ 'db/clickhouse/migrations/06_update_subdivision.sql': fixture('umami-clickhouse/06_update_subdivision.sql') }, { tag: '1.1.0' });
    const { artifact, stdout } = generate(repo, '1.0.0', '1.1.0');
    expect(artifact.migrations.files).toEqual([
      {
        name: '06_update_subdivision.sql',
        edition: 'core',
        tables: ['umami.website_event', 'umami.website_event_stats_hourly', 'umami.website_event_stats_hourly_mv'],
        heaviness: { locksTable: false, rewritesTable: true, scansTable: true },
      },
    ]);
    for (const rule of ['clickhouse-renaming', 'clickhouse-drop-column', 'clickhouse-drop-table', 'clickhouse-mutation-rewrites-parts'])
      expect(stdout).toContain(rule);
    expect(stdout).not.toMatch(/statement-unparsable|syntax error/);
  });
});

describe('the same schema for PostgreSQL and MySQL (umami before 3.0: db/postgresql, db/mysql)', () => {
  function umamiRepo(mysql: Record<string, unknown>): TestRepo {
    const repo = createRepo();
    repos.push(repo);
    const config = {
      migrations: [
        { dir: 'db/postgresql/migrations', edition: 'core' },
        { dir: 'db/mysql/migrations', edition: 'core', ...mysql },
      ],
    };
    const release = (name: string) => ({
      [`db/postgresql/migrations/${name}/migration.sql`]: fixture(`umami-mysql/postgresql/${name}.sql`),
      [`db/mysql/migrations/${name}/migration.sql`]: fixture(`umami-mysql/mysql/${name}.sql`),
    });
    repo.commit(
      { 'release-safety.config.json': JSON.stringify({ ...config, ...NO_OTHER_SURFACES }), ...release('12_update_report_parameter') },
      { tag: '1.0.0' },
    );
    repo.commit(release('13_add_revenue'), { tag: '1.1.0' });
    repo.commit({ 'README.md': 'docs\n' }, { tag: '1.2.0' });
    return repo;
  }

  test('a changed MySQL folder is unknown naming the dialect, never parsed as PostgreSQL; the PostgreSQL folder beside it is still read', () => {
    const { artifact, stdout } = generate(umamiRepo({ dialect: 'mysql' }), '1.0.0', '1.1.0');
    expect(artifact.migrations.files.map((file) => [file.name, file.heaviness.locksTable])).toEqual([
      ['13_add_revenue', false],
      ['db/mysql/migrations/13_add_revenue/migration.sql', 'unknown'],
    ]);
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
    expect(stdout).toContain('holds MySQL migrations, which are not judged');
    expect(stdout).not.toMatch(/statement-unparsable|syntax error/);
  });

  test('with `alternative: true` the verdict speaks for the PostgreSQL deployment, and every report says so', () => {
    const repo = umamiRepo({ dialect: 'mysql', alternative: true });
    const changed = generate(repo, '1.0.0', '1.1.0');
    expect(changed.artifact.migrations.files.map((file) => file.name)).toEqual(['13_add_revenue']);
    expect(changed.artifact.compatibility.rollingUpdateSafe).toBe(true);
    const quiet = generate(repo, '1.1.0', '1.2.0');
    for (const { stdout } of [changed, quiet])
      expect(stdout).toContain('db/mysql/migrations (MySQL): not judged — this verdict speaks only for the PostgreSQL deployment');
  });
});

describe('no shortcut to "present: false" (#31 item 4)', () => {
  test('an unreadable folder does not hide a readable one beside it: the heavy migration still makes the release false', () => {
    const repo = createRepo();
    repos.push(repo);
    const config = {
      migrations: [
        { dir: 'db/migrations', edition: 'core' },
        { dir: 'src/migrations', edition: 'ee' },
      ],
    };
    repo.commit(
      {
        'release-safety.config.json': JSON.stringify({ ...config, ...NO_OTHER_SURFACES }),
        'db/migrations/001_init.sql': 'CREATE TABLE users (id int, email text);\n',
      },
      { tag: '1.0.0' },
    );
    repo.commit(
      {
        'db/migrations/002_index.sql': 'CREATE INDEX users_email ON users (email);\n',
        // A TypeScript migration of a runner no format knows.
        'src/migrations/1700000000000-AddThing.ts': 'export async function apply(db) { await db.raw("ALTER TABLE users ADD COLUMN thing int"); }\n',
      },
      { tag: '1.1.0' },
    );
    const { artifact } = generate(repo, '1.0.0', '1.1.0');
    expect(artifact.migrations.files.map((file) => [file.name, file.heaviness.scansTable])).toEqual([
      ['002_index.sql', true],
      ['src/migrations/1700000000000-AddThing.ts', 'unknown'],
    ]);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  test('a changed SQL file deeper than any format reads is unknown, naming it', () => {
    const repo = createRepo();
    repos.push(repo);
    repo.commit(
      {
        'release-safety.config.json': JSON.stringify({ migrations: [{ dir: 'db', edition: 'core' }], ...NO_OTHER_SURFACES }),
        'db/001_init.sql': 'CREATE TABLE users (id int);\n',
      },
      { tag: '1.0.0' },
    );
    repo.commit({ 'db/v2/schema/002_drop.sql': 'DROP TABLE users;\n' }, { tag: '1.1.0' });
    const { artifact } = generate(repo, '1.0.0', '1.1.0');
    expect(artifact.migrations.files.map((file) => [file.name, file.heaviness.locksTable])).toEqual([['db/v2/schema/002_drop.sql', 'unknown']]);
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
  });
});

describe('a migrations folder moved with identical contents (#32 item 6)', () => {
  test('is a move, not 13 deletions and 13 additions', () => {
    const repo = createRepo();
    repos.push(repo);
    const migrations: Record<string, string> = {};
    for (let index = 1; index <= 13; index++)
      migrations[`${String(index).padStart(3, '0')}_step.sql`] =
        index === 1 ? 'CREATE TABLE users (id int);\n' : `CREATE INDEX users_${index} ON users (id);\n`;
    const at = (dir: string, value: (text: string) => string | null) =>
      Object.fromEntries(Object.entries(migrations).map(([name, text]) => [`${dir}/${name}`, value(text)]));
    repo.commit(
      {
        'release-safety.config.json': JSON.stringify({ migrations: [{ dir: 'db/migrations', edition: 'core' }], ...NO_OTHER_SURFACES }),
        ...at('db/migrations', (text) => text),
      },
      { tag: '1.0.0' },
    );
    repo.commit(
      {
        'release-safety.config.json': JSON.stringify({ migrations: [{ dir: 'packages/db/migrations', edition: 'core' }], ...NO_OTHER_SURFACES }),
        ...at('db/migrations', () => null),
        ...at('packages/db/migrations', (text) => text),
      },
      { tag: '1.1.0' },
    );
    const { artifact } = generate(repo, '1.0.0', '1.1.0');
    expect(artifact.migrations).toMatchObject({ present: false, count: 0, files: [] });
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });
});

test('the fixtures are the real files (sanity: nothing empty)', () => {
  for (const dir of ['langfuse-clickhouse/clustered', 'langfuse-clickhouse/unclustered', 'umami-clickhouse', 'umami-mysql/mysql', 'umami-mysql/postgresql']) {
    for (const name of readdirSync(join(FIXTURES, dir))) expect(fixture(`${dir}/${name}`).length, name).toBeGreaterThan(10);
  }
});
