import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraceReport } from '../../src/trace/types.js';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/** `release-safety trace` end to end: the built CLI on a real git repository, one PGlite run. */
let repo: TestRepo;
// Shared with src/trace/trace.pglite.test.ts: PGlite's initdb is cached once per machine.
const env = { ...process.env, RELEASE_SAFETY_CACHE_DIR: join(tmpdir(), 'release-safety-test-trace-cache') };

beforeAll(() => {
  repo = createRepo();
  repo.commit(
    {
      'release-safety.config.json': JSON.stringify({ migrations: [{ dir: 'migrations', edition: 'core' }] }),
      'migrations/001_init.sql':
        'CREATE TABLE users (id bigserial PRIMARY KEY, email varchar(255) NOT NULL UNIQUE);\nCREATE TABLE posts (id serial PRIMARY KEY, user_id bigint NOT NULL REFERENCES users (id), title text NOT NULL);\n',
    },
    { tag: 'v1.0.0' },
  );
  repo.commit(
    {
      'migrations/002_slug.sql': "SET lock_timeout = '5s';\nALTER TABLE posts ADD COLUMN slug text;\nUPDATE posts SET slug = lower(title);\n",
      'migrations/003_age.sql': "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN age int NOT NULL;\n",
    },
    { tag: 'v1.1.0' },
  );
  // The ACCESS EXCLUSIVE the ADD COLUMN takes on users is held until COMMIT, while VALIDATE reads all
  // of posts: PostgreSQL keeps users locked for the whole scan; the static rules say it is not locked.
  repo.commit(
    {
      'migrations/004_title_check.sql': "SET lock_timeout = '5s';\nALTER TABLE posts ADD CONSTRAINT posts_title_check CHECK (title <> '') NOT VALID;\n",
      'migrations/005_last_seen.sql':
        "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN last_seen timestamptz;\nALTER TABLE posts VALIDATE CONSTRAINT posts_title_check;\n",
    },
    { tag: 'v1.2.0' },
  );
});
afterAll(() => repo.cleanup());

describe('trace (built CLI)', () => {
  it('runs the added migrations on the seeded previous schema and reports each statement', () => {
    const run = runCli(['trace', '--repo', repo.dir, '--from', 'v1.0.0', '--to', 'v1.1.0', '--seed-rows', '100', '--json'], { env });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as TraceReport;
    // Referenced tables first: posts.user_id needs its users.
    expect(report.seeds).toEqual([
      { table: 'users', rows: 100 },
      { table: 'posts', rows: 100 },
    ]);
    const [slug, age] = report.files;
    // The backfill runs while the ADD COLUMN's ACCESS EXCLUSIVE on posts is still held: writes wait for all of it.
    expect(slug).toMatchObject({ file: 'migrations/002_slug.sql', status: 'observed', final: { locksTable: true, rewritesTable: true, scansTable: true } });
    expect(slug!.statements.at(-1)).toMatchObject({ line: 3, ran: 'transaction', rewrites: ['posts'], scans: ['posts'] });
    expect(age).toMatchObject({ file: 'migrations/003_age.sql', status: 'static-kept' });
    expect(age!.statements.at(-1)).toMatchObject({ ran: 'failed', error: 'column "age" of relation "users" contains null values' });
  }, 120_000);

  it('generate --trace: the heavier observation is a finding in the report, and the flags of the trace are in the artifact', () => {
    const out = mkdtempSync(join(tmpdir(), 'rs-trace-generate-'));
    try {
      const artifact = join(out, 'release-safety.json');
      const run = runCli(['generate', '--repo', repo.dir, '--from', 'v1.1.0', '--to', 'v1.2.0', '--trace', '--seed-rows', '50', '--out', artifact], { env });
      expect(run.stderr).toBe('');
      expect(run.stdout).toContain('observed-heavier-than-classified');
      expect(run.stdout).toContain('migrations/005_last_seen.sql:3');
      const written = JSON.parse(readFileSync(artifact, 'utf8')) as {
        migrations: { files: Array<{ name: string; heaviness: object }> };
        compatibility: { rollingUpdateSafe: unknown };
      };
      expect(written.migrations.files.find((file) => file.name === '005_last_seen.sql')?.heaviness).toEqual({
        locksTable: true,
        rewritesTable: false,
        scansTable: true,
      });
      expect(written.compatibility.rollingUpdateSafe).toBe(false);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a --seed-rows that is not a number of rows (exit 2, one line)', () => {
    const run = runCli(['trace', '--repo', repo.dir, '--from', 'v1.0.0', '--to', 'v1.1.0', '--seed-rows', 'many'], { env });
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('--seed-rows "many"');
  });
});
