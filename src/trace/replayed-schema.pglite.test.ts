/**
 * The schema PostgreSQL holds after the trace replayed the released migrations feeds the static
 * classifier: a column whose type the static reader could not follow (added by dynamic SQL in a DO
 * block) is judged on its real previous type — in the traced run, and in any later run of the same
 * `from` that finds the replayed schema in the derived cache (without --trace). Only an exact replay
 * (every released statement ran) is kept.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MigrationsSection } from '../artifact/types.js';
import { MemoryDerivedCache } from '../cache/derived-cache.js';
import { runStage, type StageResult } from '../stages/contract.js';
import { memoryStageInput } from '../stages/memory-input.js';
import { migrationsStage } from '../stages/migrations/index.js';
import { replayedSchemaOf } from './database.js';
import { freshDatabase, traceRelease } from './trace.js';

const CONFIG = { migrations: [{ dir: 'migrations', edition: 'core' as const }] };
const CACHE_DIRECTORY = join(tmpdir(), 'release-safety-test-trace-cache');

/** Columns only PostgreSQL knows the type of: the static reader cannot follow SQL built by format(). */
const RELEASED = `CREATE TABLE accounts (id int PRIMARY KEY);
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['accounts'] LOOP
    EXECUTE format('ALTER TABLE %I ADD COLUMN nick varchar(50), ADD COLUMN score integer', t);
  END LOOP;
END $$;`;

const ADDED = {
  'migrations/002_nick.sql': "SET lock_timeout = '5s';\nALTER TABLE accounts ALTER COLUMN nick TYPE varchar(100);",
  'migrations/003_score.sql': "SET lock_timeout = '5s';\nALTER TABLE accounts ALTER COLUMN score TYPE bigint;",
};

const heaviness = (result: StageResult<MigrationsSection>) => Object.fromEntries(result.section.files.map((file) => [file.name, file.heaviness]));
const staticStage = (input: Parameters<typeof runStage>[1]) => runStage(migrationsStage, input) as Promise<StageResult<MigrationsSection>>;

describe('the replayed schema feeds the classifier', () => {
  const base = { 'migrations/001_schema.sql': RELEASED };
  const input = memoryStageInput({ base, head: { ...base, ...ADDED } }, CONFIG);
  const cache = new MemoryDerivedCache();
  let traced: StageResult<MigrationsSection>;

  beforeAll(async () => {
    ({ staticResult: traced } = await traceRelease({ ...input, derivedCache: cache }, staticStage, { seedRows: 50, cacheDirectory: CACHE_DIRECTORY }));
  }, 60_000);

  it('statically, the previous types are unknown', async () => {
    const alone = heaviness(await staticStage(input));
    expect(alone['002_nick.sql']?.rewritesTable).toBe('unknown');
    expect(alone['003_score.sql']?.rewritesTable).toBe('unknown');
  });

  it('with the replayed schema they are proven: varchar(50) → varchar(100) keeps storage, integer → bigint rewrites', () => {
    expect(heaviness(traced)).toEqual({
      '002_nick.sql': { locksTable: false, rewritesTable: false, scansTable: false },
      '003_score.sql': { locksTable: true, rewritesTable: true, scansTable: true },
    });
    expect(traced.notes).toContain('released schema: as PostgreSQL holds it after replaying the released migrations (cached by the trace)');
  });

  it('a later run of the same from, without --trace, reads the cached replayed schema', async () => {
    expect(heaviness(await staticStage({ ...input, derivedCache: cache }))).toEqual(heaviness(traced));
  });

  it('keeps nothing from a replay that was not exact: the static unknown stands', async () => {
    const failing = { 'migrations/001_schema.sql': `${RELEASED}\nCREATE EXTENSION not_in_pglite;` };
    const other = memoryStageInput({ base: failing, head: { ...failing, ...ADDED } }, CONFIG);
    const otherCache = new MemoryDerivedCache();
    const { staticResult, report } = await traceRelease({ ...other, derivedCache: otherCache }, staticStage, { seedRows: 50, cacheDirectory: CACHE_DIRECTORY });
    expect(report.replay.failures).toHaveLength(1);
    expect(staticResult.notes.some((note) => note.startsWith('released schema: as PostgreSQL holds it'))).toBe(false);
    expect(heaviness(staticResult)['002_nick.sql']?.rewritesTable).toBe('unknown');
    expect(heaviness(await staticStage({ ...other, derivedCache: otherCache }))['003_score.sql']?.rewritesTable).toBe('unknown');
  }, 60_000);
});

describe('the replayed schema read from the catalog', () => {
  it('holds column types, every relation, validated NOT NULL checks and the leading column of valid full btree/hash indexes', async () => {
    const db = await freshDatabase(CACHE_DIRECTORY);
    try {
      await db.exec(`CREATE SCHEMA app;
        CREATE TABLE app.users (id bigint PRIMARY KEY, email varchar(255), flag "char", "Nick" text, created timestamptz(3));
        CREATE INDEX users_email_partial ON app.users (email) WHERE email IS NOT NULL;
        CREATE INDEX users_lower ON app.users (lower("Nick"));
        CREATE INDEX users_nick ON app.users ("Nick", email);
        ALTER TABLE app.users ADD CONSTRAINT users_email_nn CHECK (email IS NOT NULL);
        ALTER TABLE app.users ADD CONSTRAINT users_nick_nn CHECK ("Nick" IS NOT NULL) NOT VALID;
        CREATE TABLE posts (id int, body text);
        CREATE VIEW recent AS SELECT id FROM posts;`);
      const schema = await replayedSchemaOf(db);
      expect(schema.columnTypes).toEqual({
        'app.users.id': 'bigint',
        'app.users.email': 'character varying(255)',
        'app.users.Nick': 'text',
        'app.users.created': 'timestamp(3) with time zone',
        'posts.id': 'integer',
        'posts.body': 'text',
        'recent.id': 'integer',
      });
      expect(schema.tables).toEqual(expect.arrayContaining(['app.users', 'app.users_pkey', 'posts', 'recent']));
      expect(schema.notNullChecks).toEqual({ 'app.users.users_email_nn': 'email' });
      expect(schema.indexedColumns).toEqual({ 'app.users': ['Nick', 'id'], posts: [] });
    } finally {
      await db.close();
    }
  }, 30_000);
});

describe('user-defined types in the replayed schema', () => {
  it('records what ADD COLUMN of each costs: domains with a constraint, a default or a constrained base rewrite', async () => {
    const db = await freshDatabase(CACHE_DIRECTORY);
    try {
      await db.exec(`CREATE SCHEMA app;
        CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0);
        CREATE DOMAIN small_positive AS positive_int;
        CREATE DOMAIN label AS text;
        CREATE DOMAIN app.required AS text NOT NULL;
        CREATE DOMAIN stamped AS timestamptz DEFAULT now();
        CREATE TYPE "Status" AS ENUM ('OPEN');
        CREATE TYPE pair AS (a int, b int);
        CREATE TABLE posts (id int);`);
      const { userTypes } = await replayedSchemaOf(db);
      expect(userTypes).toEqual({
        positive_int: 'rewriting-domain',
        small_positive: 'rewriting-domain',
        label: 'domain',
        'app.required': 'rewriting-domain',
        stamped: 'rewriting-domain',
        Status: 'type',
        pair: 'type',
        // A table's row type is a column type too.
        posts: 'type',
      });
    } finally {
      await db.close();
    }
  }, 30_000);
});

describe('columns a type change re-checks, in the replayed schema', () => {
  it('every column an expression, partial or non-btree index depends on, or a CHECK / EXCLUDE reads; not a plain btree or hash index', async () => {
    const db = await freshDatabase(CACHE_DIRECTORY);
    try {
      await db.exec(`CREATE TABLE accounts (id int PRIMARY KEY, email varchar(255), nick text, tags text[], code text, note text, score int CHECK (score > 0));
        CREATE INDEX ON accounts (code);
        CREATE INDEX ON accounts USING hash (note);
        CREATE UNIQUE INDEX ON accounts (lower(email));
        CREATE INDEX ON accounts (id) WHERE nick IS NOT NULL;
        CREATE INDEX ON accounts USING gin (tags);
        CREATE TABLE plain (id int PRIMARY KEY, v text);`);
      const { recheckedColumns } = await replayedSchemaOf(db);
      expect(recheckedColumns).toEqual({ accounts: ['email', 'id', 'nick', 'score', 'tags'], plain: [] });
    } finally {
      await db.close();
    }
  }, 30_000);
});
