/**
 * The facts the rules encode, re-observed in a real PostgreSQL (PGlite, in memory): a rewrite shows
 * as a new `pg_class.relfilenode`, a full scan as `pg_stat_xact_user_tables.seq_scan` going up.
 * The classifier must predict exactly what PostgreSQL does for each case.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyMigration } from './classify.js';
import { loadParser } from './sql.js';

interface ObservedCase {
  name: string;
  /** Run first, neither classified nor observed (e.g. a constraint added by an earlier release). */
  setup?: string;
  /** Columns of accounts the setup makes a type change re-check (the classifier is told, as the released migrations would). */
  rechecked?: string[];
  sql: string;
  rewrites: boolean;
  scans: boolean;
}

const COLUMN_TYPES = new Map([
  ['accounts.id', 'integer'],
  ['accounts.email', 'varchar(255)'],
  ['accounts.balance', 'numeric(10,2)'],
]);

const OWNERS = 'CREATE TABLE IF NOT EXISTS owners (id int PRIMARY KEY); INSERT INTO owners VALUES (1) ON CONFLICT DO NOTHING';

const CASES: ObservedCase[] = [
  { name: 'constant default', sql: 'ALTER TABLE accounts ADD COLUMN a int DEFAULT 5', rewrites: false, scans: false },
  { name: 'now() default', sql: 'ALTER TABLE accounts ADD COLUMN b timestamptz NOT NULL DEFAULT now()', rewrites: false, scans: false },
  { name: 'volatile default', sql: 'ALTER TABLE accounts ADD COLUMN c float8 DEFAULT random()', rewrites: true, scans: true },
  { name: 'stored generated column', sql: 'ALTER TABLE accounts ADD COLUMN d int GENERATED ALWAYS AS (id * 2) STORED', rewrites: true, scans: true },
  {
    name: 'varchar(255) → text as knex emits it',
    sql: 'ALTER TABLE "accounts" ALTER COLUMN "email" TYPE text USING ("email"::text)',
    rewrites: false,
    scans: false,
  },
  { name: 'numeric precision up, same scale', sql: 'ALTER TABLE accounts ALTER COLUMN balance TYPE numeric(12,2)', rewrites: false, scans: false },
  {
    name: 'varchar(255) → text with a plain index on it: the index is kept',
    setup: 'CREATE INDEX ON accounts (email)',
    sql: 'ALTER TABLE accounts ALTER COLUMN email TYPE text',
    rewrites: false,
    scans: false,
  },
  {
    name: 'varchar(255) → text with an expression index on it: rebuilt',
    setup: 'CREATE UNIQUE INDEX ON accounts (lower(email))',
    rechecked: ['email'],
    sql: 'ALTER TABLE accounts ALTER COLUMN email TYPE text',
    rewrites: false,
    scans: true,
  },
  {
    name: 'varchar(255) → text with a partial index reading it: rebuilt',
    setup: 'CREATE INDEX ON accounts (id) WHERE email IS NOT NULL',
    rechecked: ['id', 'email'],
    sql: 'ALTER TABLE accounts ALTER COLUMN email TYPE text',
    rewrites: false,
    scans: true,
  },
  {
    name: 'varchar(255) → text with a CHECK reading it: re-validated',
    setup: "ALTER TABLE accounts ADD CONSTRAINT email_set CHECK (email <> '')",
    rechecked: ['email'],
    sql: 'ALTER TABLE accounts ALTER COLUMN email TYPE text',
    rewrites: false,
    scans: true,
  },
  { name: 'int → bigint', sql: 'ALTER TABLE accounts ALTER COLUMN id TYPE bigint', rewrites: true, scans: true },
  { name: 'SET NOT NULL', sql: 'ALTER TABLE accounts ALTER COLUMN email SET NOT NULL', rewrites: false, scans: true },
  { name: 'CHECK … NOT VALID', sql: 'ALTER TABLE accounts ADD CONSTRAINT id_positive CHECK (id > 0) NOT VALID', rewrites: false, scans: false },
  {
    name: 'VALIDATE CONSTRAINT',
    setup: 'ALTER TABLE accounts ADD CONSTRAINT id_small CHECK (id < 100000) NOT VALID',
    sql: 'ALTER TABLE accounts VALIDATE CONSTRAINT id_small',
    rewrites: false,
    scans: true,
  },
  {
    name: 'REFERENCES on a new column without default',
    setup: OWNERS,
    sql: 'ALTER TABLE accounts ADD COLUMN owner_id int REFERENCES owners (id)',
    rewrites: false,
    scans: false,
  },
  {
    name: 'REFERENCES on a new column with a default',
    setup: OWNERS,
    sql: 'ALTER TABLE accounts ADD COLUMN owner_id int DEFAULT 1 REFERENCES owners (id)',
    rewrites: false,
    scans: true,
  },
  { name: 'CHECK on a new column', sql: "ALTER TABLE accounts ADD COLUMN kind text CHECK (kind IN ('a', 'b'))", rewrites: false, scans: true },
  { name: 'UNIQUE on a new column', sql: 'ALTER TABLE accounts ADD COLUMN code text UNIQUE', rewrites: false, scans: true },
  { name: 'CREATE INDEX', sql: 'CREATE INDEX accounts_email_idx ON accounts (email)', rewrites: false, scans: true },
];

describe('facts re-observed in PostgreSQL (PGlite)', () => {
  let db: PGlite;

  beforeAll(async () => {
    await loadParser();
    db = await PGlite.create();
  });
  afterAll(async () => {
    await db.close();
  });

  async function observe(testCase: ObservedCase): Promise<{ rewrites: boolean; scans: boolean }> {
    await db.exec(`DROP TABLE IF EXISTS accounts;
      CREATE TABLE accounts (id integer, email varchar(255), balance numeric(10,2));
      INSERT INTO accounts SELECT g, 'user' || g || '@example.com', g FROM generate_series(1, 500) g;`);
    if (testCase.setup !== undefined) await db.exec(testCase.setup);
    const relfilenode = async () =>
      (await db.query<{ relfilenode: number }>(`SELECT relfilenode FROM pg_class WHERE relname = 'accounts'`)).rows[0]?.relfilenode;
    const seqScans = async () =>
      Number(
        (await db.query<{ scans: string }>(`SELECT coalesce(seq_scan, 0) AS scans FROM pg_stat_xact_user_tables WHERE relname = 'accounts'`)).rows[0]?.scans ??
          0,
      );
    await db.exec('BEGIN');
    const [fileBefore, scansBefore] = [await relfilenode(), await seqScans()];
    await db.exec(testCase.sql);
    const [fileAfter, scansAfter] = [await relfilenode(), await seqScans()];
    await db.exec('COMMIT');
    return { rewrites: fileAfter !== fileBefore, scans: scansAfter > scansBefore };
  }

  it.each(CASES)('$name', async (testCase) => {
    const observed = await observe(testCase);
    expect(observed).toEqual({ rewrites: testCase.rewrites, scans: testCase.scans });
    const classified = classifyMigration(
      { file: 'm.sql', statements: [{ sql: testCase.sql, line: 1, origin: 'sql-file' }], unresolved: [], inTransaction: true },
      { postgresVersion: 16 },
      // The table's indexes and checks are known (created by released migrations, in the stage).
      { columnTypes: COLUMN_TYPES, recheckedColumns: new Map([['accounts', new Set(testCase.rechecked ?? [])]]) },
    );
    expect({ rewrites: classified.heaviness.rewritesTable, scans: classified.heaviness.scansTable }).toEqual(observed);
  });
});
