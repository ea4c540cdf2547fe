import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { classifyMigration } from './classify.js';
import { UNRESOLVED_PLACEHOLDER } from './types.js';
import { loadParser } from './sql.js';
import type { ExtractedMigration, ExtractedStatement } from './types.js';

function migration(statements: (string | Partial<ExtractedStatement>)[], extra: Partial<ExtractedMigration> = {}): ExtractedMigration {
  return {
    file: 'migrations/20240101_change.ts',
    statements: statements.map((statement, index) =>
      typeof statement === 'string' ? { sql: statement, line: index + 1, origin: 'knex-raw' } : { sql: '', line: index + 1, origin: 'knex-raw', ...statement },
    ),
    unresolved: [],
    inTransaction: true,
    ...extra,
  };
}

const PG16 = { postgresVersion: 16 };

describe('classifyMigration', () => {
  beforeAll(async () => {
    await loadParser();
  });

  it('lists real tables: qualified as written, sorted, unique, with referenced, dropped and renamed ones', () => {
    const result = classifyMigration(
      migration([
        'ALTER TABLE public.users ADD COLUMN org_id int REFERENCES orgs (id)',
        'DROP TABLE legacy',
        'ALTER TABLE a RENAME TO b',
        "UPDATE users SET plan = 'free' WHERE id = 1",
        "UPDATE users SET plan = 'pro' WHERE id = 2",
      ]),
      PG16,
    );
    expect(result.tables).toEqual(['a', 'b', 'legacy', 'orgs', 'public.users', 'users']);
  });

  it('carries file, line and a shortened statement as evidence, findings sorted by line then rule', () => {
    const longUpdate = `UPDATE events SET payload = '${'x'.repeat(300)}'`;
    const result = classifyMigration(
      migration([
        { sql: 'CREATE INDEX events_kind ON events (kind)', line: 12 },
        { sql: longUpdate, line: 30 },
        { sql: 'ALTER TABLE events DROP COLUMN kind', line: 4 },
      ]),
      PG16,
    );
    expect(result.findings.map((finding) => [finding.rule, finding.evidence.line])).toEqual([
      ['ban-drop-column', 4],
      ['require-timeout-settings', 4],
      ['require-concurrent-index-creation', 12],
      ['update-without-where', 30],
    ]);
    const update = result.findings[3]!;
    expect(update.evidence.file).toBe('migrations/20240101_change.ts');
    expect(update.evidence.statement).toHaveLength(200);
    expect(update.evidence.statement?.endsWith('…')).toBe(true);
  });

  it('gives each statement of a multi-statement raw string its own line', () => {
    const result = classifyMigration(migration([{ sql: 'SELECT 1;\n\nCREATE INDEX a_b ON a (b);\nDROP INDEX a_c;', line: 40 }]), PG16);
    expect(result.findings.map((finding) => [finding.rule, finding.evidence.line, finding.evidence.statement])).toEqual([
      ['require-concurrent-index-creation', 42, 'CREATE INDEX a_b ON a (b)'],
      ['require-concurrent-index-deletion', 43, 'DROP INDEX a_c'],
      ['require-timeout-settings', 43, 'DROP INDEX a_c'],
    ]);
  });

  it('treats tables created earlier in the migration or the release as new and empty', () => {
    const first = classifyMigration(
      migration(['CREATE TABLE projects (id serial PRIMARY KEY, name varchar(255) NOT NULL)', 'CREATE INDEX projects_name ON projects (name)']),
      PG16,
    );
    expect(first.heaviness).toEqual({ locksTable: false, rewritesTable: false, scansTable: false });
    expect(first.createdTables).toEqual(['projects']);
    const later = classifyMigration(migration(["UPDATE projects SET name = 'x'", 'ALTER TABLE projects ADD COLUMN token uuid DEFAULT gen_random_uuid()']), {
      postgresVersion: 16,
      newTables: new Set(first.createdTables),
    });
    expect(later.heaviness).toEqual({ locksTable: false, rewritesTable: false, scansTable: false });
    expect(later.findings).toEqual([]);
  });

  it('classifies knex `.notNullable().alter()` output: the re-stated SET NOT NULL scans', () => {
    const result = classifyMigration(
      migration([
        'alter table "users" alter column "email" drop default',
        'alter table "users" alter column "email" drop not null',
        'alter table "users" alter column "email" type varchar(500) using ("email"::varchar(500))',
        'alter table "users" alter column "email" set not null',
      ]),
      PG16,
      { columnTypes: new Map([['users.email', 'varchar(255)']]), recheckedColumns: new Map([['users', new Set<string>()]]) },
    );
    expect(result.heaviness).toEqual({ locksTable: true, rewritesTable: false, scansTable: true });
    // The knex trap: the column ends NOT NULL without the default it may have had.
    expect(result.findings.map((finding) => finding.rule)).toEqual([
      'dropping-column-default',
      'require-timeout-settings',
      'adding-not-nullable-field',
      'constraint-rejects-old-code-writes',
    ]);
    expect(result.breaksOldCode).toBe(true);
  });

  it('prefers a column type changed earlier in the migration over the given one', () => {
    const given = { columnTypes: new Map([['users.nick', 'integer']]), recheckedColumns: new Map([['users', new Set<string>()]]) };
    const changedTwice = classifyMigration(
      migration(['ALTER TABLE users ALTER COLUMN nick TYPE varchar(50)', 'ALTER TABLE users ALTER COLUMN nick TYPE varchar(100)']),
      PG16,
      given,
    );
    expect(changedTwice.findings.filter((finding) => finding.rule === 'changing-column-type').map((finding) => finding.evidence.line)).toEqual([1]);
    expect(changedTwice.heaviness.rewritesTable).toBe(true);
  });

  it('reports the column types it saw declared, to pass on to later migrations', () => {
    const result = classifyMigration(migration(['CREATE TABLE t (id bigint, name character varying(40))', 'ALTER TABLE users ADD COLUMN note text']), PG16);
    expect(result.declaredColumnTypes).toEqual({ 't.id': 'int8', 't.name': 'varchar(40)', 'users.note': 'text' });
  });

  it('maps DO block statements to file lines and classifies them', () => {
    const body = ['DO $$', 'BEGIN', "  ALTER TABLE users ADD COLUMN tag text DEFAULT 'a';", '  CREATE INDEX users_tag ON users (tag);', 'END $$;'].join('\n');
    const result = classifyMigration(migration([{ sql: body, line: 20 }]), PG16);
    expect(result.findings.map((finding) => [finding.rule, finding.evidence.line])).toEqual([
      ['require-timeout-settings', 22],
      ['require-concurrent-index-creation', 23],
    ]);
    expect(result.tables).toEqual(['users']);
  });

  it('classifies a function body where the migration calls it, and only there', () => {
    const create = "CREATE FUNCTION backfill() RETURNS void LANGUAGE plpgsql AS $$\nBEGIN\n  UPDATE users SET plan = 'free';\nEND $$";
    const onlyCreated = classifyMigration(migration([create]), PG16);
    expect(onlyCreated.heaviness).toEqual({ locksTable: false, rewritesTable: false, scansTable: false });
    const called = classifyMigration(
      migration([
        { sql: create, line: 1 },
        { sql: 'SELECT backfill()', line: 10 },
      ]),
      PG16,
    );
    expect(called.findings.map((finding) => [finding.rule, finding.evidence.line])).toEqual([['update-without-where', 3]]);
  });

  it('keeps unresolved parts unknown, never light, and sorts them in', () => {
    const result = classifyMigration(
      migration(['CREATE TABLE t (a int)'], {
        unresolved: [{ line: 3, reason: 'SQL built by helper buildSql() in ./sql-helpers', affects: ['rewritesTable', 'locksTable'] }],
      }),
      PG16,
    );
    expect(result.heaviness).toEqual({ locksTable: 'unknown', rewritesTable: 'unknown', scansTable: false });
    expect(result.findings).toEqual([
      {
        rule: 'migration-part-unresolved',
        params: { reason: 'SQL built by helper buildSql() in ./sql-helpers', affects: 'locksTable, rewritesTable' },
        evidence: { file: 'migrations/20240101_change.ts', line: 3, statement: 'SQL built by helper buildSql() in ./sql-helpers' },
        // It makes the verdict unknown: every report shows it at that level (issue 32).
        verdictEffect: 'unknown',
      },
    ]);
  });

  it('classifies data-modifying WITH queries, and does not take WITH names for tables', () => {
    const result = classifyMigration(
      migration([
        "WITH moved AS (DELETE FROM events WHERE kind = 'old' RETURNING *) INSERT INTO events_archive SELECT * FROM moved",
        'WITH ids AS (SELECT id FROM users WHERE id = 1) UPDATE users SET plan = 1 FROM ids WHERE users.id = ids.id',
      ]),
      PG16,
    );
    expect(result.findings.map((finding) => [finding.rule, finding.evidence.line])).toEqual([
      ['delete-without-where', 1],
      ['update-without-where', 2],
    ]);
    expect(result.tables).toEqual(['events', 'events_archive', 'users']);
  });

  it('follows calls of functions made from UPDATE, INSERT and DELETE, like those of SELECT', () => {
    const create = "CREATE FUNCTION backfill() RETURNS int LANGUAGE plpgsql AS $$\nBEGIN\n  UPDATE events SET kind = 'x';\n  RETURN 1;\nEND $$";
    const called = classifyMigration(
      migration([
        { sql: create, line: 1 },
        { sql: 'UPDATE users SET n = backfill() WHERE id = 1', line: 10 },
      ]),
      PG16,
    );
    expect(called.findings.map((finding) => [finding.rule, finding.evidence.line])).toEqual([['update-without-where', 3]]);
    const unknown = classifyMigration(migration(["INSERT INTO audit (note) VALUES (recompute_all('x'))"]), PG16);
    expect(unknown.findings.map((finding) => finding.rule)).toEqual(['function-call-unresolved']);
    const builtins = classifyMigration(
      migration(["UPDATE users SET settings = jsonb_set(settings, '{a}', to_jsonb(lower(name))), seen = now() WHERE id = 1"]),
      PG16,
    );
    expect(builtins.findings).toEqual([]);
  });

  it('follows calls of functions of this migration made from PL/pgSQL assignments and conditions', () => {
    const create = "CREATE FUNCTION backfill() RETURNS int LANGUAGE plpgsql AS $$\nBEGIN\n  UPDATE users SET plan = 'free';\n  RETURN 1;\nEND $$";
    const assigned = classifyMigration(
      migration([
        { sql: create, line: 1 },
        { sql: 'DO $$ DECLARE n int; BEGIN n := backfill(); END $$', line: 10 },
      ]),
      PG16,
    );
    expect(assigned.findings.map((finding) => [finding.rule, finding.evidence.line])).toEqual([['update-without-where', 3]]);
    const condition = classifyMigration(
      migration([
        { sql: create, line: 1 },
        { sql: 'DO $$ BEGIN IF backfill() > 0 THEN RAISE NOTICE $q$done$q$; END IF; END $$', line: 10 },
      ]),
      PG16,
    );
    expect(condition.findings.map((finding) => [finding.rule, finding.evidence.line])).toEqual([['update-without-where', 3]]);
    const unknownCall = classifyMigration(migration(['DO $$ DECLARE n int; BEGIN n := rebuild_everything(); END $$']), PG16);
    expect(unknownCall.findings.map((finding) => finding.rule)).toEqual(['function-call-unresolved']);
  });

  it('does not count an IN list holding an unresolved knex value as narrow (it may be a spread of any length)', () => {
    const spread = classifyMigration(migration([`DELETE FROM users WHERE id IN ('${UNRESOLVED_PLACEHOLDER}')`]), PG16);
    expect(spread.findings.map((finding) => finding.rule)).toEqual(['delete-without-where']);
    const single = classifyMigration(migration([`DELETE FROM users WHERE id = '${UNRESOLVED_PLACEHOLDER}'`]), PG16);
    expect(single.heaviness).toEqual({ locksTable: false, rewritesTable: false, scansTable: false });
  });

  it('lets a lock_timeout of a knex migration without transaction bound only the statements sent with it', () => {
    const alter = 'ALTER TABLE users ALTER COLUMN plan DROP NOT NULL';
    const separate = classifyMigration(migration(["SET lock_timeout = '5s'", alter], { inTransaction: false }), PG16);
    expect(separate.heaviness.locksTable).toBe(true);
    const together = classifyMigration(migration([`SET lock_timeout = '5s'; ${alter}`], { inTransaction: false }), PG16);
    expect(together.heaviness.locksTable).toBe(false);
    const inTransaction = classifyMigration(migration(["SET lock_timeout = '5s'", alter]), PG16);
    expect(inTransaction.heaviness.locksTable).toBe(false);
  });

  it('classifies guarded statements as if they run', () => {
    const result = classifyMigration(migration([{ sql: 'ALTER TABLE users DROP COLUMN legacy', guarded: true }]), PG16);
    expect(result.breaksOldCode).toBe(true);
  });

  it('knows CONCURRENTLY is fine without a transaction and fails inside one', () => {
    const sql = ['CREATE INDEX CONCURRENTLY users_email ON users (email)'];
    expect(classifyMigration(migration(sql, { inTransaction: false }), PG16).heaviness).toEqual({ locksTable: false, rewritesTable: false, scansTable: true });
    expect(classifyMigration(migration(sql), PG16).heaviness).toEqual({ locksTable: 'unknown', rewritesTable: 'unknown', scansTable: true });
    const explicit = classifyMigration(migration(['BEGIN', ...sql, 'COMMIT'], { inTransaction: false }), PG16);
    expect(explicit.findings.map((finding) => finding.rule)).toContain('ban-concurrent-index-creation-in-transaction');
  });

  it.each([
    ['ALTER TABLE users ALTER COLUMN plan DROP NOT NULL', 'users'],
    ['ALTER TABLE users DROP CONSTRAINT users_plan_check', 'users'],
    ['ALTER TABLE users ALTER COLUMN plan SET DEFAULT 1', 'users'],
    ['ALTER TABLE users RENAME CONSTRAINT a TO b', 'users'],
    ['CREATE POLICY own_rows ON users USING (true)', 'users'],
    ['ALTER TABLE app.users DISABLE ROW LEVEL SECURITY', 'app.users'],
    ['CREATE TABLE m2024 PARTITION OF measurements FOR VALUES FROM (1) TO (2)', 'measurements'],
  ])('counts the brief write-blocking lock of %s without lock_timeout', (sql, table) => {
    const result = classifyMigration(migration([sql]), PG16);
    expect(result.heaviness).toEqual({ locksTable: true, rewritesTable: false, scansTable: false });
    expect(result.findings.map((finding) => [finding.rule, finding.params['table']])).toEqual([['require-timeout-settings', table]]);
    expect(result.tables).toContain(table);
  });

  it.each([
    'ALTER TABLE users ALTER COLUMN plan SET STATISTICS 500',
    'ALTER INDEX users_email RENAME TO users_email_idx',
    'ALTER SEQUENCE users_id_seq OWNED BY users.id',
    'CREATE DOMAIN email AS text',
    'DROP EVENT TRIGGER IF EXISTS audit_ddl',
    "SELECT pg_advisory_xact_lock(1), count(*) FROM information_schema.tables WHERE table_name = 'users'",
  ])('keeps %s light', (sql) => {
    const result = classifyMigration(migration([sql]), PG16);
    expect(result.heaviness).toEqual({ locksTable: false, rewritesTable: false, scansTable: false });
    expect(result.findings).toEqual([]);
  });

  it('never throws and never calls unparsable text light', () => {
    const fragments = [
      'ALTER TABLE',
      'users',
      'ADD COLUMN',
      'x int',
      'DEFAULT',
      'random()',
      ';',
      'DO $$',
      'BEGIN',
      'END',
      '$$',
      "'",
      '(',
      'CREATE INDEX',
      'ON',
      'SELECT',
      'é',
    ];
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 8 })), { maxLength: 12 }), (parts) => {
        const result = classifyMigration(migration([parts.join(' ')]), PG16);
        if (result.findings.some((finding) => finding.rule === 'statement-unparsable')) {
          expect(Object.values(result.heaviness).every((flag) => flag !== false)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic', () => {
    const input = migration(['ALTER TABLE b DROP COLUMN x; ALTER TABLE a DROP COLUMN y', 'UPDATE c SET d = 1', 'LOCK TABLE e']);
    expect(JSON.stringify(classifyMigration(input, PG16))).toBe(JSON.stringify(classifyMigration(input, PG16)));
  });
});

describe('conditional CREATE TABLE (IF NOT EXISTS, or behind a hasTable guard)', () => {
  beforeAll(async () => {
    await loadParser();
  });
  const light = { locksTable: false, rewritesTable: false, scansTable: false };
  const createThenIndex = ['CREATE TABLE IF NOT EXISTS audit (id int, actor text)', 'CREATE INDEX audit_actor ON audit (actor)'];

  it('does not prove the table new without knowing the released tables: the index is judged as on an existing table', () => {
    const result = classifyMigration(migration(createThenIndex), PG16);
    expect(result.heaviness).toMatchObject({ locksTable: true, scansTable: true });
    expect(result.createdTables).toEqual([]);
  });

  it('proves it new when the released migrations do not create it', () => {
    const result = classifyMigration(migration(createThenIndex), { ...PG16, existingTables: new Set(['users']) });
    expect(result.heaviness).toEqual(light);
    expect(result.createdTables).toEqual(['audit']);
  });

  it('is a no-op on a table the released migrations create: what follows is heavy', () => {
    const result = classifyMigration(migration(createThenIndex), { ...PG16, existingTables: new Set(['audit']) });
    expect(result.heaviness).toMatchObject({ locksTable: true, scansTable: true });
  });

  it('treats a guarded plain CREATE TABLE the same way', () => {
    const guarded = [
      { sql: 'CREATE TABLE audit (id int, actor text)', guarded: true },
      { sql: 'CREATE INDEX audit_actor ON audit (actor)', guarded: true },
    ];
    expect(classifyMigration(migration(guarded), PG16).heaviness).toMatchObject({ scansTable: true });
    expect(classifyMigration(migration(guarded), { ...PG16, existingTables: new Set() }).heaviness).toEqual(light);
  });
});
