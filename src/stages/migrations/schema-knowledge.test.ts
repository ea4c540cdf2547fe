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
  const schema: ReleasedSchema = {
    columnTypes: new Map(),
    tables: new Set(),
    tablesComplete: true,
    notNullChecks: new Map(),
    indexedColumns: new Map(),
    recheckedColumns: new Map(),
    userTypes: new Map(),
    functions: new Map(),
    disabledTriggers: new Set(),
    triggerStatesKnown: true,
  };
  for (const text of released)
    foldReleasedMigration(schema, classifyMigration(file(text), { postgresVersion: 16, existingTables: new Set() }, schemaOptions(schema)));
  return classifyMigration(
    file(`SET lock_timeout = '2s';\n${sql}`),
    { postgresVersion: 16, newTables: new Set(), existingTables: schema.tables },
    schemaOptions(schema),
  ).heaviness;
}

const LIGHT = { locksTable: false, rewritesTable: false, scansTable: false };
const CREATE = 'CREATE TABLE users (id integer PRIMARY KEY, name text, code integer)';

beforeAll(loadParser);

describe('released NOT NULL checks', () => {
  it('a validated CHECK (col IS NOT NULL) lets SET NOT NULL skip its scan', () => {
    expect(
      heaviness([CREATE, 'ALTER TABLE users ADD CONSTRAINT users_name_nn CHECK (name IS NOT NULL)'], 'ALTER TABLE users ALTER COLUMN name SET NOT NULL'),
    ).toEqual(LIGHT);
  });
  it('an unnamed one is known by PostgreSQL’s name, and dropping it by that name counts', () => {
    expect(heaviness([CREATE, 'ALTER TABLE users ADD CHECK (name IS NOT NULL)'], 'ALTER TABLE users ALTER COLUMN name SET NOT NULL')).toEqual(LIGHT);
    expect(
      heaviness(
        [CREATE, 'ALTER TABLE users ADD CHECK (name IS NOT NULL)', 'ALTER TABLE users DROP CONSTRAINT users_name_check'],
        'ALTER TABLE users ALTER COLUMN name SET NOT NULL',
      ).scansTable,
    ).toBe(true);
  });
  // Issue 32 (strong_migrations' recipe): NOT VALID released, VALIDATE in the next migration, then SET NOT NULL.
  it('a released NOT VALID check validated later (same or next migration) lets SET NOT NULL skip its scan', () => {
    const notValid = 'ALTER TABLE users ADD CONSTRAINT users_name_nn CHECK (name IS NOT NULL) NOT VALID';
    const validate = 'ALTER TABLE users VALIDATE CONSTRAINT users_name_nn';
    const set = 'ALTER TABLE users ALTER COLUMN name SET NOT NULL';
    expect(heaviness([CREATE, notValid, validate], set)).toEqual(LIGHT);
    expect(heaviness([CREATE, notValid], `${validate};\n${set}`)).toEqual({ locksTable: false, rewritesTable: false, scansTable: true });
    expect(
      heaviness([CREATE, 'ALTER TABLE users ADD CHECK (name IS NOT NULL) NOT VALID', 'ALTER TABLE users VALIDATE CONSTRAINT users_name_check'], set),
    ).toEqual(LIGHT);
  });
  it('NOT VALID, dropped, renamed away or followed by a migration that could not be judged: the scan stays', () => {
    const set = 'ALTER TABLE users ALTER COLUMN name SET NOT NULL';
    expect(heaviness([CREATE, 'ALTER TABLE users ADD CONSTRAINT c CHECK (name IS NOT NULL) NOT VALID'], set).scansTable).toBe(true);
    expect(heaviness([CREATE, 'ALTER TABLE users ADD CONSTRAINT c CHECK (name IS NOT NULL)', 'ALTER TABLE users DROP CONSTRAINT c'], set).scansTable).toBe(
      true,
    );
    expect(
      heaviness([CREATE, 'ALTER TABLE users ADD CONSTRAINT c CHECK (name IS NOT NULL)', 'ALTER TABLE users RENAME COLUMN name TO full_name'], set).scansTable,
    ).toBe(true);
    expect(
      heaviness(
        [CREATE, 'ALTER TABLE users ADD CONSTRAINT c CHECK (name IS NOT NULL)', "DO $$ BEGIN EXECUTE 'ALTER TABLE users DROP CONSTRAINT ' || 'c'; END $$"],
        set,
      ).scansTable,
    ).toBe(true);
  });
});

describe('released indexes and narrow WHEREs', () => {
  it('a key column with an index is narrow, one without is a full scan', () => {
    expect(heaviness([CREATE], 'UPDATE users SET name = NULL WHERE id = 3')).toEqual(LIGHT);
    expect(heaviness(['CREATE TABLE events (id integer NOT NULL, kind text)'], 'DELETE FROM events WHERE id = 3').scansTable).toBe(true);
    expect(
      heaviness(
        ['CREATE TABLE events (id integer NOT NULL, kind text)', 'CREATE UNIQUE INDEX events_id_idx ON events (id)'],
        'DELETE FROM events WHERE id = 3',
      ),
    ).toEqual(LIGHT);
  });
  it('a partial index does not count; an unknown table keeps the key-column reading', () => {
    expect(
      heaviness(
        ['CREATE TABLE events (id integer NOT NULL, kind text)', "CREATE INDEX events_id_idx ON events (id) WHERE kind = 'a'"],
        'DELETE FROM events WHERE id = 3',
      ).scansTable,
    ).toBe(true);
    expect(heaviness([], 'DELETE FROM events WHERE id = 3')).toEqual(LIGHT);
    expect(
      heaviness(
        ['CREATE TABLE IF NOT EXISTS events (id integer, kind text)', 'CREATE TABLE IF NOT EXISTS events (id integer, kind text)'],
        'DELETE FROM events WHERE id = 3',
      ),
    ).not.toEqual(LIGHT);
  });
  it('a table created in the same migration has a known shape too', () => {
    const heavy = classifyMigration(file('CREATE TABLE t (id int, v text);\nINSERT INTO t VALUES (1, NULL);'), { postgresVersion: 16 }, {});
    expect(heavy.indexedColumns).toEqual({ t: [] });
  });
});

describe('released user-defined types and ADD COLUMN (adding-field-of-constrained-domain)', () => {
  const add = (type: string) => `ALTER TABLE users ADD COLUMN v ${type}`;
  const HEAVY = { locksTable: true, rewritesTable: true, scansTable: true };
  const UNKNOWN = { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' };
  it('a domain with a CHECK or NOT NULL, or a volatile default, created by a released migration rewrites the table', () => {
    expect(heaviness([CREATE, 'CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0)'], add('positive_int'))).toEqual(HEAVY);
    expect(heaviness([CREATE, 'CREATE DOMAIN public.required_text AS text NOT NULL'], add('required_text DEFAULT $$x$$'))).toEqual(HEAVY);
    expect(heaviness([CREATE, 'CREATE DOMAIN token AS uuid DEFAULT gen_random_uuid()'], add('public.token'))).toEqual(HEAVY);
  });
  it('an enum, composite or range type, or a domain without constraints, is added in the catalog only', () => {
    expect(heaviness([CREATE, "CREATE TYPE mood AS ENUM ('calm', 'busy')"], add('mood'))).toEqual(LIGHT);
    expect(heaviness([CREATE, "CREATE TYPE \"Role\" AS ENUM ('ADMIN', 'USER')"], add('"Role" NOT NULL DEFAULT \'USER\''))).toEqual(LIGHT);
    expect(
      heaviness(
        [CREATE, 'CREATE TYPE pair AS (a int, b int)', 'CREATE TYPE floatrange AS RANGE (subtype = float8)'],
        `${add('pair')}, ADD COLUMN w floatrange`,
      ),
    ).toEqual(LIGHT);
    expect(
      heaviness([CREATE, 'CREATE DOMAIN label AS text', 'CREATE DOMAIN stamp AS timestamptz DEFAULT now()'], `${add('label')}, ADD COLUMN w stamp`),
    ).toEqual(LIGHT);
  });
  it('PostgreSQL’s own types, common extension types and arrays need no released knowledge', () => {
    expect(
      heaviness(
        [],
        `${add('integer')}, ADD COLUMN a text, ADD COLUMN b timestamptz, ADD COLUMN c uuid, ADD COLUMN d citext, ADD COLUMN e vector(1536), ADD COLUMN f positive_int[]`,
      ),
    ).toEqual(LIGHT);
  });
  it('a type no migration read creates may be such a domain: unknown (information_schema’s domains have CHECKs)', () => {
    expect(heaviness([CREATE], add('positive_int'))).toEqual(UNKNOWN);
    expect(heaviness([CREATE], add('information_schema.cardinal_number'))).toEqual(UNKNOWN);
    expect(heaviness([CREATE, 'CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0)'], add('other.positive_int'))).toEqual(UNKNOWN);
  });
  it('follows ALTER DOMAIN, renames, schema moves and drops', () => {
    const domain = 'CREATE DOMAIN label AS text';
    expect(heaviness([CREATE, domain, 'ALTER DOMAIN label ADD CONSTRAINT short CHECK (length(VALUE) < 50)'], add('label'))).toEqual(HEAVY);
    expect(heaviness([CREATE, domain, 'ALTER DOMAIN label SET NOT NULL'], add('label DEFAULT $$x$$'))).toEqual(HEAVY);
    expect(heaviness([CREATE, domain, 'ALTER DOMAIN label SET DEFAULT clock_timestamp()::text'], add('label'))).toEqual(HEAVY);
    expect(
      heaviness(
        [CREATE, 'CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0)', 'ALTER DOMAIN positive_int DROP CONSTRAINT positive_int_check'],
        add('positive_int'),
      ),
    ).toEqual(HEAVY);
    expect(
      heaviness([CREATE, 'CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0)', 'ALTER DOMAIN positive_int RENAME TO counted'], add('counted')),
    ).toEqual(HEAVY);
    expect(
      heaviness([CREATE, 'CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0)', 'ALTER DOMAIN positive_int RENAME TO counted'], add('positive_int')),
    ).toEqual(UNKNOWN);
    expect(heaviness([CREATE, "CREATE TYPE mood AS ENUM ('calm')", 'ALTER TYPE mood SET SCHEMA app'], add('app.mood'))).toEqual(LIGHT);
    expect(heaviness([CREATE, "CREATE TYPE mood AS ENUM ('calm')", 'DROP TYPE mood', 'CREATE DOMAIN mood AS text CHECK (VALUE <> $$$$)'], add('mood'))).toEqual(
      HEAVY,
    );
    expect(heaviness([CREATE, "CREATE TYPE mood AS ENUM ('calm')", 'DROP TYPE mood'], add('mood'))).toEqual(UNKNOWN);
  });
  it('a released migration that could not be judged may have constrained a domain: plain domains are unknown again, enums stay known', () => {
    const dynamic = "DO $$ BEGIN EXECUTE 'ALTER DOMAIN label ADD CHECK (VALUE <> ' || quote_literal('') || ')'; END $$";
    expect(heaviness([CREATE, 'CREATE DOMAIN label AS text', dynamic], add('label'))).toEqual(UNKNOWN);
    expect(heaviness([CREATE, "CREATE TYPE mood AS ENUM ('calm')", dynamic], add('mood'))).toEqual(LIGHT);
  });
  it('a domain over a constrained domain has its constraints too; over a type not known, it is not known', () => {
    expect(
      heaviness([CREATE, 'CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0)', 'CREATE DOMAIN small_positive AS positive_int'], add('small_positive')),
    ).toEqual(HEAVY);
    expect(heaviness([CREATE, 'CREATE DOMAIN label AS text', 'CREATE DOMAIN short_label AS label'], add('short_label'))).toEqual(LIGHT);
    expect(heaviness([CREATE, 'CREATE DOMAIN wrapped AS somewhere_else'], add('wrapped'))).toEqual(UNKNOWN);
  });
  it('a domain created earlier in the same migration counts too', () => {
    expect(heaviness([CREATE], `CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0);\n${add('positive_int')}`)).toEqual(HEAVY);
    expect(heaviness([CREATE], `CREATE TYPE mood AS ENUM ('calm');\n${add('mood')}`)).toEqual(LIGHT);
  });
});

describe('released column types follow renames', () => {
  // Before, the type stayed under the old name only, and each of these was `unknown`.
  it('a column renamed, or its table renamed (in its schema), keeps its type: a later type change is judged on it', () => {
    const table = 'CREATE TABLE accounts (id integer PRIMARY KEY, mail varchar(255))';
    expect(
      heaviness([table, 'ALTER TABLE accounts RENAME COLUMN mail TO email'], 'ALTER TABLE accounts ALTER COLUMN email TYPE bigint USING 0').rewritesTable,
    ).toBe(true);
    expect(
      heaviness([table, 'ALTER TABLE accounts RENAME COLUMN mail TO email'], 'ALTER TABLE accounts ALTER COLUMN email TYPE varchar(300)').rewritesTable,
    ).toBe(false);
    expect(heaviness([table, 'ALTER TABLE accounts RENAME TO members'], 'ALTER TABLE members ALTER COLUMN mail TYPE varchar(300)').rewritesTable).toBe(false);
    expect(
      heaviness(
        ['CREATE SCHEMA app', 'CREATE TABLE app.accounts (id integer, mail varchar(255))', 'ALTER TABLE app.accounts RENAME TO members'],
        'ALTER TABLE app.members ALTER COLUMN mail TYPE varchar(300)',
      ).rewritesTable,
    ).toBe(false);
  });
});

describe('released indexes and checks a type change re-checks (changing-column-type)', () => {
  const TABLE = 'CREATE TABLE accounts (id integer PRIMARY KEY, email varchar(255), tags text[])';
  const WIDEN = 'ALTER TABLE accounts ALTER COLUMN email TYPE text';
  const SCANS = { locksTable: true, rewritesTable: false, scansTable: true };
  it('a plain btree index on the column is kept: light', () => {
    expect(heaviness([TABLE, 'CREATE INDEX accounts_email ON accounts (email)'], WIDEN)).toEqual(LIGHT);
  });
  it('an expression or partial index, a GIN index or a CHECK reading the column is rebuilt or re-validated: a full scan', () => {
    expect(heaviness([TABLE, 'CREATE UNIQUE INDEX accounts_email_lower ON accounts (lower(email))'], WIDEN)).toEqual(SCANS);
    expect(heaviness([TABLE, 'CREATE INDEX accounts_active ON accounts (id) WHERE email IS NOT NULL'], WIDEN)).toEqual(SCANS);
    expect(heaviness([TABLE, "ALTER TABLE accounts ADD CONSTRAINT email_set CHECK (email <> '')"], WIDEN)).toEqual(SCANS);
    expect(heaviness(["CREATE TABLE accounts (id integer PRIMARY KEY, email varchar(255) CHECK (email LIKE '%@%'), tags text[])"], WIDEN)).toEqual(SCANS);
    expect(heaviness([TABLE, 'CREATE INDEX accounts_tags ON accounts USING gin (tags)'], 'ALTER TABLE accounts ALTER COLUMN tags TYPE text[]')).toEqual(SCANS);
  });
  it('follows a column rename; a migration that could not be judged leaves the indexes and checks unknown', () => {
    const renamed = classifyMigration(
      file('ALTER TABLE accounts RENAME COLUMN mail TO email'),
      { postgresVersion: 16 },
      { recheckedColumns: new Map([['accounts', new Set(['mail', 'id'])]]) },
    );
    expect(renamed.recheckedColumns).toEqual({ accounts: ['email', 'id'] });
    const dynamic = "DO $$ BEGIN EXECUTE 'CREATE INDEX ON accounts (' || 'lower(email))'; END $$";
    expect(heaviness([TABLE, dynamic], WIDEN)).toEqual({ locksTable: 'unknown', rewritesTable: false, scansTable: 'unknown' });
  });
  // Issue 32: one released type change judged `unknown` (on a table no migration creates) erased what
  // was known of every table, so a later varchar → text on another table was `unknown` too.
  it('a released part judged unknown on one named table forgets that table only', () => {
    const unknownOnLegacy = 'ALTER TABLE legacy ALTER COLUMN note TYPE text';
    expect(heaviness([TABLE, unknownOnLegacy], WIDEN)).toEqual(LIGHT);
    expect(heaviness([TABLE, `${unknownOnLegacy};\nCREATE INDEX accounts_email_lower ON accounts (lower(email))`], WIDEN)).toEqual(SCANS);
    expect(heaviness([TABLE, 'ALTER TABLE accounts ADD COLUMN extra integer DEFAULT legacy_default()'], WIDEN)).toEqual({
      locksTable: 'unknown',
      rewritesTable: false,
      scansTable: 'unknown',
    });
  });
  it('a table the released migrations do not create has unknown indexes and checks; a second conditional create keeps what is known', () => {
    const typed = classifyMigration(
      file(`SET lock_timeout = '2s';\n${WIDEN}`),
      { postgresVersion: 16 },
      { columnTypes: new Map([['accounts.email', 'varchar(255)']]) },
    );
    expect(typed.heaviness).toEqual({ locksTable: 'unknown', rewritesTable: false, scansTable: 'unknown' });
    const conditional = 'CREATE TABLE IF NOT EXISTS accounts (id integer, email varchar(255))';
    expect(heaviness([conditional, 'CREATE INDEX accounts_email_lower ON accounts (lower(email))', conditional], WIDEN)).toEqual(SCANS);
  });
});
