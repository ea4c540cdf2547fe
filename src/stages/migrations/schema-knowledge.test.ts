/**
 * The schema the released migrations leave, handed to the classifier (stage.ts foldReleasedMigration):
 * validated NOT NULL checks and indexed columns. Each behaviour is observed in PostgreSQL by the
 * peer corpus (test/fixtures/peer-migrations); here the bookkeeping is pinned down.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { classifyMigration } from './classify.js';
import { loadParser } from './sql.js';
import { foldReleasedMigration, schemaOptions, type ReleasedSchema } from './stage.js';

const file = (sql: string) => ({ file: 'm.sql', statements: [{ sql, line: 1, origin: 'sql-file' as const }], unresolved: [], inTransaction: true });

/** Classifies `sql` after the released migrations `released` (in order); returns whether it is heavy. */
function heaviness(released: string[], sql: string) {
  const schema: ReleasedSchema = { columnTypes: new Map(), tables: new Set(), tablesComplete: true, notNullChecks: new Map(), indexedColumns: new Map() };
  for (const text of released) foldReleasedMigration(schema, classifyMigration(file(text), { postgresVersion: 16, existingTables: new Set() }, schemaOptions(schema)));
  return classifyMigration(file(`SET lock_timeout = '2s';\n${sql}`), { postgresVersion: 16, newTables: new Set(), existingTables: schema.tables }, schemaOptions(schema)).heaviness;
}

const LIGHT = { locksTable: false, rewritesTable: false, scansTable: false };
const CREATE = 'CREATE TABLE users (id integer PRIMARY KEY, name text, code integer)';

beforeAll(loadParser);

describe('released NOT NULL checks', () => {
  it('a validated CHECK (col IS NOT NULL) lets SET NOT NULL skip its scan', () => {
    expect(heaviness([CREATE, 'ALTER TABLE users ADD CONSTRAINT users_name_nn CHECK (name IS NOT NULL)'], 'ALTER TABLE users ALTER COLUMN name SET NOT NULL')).toEqual(LIGHT);
  });
  it('an unnamed one is known by PostgreSQL’s name, and dropping it by that name counts', () => {
    expect(heaviness([CREATE, 'ALTER TABLE users ADD CHECK (name IS NOT NULL)'], 'ALTER TABLE users ALTER COLUMN name SET NOT NULL')).toEqual(LIGHT);
    expect(heaviness([CREATE, 'ALTER TABLE users ADD CHECK (name IS NOT NULL)', 'ALTER TABLE users DROP CONSTRAINT users_name_check'], 'ALTER TABLE users ALTER COLUMN name SET NOT NULL').scansTable).toBe(true);
  });
  it('NOT VALID, dropped, renamed away or followed by a migration that could not be judged: the scan stays', () => {
    const set = 'ALTER TABLE users ALTER COLUMN name SET NOT NULL';
    expect(heaviness([CREATE, 'ALTER TABLE users ADD CONSTRAINT c CHECK (name IS NOT NULL) NOT VALID'], set).scansTable).toBe(true);
    expect(heaviness([CREATE, 'ALTER TABLE users ADD CONSTRAINT c CHECK (name IS NOT NULL)', 'ALTER TABLE users DROP CONSTRAINT c'], set).scansTable).toBe(true);
    expect(heaviness([CREATE, 'ALTER TABLE users ADD CONSTRAINT c CHECK (name IS NOT NULL)', 'ALTER TABLE users RENAME COLUMN name TO full_name'], set).scansTable).toBe(true);
    expect(heaviness([CREATE, 'ALTER TABLE users ADD CONSTRAINT c CHECK (name IS NOT NULL)', "DO $$ BEGIN EXECUTE 'ALTER TABLE users DROP CONSTRAINT ' || 'c'; END $$"], set).scansTable).toBe(true);
  });
});

describe('released indexes and narrow WHEREs', () => {
  it('a key column with an index is narrow, one without is a full scan', () => {
    expect(heaviness([CREATE], 'UPDATE users SET name = NULL WHERE id = 3')).toEqual(LIGHT);
    expect(heaviness(['CREATE TABLE events (id integer NOT NULL, kind text)'], 'DELETE FROM events WHERE id = 3').scansTable).toBe(true);
    expect(heaviness(['CREATE TABLE events (id integer NOT NULL, kind text)', 'CREATE UNIQUE INDEX events_id_idx ON events (id)'], 'DELETE FROM events WHERE id = 3')).toEqual(LIGHT);
  });
  it('a partial index does not count; an unknown table keeps the key-column reading', () => {
    expect(heaviness(['CREATE TABLE events (id integer NOT NULL, kind text)', "CREATE INDEX events_id_idx ON events (id) WHERE kind = 'a'"], 'DELETE FROM events WHERE id = 3').scansTable).toBe(true);
    expect(heaviness([], 'DELETE FROM events WHERE id = 3')).toEqual(LIGHT);
    expect(heaviness(['CREATE TABLE IF NOT EXISTS events (id integer, kind text)', 'CREATE TABLE IF NOT EXISTS events (id integer, kind text)'], 'DELETE FROM events WHERE id = 3')).not.toEqual(LIGHT);
  });
  it('a table created in the same migration has a known shape too', () => {
    const heavy = classifyMigration(file('CREATE TABLE t (id int, v text);\nINSERT INTO t VALUES (1, NULL);'), { postgresVersion: 16 }, {});
    expect(heavy.indexedColumns).toEqual({ t: [] });
  });
});
