/**
 * The differential run of the static migration classifier against PostgreSQL (PGlite): see
 * bench/migration-differential.mjs. Shared by that script (dist/) and
 * test/peer-migrations/differential.test.ts (src/).
 */
import { classifyCase, createObserver } from './peer-corpus.mjs';

const SEQUENCE = 'CREATE SEQUENCE users_id_seq;';
const INDEXED = `${SEQUENCE}
CREATE INDEX ON users (email); CREATE INDEX ON users (name); CREATE INDEX ON users (bio); CREATE INDEX ON users (balance);
CREATE INDEX ON users (created_at); CREATE INDEX ON users (updated_at); CREATE INDEX ON users USING hash (label); CREATE INDEX ON users (ip);
CREATE UNIQUE INDEX ON users (lower(email)); CREATE INDEX ON users (age) WHERE active; CREATE INDEX ON users USING gin (tags);
ALTER TABLE users ADD CONSTRAINT users_bio_set CHECK (bio <> '');`;
const PARTITIONED = `${SEQUENCE}
CREATE TABLE measurements (id int, note varchar(100), amount numeric(10,2), seen_at timestamp) PARTITION BY RANGE (seen_at);
CREATE TABLE measurements_2024 PARTITION OF measurements FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE measurements_2025 PARTITION OF measurements FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
INSERT INTO measurements SELECT g, 'n' || g, g, timestamp '2024-01-01' + g * interval '6 hours' FROM generate_series(1, 2000) g;
CREATE INDEX ON measurements (id); CREATE INDEX ON measurements (lower(note));`;

function typeChanges() {
  const columns = ['org_id integer', 'email varchar(255)', 'name text', 'label varchar', 'bio varchar(100)', 'code char(8)', 'age integer', 'score smallint', 'balance numeric(10,2)', 'rating real', 'created_at timestamp(3)', 'updated_at timestamptz(3)', 'starts_at time(3)', 'ttl interval(3)', 'ip inet', 'subnet cidr', 'settings json', 'payload jsonb', 'status text', 'active boolean', 'tags text[]'];
  const targets = ['text', 'varchar', 'varchar(50)', 'varchar(255)', 'varchar(300)', 'char(8)', 'char(10)', 'bpchar', 'integer', 'bigint', 'smallint', 'numeric', 'numeric(10,2)', 'numeric(12,2)', 'numeric(12,3)', 'numeric(8,2)', 'real', 'double precision', 'timestamp', 'timestamp(3)', 'timestamp(6)', 'timestamp(0)', 'timestamptz', 'timestamptz(3)', 'timestamptz(6)', 'time', 'time(6)', 'timetz', 'interval', 'interval(6)', 'interval(0)', 'interval day to second', 'interval hour to second(3)', 'interval year', 'inet', 'cidr', 'json', 'jsonb', 'boolean', 'text[]', 'varchar[]', 'varchar(10)[]', 'text COLLATE "C"', 'varchar(255) COLLATE "C"', 'oid', 'citext', 'name'];
  const statements = [];
  for (const column of columns) {
    const [name, ...type] = column.split(' ');
    for (const target of targets) statements.push(`ALTER TABLE users ALTER COLUMN ${name} TYPE ${target};`);
    statements.push(`ALTER TABLE users ALTER COLUMN ${name} TYPE ${type.join(' ')} USING ${name};`);
  }
  return statements;
}

function addColumnsAndOthers() {
  const types = ['integer', 'bigint', 'smallint', 'text', 'varchar(20)', 'char(3)', 'numeric(10,2)', 'real', 'double precision', 'boolean', 'date', 'timestamp', 'timestamptz', 'time', 'interval', 'uuid', 'json', 'jsonb', 'bytea', 'inet', 'text[]', 'integer[]', 'tsvector', 'money', 'point', 'int4range', 'xml', 'bit(3)', 'varbit', 'oid'];
  const defaults = {
    integer: ['0', '1 + 2', 'random()::int', "nextval('users_id_seq')", 'pg_backend_pid()', "current_setting('max_connections')::int", 'length(current_user)', 'extract(epoch from now())::int', 'floor(random() * 10)::int'],
    text: ["'x'", "'x' || 'y'", 'current_user', 'md5(random()::text)', "lower('A')", "to_char(now(), 'YYYY')", 'gen_random_uuid()::text', "concat('a', 'b')", "format('%s', 1)", "repeat('a', 3)", 'session_user', 'inet_client_addr()::text', 'pg_typeof(1)::text', 'version()'],
    timestamptz: ['now()', 'CURRENT_TIMESTAMP', 'clock_timestamp()', 'statement_timestamp()', "'2024-01-01'", 'localtimestamp', "now() + interval '1 day'", "date_trunc('day', now())", 'transaction_timestamp()', 'timeofday()::timestamptz', 'to_timestamp(0)', 'make_timestamptz(2024,1,1,0,0,0)'],
    uuid: ['gen_random_uuid()', "'00000000-0000-0000-0000-000000000000'", 'md5(random()::text)::uuid'],
    jsonb: ["'{}'", "'{}'::jsonb", "jsonb_build_object('a', 1)", 'to_jsonb(now())', "jsonb_build_object('t', clock_timestamp())"],
    boolean: ['false', 'true', 'random() > 0.5', 'NOT false'],
    'text[]': ["'{}'", "ARRAY['a']", 'ARRAY[]::text[]', "string_to_array('a,b', ',')", 'ARRAY[random()::text]'],
    date: ['CURRENT_DATE', 'now()::date', "'today'", 'clock_timestamp()::date'],
  };
  const statements = [];
  for (const type of types) statements.push(`ALTER TABLE users ADD COLUMN c ${type};`);
  for (const [type, list] of Object.entries(defaults)) {
    for (const value of list) statements.push(`ALTER TABLE users ADD COLUMN c ${type} DEFAULT ${value};`, `ALTER TABLE users ADD COLUMN c ${type} NOT NULL DEFAULT ${value};`);
  }
  for (const constraint of ['CHECK (c > 0)', 'UNIQUE', 'REFERENCES orgs (id)', 'CONSTRAINT k CHECK (c <> 1) NOT VALID', 'GENERATED ALWAYS AS (age + 1) STORED', 'GENERATED BY DEFAULT AS IDENTITY', 'DEFAULT 1 CHECK (c > 0)'])
    statements.push(`ALTER TABLE users ADD COLUMN c integer ${constraint};`);
  statements.push(
    ...[
      'ALTER TABLE users ALTER COLUMN age SET DEFAULT 1', 'ALTER TABLE users ALTER COLUMN age DROP DEFAULT', 'ALTER TABLE users ALTER COLUMN age DROP NOT NULL', 'ALTER TABLE users ALTER COLUMN age SET STATISTICS 500',
      'ALTER TABLE users ALTER COLUMN name SET STORAGE EXTERNAL', 'ALTER TABLE users ALTER COLUMN name SET COMPRESSION pglz', 'ALTER TABLE users SET (fillfactor = 70)', 'ALTER TABLE users RESET (fillfactor)',
      'ALTER TABLE users REPLICA IDENTITY FULL', 'ALTER TABLE users CLUSTER ON users_pkey', 'ALTER TABLE users SET WITHOUT CLUSTER', 'ALTER TABLE users DISABLE TRIGGER ALL', 'ALTER TABLE users ENABLE ROW LEVEL SECURITY',
      'ALTER TABLE users ADD CONSTRAINT k CHECK (age > 0)', 'ALTER TABLE users ADD CONSTRAINT k CHECK (age > 0) NOT VALID', 'ALTER TABLE users ADD CONSTRAINT k UNIQUE (email)',
      'ALTER TABLE users ADD CONSTRAINT k FOREIGN KEY (org_id) REFERENCES orgs (id)', 'ALTER TABLE users ADD CONSTRAINT k FOREIGN KEY (org_id) REFERENCES orgs (id) NOT VALID',
      'ALTER TABLE users ADD CONSTRAINT k EXCLUDE USING btree (email WITH =)', 'ALTER TABLE users DROP CONSTRAINT users_pkey', 'ALTER TABLE users ALTER COLUMN age SET NOT NULL', 'ALTER TABLE orders ALTER COLUMN user_id SET NOT NULL',
      'ALTER TABLE users ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY', 'ALTER TABLE users SET UNLOGGED', 'ALTER TABLE users SET ACCESS METHOD heap', 'ALTER TABLE users RENAME COLUMN bio TO biography',
      'CREATE INDEX ON users (email)', 'CREATE INDEX ON users (email) WHERE age > 30', 'CREATE UNIQUE INDEX ON users (lower(email))', 'CREATE INDEX CONCURRENTLY ON users (email)', 'CREATE INDEX ON users USING gin (payload)',
      'CREATE INDEX ON users USING brin (created_at)', 'CREATE INDEX ON users USING hash (email)',
      'UPDATE users SET age = 1 WHERE id = 1', 'UPDATE users SET age = 1 WHERE id IN (1, 2, 3)', "UPDATE users SET age = 1 WHERE email = 'a'", 'UPDATE users SET age = 1 WHERE id = 1 OR age = 2', 'UPDATE users SET age = 1 WHERE id < 10',
      'UPDATE users SET age = 1 WHERE id = (SELECT min(id) FROM users)', 'UPDATE users SET age = 1 WHERE id = ANY(ARRAY[1,2])', 'UPDATE users u SET age = 1 FROM orgs o WHERE o.id = u.org_id AND o.id = 1',
      'DELETE FROM users WHERE id = 1', 'DELETE FROM users WHERE id IN (SELECT id FROM users WHERE age > 1000)', 'DELETE FROM orders WHERE user_id = 1', 'DELETE FROM users WHERE false',
      "INSERT INTO orgs VALUES (1000, 'x')", 'INSERT INTO orgs SELECT id + 1000, name FROM orgs', "INSERT INTO orgs VALUES (1, 'x') ON CONFLICT (id) DO UPDATE SET name = excluded.name",
      'WITH x AS (SELECT id FROM users WHERE id = 1) UPDATE users SET age = 2 WHERE id IN (SELECT id FROM x)', 'WITH x AS (DELETE FROM orders WHERE id = 1 RETURNING *) SELECT 1',
      'CREATE TABLE t2 AS SELECT * FROM users WHERE false', 'CREATE TABLE t2 AS SELECT * FROM users LIMIT 1', 'CREATE VIEW v AS SELECT * FROM users', 'CREATE MATERIALIZED VIEW mv AS SELECT * FROM users WITH NO DATA',
      'SELECT count(*) FROM users', 'SELECT 1 FROM users WHERE id = 1', "SELECT setval('users_id_seq', (SELECT max(id) FROM users))", 'SELECT pg_advisory_lock(1)',
      "COMMENT ON TABLE users IS 'x'", 'GRANT SELECT ON users TO PUBLIC', 'CREATE SEQUENCE s2', "CREATE TYPE m2 AS ENUM ('a')",
      'TRUNCATE orders', 'DROP TABLE events', 'ALTER TABLE events RENAME TO events2', 'ANALYZE users', 'REINDEX TABLE users', 'CLUSTER users USING users_pkey', 'LOCK TABLE users IN SHARE MODE',
      'CREATE TRIGGER tr BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION suppress_redundant_updates_trigger()',
      'DO $$ BEGIN UPDATE users SET age = 1 WHERE id = 1; END $$', 'DO $$ BEGIN IF EXISTS (SELECT 1 FROM users) THEN UPDATE users SET age = 2; END IF; END $$',
      'CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0); ALTER TABLE users ADD COLUMN c positive_int', "CREATE TYPE mood AS ENUM ('a'); ALTER TABLE users ADD COLUMN c mood",
    ].map((statement) => `${statement};`),
  );
  return statements;
}

function partitioned() {
  const table = 'measurements';
  const statements = [];
  for (const type of ['text', 'varchar(300)', 'bigint', 'numeric(14,2)', 'timestamptz']) for (const column of ['note', 'amount', 'seen_at']) statements.push(`ALTER TABLE ${table} ALTER COLUMN ${column} TYPE ${type};`);
  statements.push(
    `ALTER TABLE ${table} ADD COLUMN c int;`, `ALTER TABLE ${table} ADD COLUMN c int DEFAULT 0;`, `ALTER TABLE ${table} ADD COLUMN c float8 DEFAULT random();`, `CREATE INDEX ON ${table} (note);`,
    `CREATE INDEX ON ONLY ${table} (note);`, `ALTER TABLE ${table} ADD CONSTRAINT c1 CHECK (amount > 0);`, `ALTER TABLE ${table} ADD CONSTRAINT c1 CHECK (amount > 0) NOT VALID;`,
    `ALTER TABLE ${table} ALTER COLUMN note SET NOT NULL;`, `ALTER TABLE ${table} DETACH PARTITION ${table}_2024;`,
    `CREATE TABLE ${table}_2026 PARTITION OF ${table} FOR VALUES FROM ('2026-01-01') TO ('2027-01-01');`, `UPDATE ${table} SET note = 'x' WHERE id = 1;`,
    `DELETE FROM ${table} WHERE seen_at < '2024-02-01';`, `ALTER TABLE ${table} RENAME COLUMN note TO remark;`, `TRUNCATE ${table}_2024;`,
  );
  return statements;
}

/** The families of the run, each over a setup that changes what PostgreSQL must do. */
export const DIFFERENTIAL_RUNS = [
  { name: 'type changes, bare schema', setup: SEQUENCE, statements: typeChanges(), inTransaction: true },
  { name: 'type changes, indexes of every kind and a CHECK', setup: INDEXED, statements: typeChanges(), inTransaction: true },
  { name: 'ADD COLUMN and other statements, in a transaction', setup: INDEXED, statements: addColumnsAndOthers(), inTransaction: true },
  { name: 'ADD COLUMN and other statements, no transaction', setup: INDEXED, statements: addColumnsAndOthers(), inTransaction: false },
  { name: 'a partitioned table', setup: PARTITIONED, statements: partitioned(), inTransaction: true },
];

const FLAGS = ['locksTable', 'rewritesTable', 'scansTable'];

/**
 * Classifies every statement of every run (the setup folded in as released migrations, as the stage
 * does) and runs in `db` each one the classifier calls light on some flag. A flag claimed `false` that
 * PostgreSQL shows `true` is wrong light. `lib`: { classifyMigration, foldReleasedMigration,
 * schemaOptions, splitStatements }.
 */
export async function runDifferential(db, manifest, lib, runs = DIFFERENTIAL_RUNS) {
  const observer = createObserver(db, manifest, (sql) => lib.splitStatements(sql));
  const report = [];
  for (const run of runs) {
    const result = { name: run.name, statements: run.statements.length, observed: 0, refused: 0, wrongLight: [] };
    for (const sql of run.statements) {
      const testCase = { id: sql, schema: 'base', setup: run.setup, sql: `SET lock_timeout = '5s';\n${sql}`, inTransaction: run.inTransaction };
      const claimed = classifyCase(testCase, manifest, lib);
      if (!FLAGS.some((flag) => claimed[flag] === false)) continue;
      const observed = await observer.observe(testCase);
      result.observed += 1;
      if (observed.error) {
        result.refused += 1;
        continue;
      }
      const wrong = FLAGS.filter((flag) => claimed[flag] === false && observed[flag] === true);
      if (wrong.length > 0) result.wrongLight.push({ sql, flags: wrong });
    }
    report.push(result);
  }
  return report;
}
