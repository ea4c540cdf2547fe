import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { extractSqlScriptMigration, readRunner, runnerCandidates } from './sql-scripts.js';

/**
 * The SQL-script extractor on logto's real alterations (fixtures/orm/logto-alterations, copied from
 * logto-io/logto v1.42.0) and on the other query libraries' shapes. Every statement it returns went
 * through the PostgreSQL 18 grammar (libpg-query) when it was split.
 */

const FIXTURES = 'fixtures/orm/logto-alterations/';
const RUNNER_PATH = 'packages/cli/src/commands/database/alteration/index.ts';
const DIR = 'packages/schemas/alterations/';
const repoFiles = (files: Record<string, string>) => async (path: string) => files[path];
const withRunner = (files: Record<string, string> = {}) => repoFiles({ [RUNNER_PATH]: readFileSync(`${FIXTURES}runner-index.ts`, 'utf8'), ...files });

describe('readRunner', () => {
  test("logto's runner at v1.42.0: beforeUp outside, up inside pool.transaction; at v1.20.0 no beforeUp", () => {
    expect(readRunner(RUNNER_PATH, readFileSync(`${FIXTURES}runner-index.ts`, 'utf8'))).toEqual({
      path: RUNNER_PATH,
      upInTransaction: true,
      runsBeforeUp: true,
    });
    expect(readRunner(RUNNER_PATH, readFileSync(`${FIXTURES}runner-index-v1.20.0.ts`, 'utf8'))).toEqual({
      path: RUNNER_PATH,
      upInTransaction: true,
      runsBeforeUp: false,
    });
    expect(readRunner(RUNNER_PATH, 'export const run = async (pool, { up }) => { await up(pool); };')).toEqual({
      path: RUNNER_PATH,
      upInTransaction: false,
      runsBeforeUp: false,
    });
    expect(
      readRunner(RUNNER_PATH, 'export const run = async (pool, { up }) => { if (x) await up(pool); else await pool.transaction(async (c) => up(c)); };'),
    ).toBeUndefined();
  });
});

describe('readRunner, hand-written runners beside the scripts', () => {
  test('postgres.js `sql.begin`, `migration.up(tx)` from a loaded module: in a transaction', () => {
    const runner =
      "import postgres from 'postgres';\nconst sql = postgres();\nfor (const file of files) {\n  const migration = await import(`./migrations/${file}`);\n  await sql.begin(async (tx) => {\n    await migration.up(tx);\n  });\n}\n";
    expect(readRunner('db/migrate.ts', runner)).toEqual({ path: 'db/migrate.ts', upInTransaction: true, runsBeforeUp: false });
  });

  test("node-postgres: `client.query('BEGIN')` … `up(client)` … `client.query('COMMIT')`: in a transaction; without them: outside", () => {
    const runner = (body: string) =>
      `export async function migrate(client) {\n  for (const file of readdirSync('migrations')) {\n    const mod = require(join('migrations', file));\n${body}\n  }\n}\n`;
    expect(
      readRunner('src/db/migrate.js', runner("    await client.query('BEGIN');\n    await mod.up(client);\n    await client.query('COMMIT');")),
    ).toMatchObject({
      upInTransaction: true,
    });
    expect(readRunner('src/db/migrate.js', runner('    await mod.up(client);'))).toMatchObject({ upInTransaction: false });
    // A helper the reader does not know may open a transaction: not proven either way.
    expect(readRunner('src/db/migrate.js', runner('    await withTransaction(client, (tx) => mod.up(tx));'))).toBeUndefined();
    // pg-promise `db.tx(cb)`: a transaction.
    expect(readRunner('src/db/migrate.js', runner('    await db.tx((t) => mod.up(t));'))).toMatchObject({ upInTransaction: true });
    // `umzug.up()` (a library's runner, no connection handed): not a call of a script's `up`.
    expect(readRunner('src/db/migrate.js', "import umzug from '.';\nawait umzug.up();\n")).toBeUndefined();
  });

  test('runner candidates: logto first, then runner-named files in the folder and the one above, then the index', () => {
    const candidates = runnerCandidates('db/migrations/0001-init.ts');
    expect(candidates[0]).toBe('packages/cli/src/commands/database/alteration/index.ts');
    expect(candidates).toContain('db/migrations/migrate.ts');
    expect(candidates).toContain('db/migrate.ts');
    expect(candidates).toContain('db/run-migrations.js');
    expect(candidates.at(-1)).toBe('db/migrations/index.cjs');
  });
});

describe('extractSqlScriptMigration', () => {
  test('an imported helper handed the pool (applyTableRls) is read with its arguments bound: every statement known', async () => {
    const file = `${DIR}1.42.0-1784620000-add-saml-sso-connector-signing-keys-table.ts`;
    const text = readFileSync(`${FIXTURES}1.42.0-1784620000-add-saml-sso-connector-signing-keys-table.ts`, 'utf8');
    const read = withRunner({ [`${DIR}utils/1704934999-tables.ts`]: readFileSync(`${FIXTURES}utils/1704934999-tables.ts`, 'utf8') });
    const extracted = await extractSqlScriptMigration(file, text, read);
    expect(extracted.unresolved).toEqual([]);
    expect(extracted.inTransaction).toBe(true);
    const statements = extracted.statements.map((s) => [s.line, s.sql.replace(/\s+/g, ' ').trim().slice(0, 80)]);
    expect(statements).toEqual([
      [9, 'create table saml_sso_connector_signing_keys ( id varchar(21) not null, tenant_i'],
      [9, 'create unique index saml_sso_connector_signing_keys__unique_active on saml_sso_c'],
      // getDatabaseName(pool): its queries run too; the role name is text known only at run time.
      [28, 'select current_database()'],
      [28, "select exists( select 1 from pg_roles where rolname = '<unresolved>' ) as exists"],
      [28, 'create trigger set_tenant_id before insert on "saml_sso_connector_signing_keys" '],
      [28, 'alter table "saml_sso_connector_signing_keys" enable row level security'],
      [28, 'create policy "saml_sso_connector_signing_keys_tenant_id" on "saml_sso_connector'],
      [28, 'create policy "saml_sso_connector_signing_keys_modification" on "saml_sso_connec'],
      [28, 'grant select, insert, update, delete on "saml_sso_connector_signing_keys" to "<u'],
    ]);
  });

  test('without the helper file: unknown, naming the call', async () => {
    const file = `${DIR}1.42.0-1784620000-add-saml-sso-connector-signing-keys-table.ts`;
    const text = readFileSync(`${FIXTURES}1.42.0-1784620000-add-saml-sso-connector-signing-keys-table.ts`, 'utf8');
    const extracted = await extractSqlScriptMigration(file, text, withRunner());
    expect(extracted.unresolved).toMatchObject([{ line: 28, reason: '`up`: the database handle is passed on or kept: what runs through it is not followed' }]);
  });

  test('beforeUp statements run before, outside; up in its own transaction', async () => {
    const text = `import { sql } from '@silverhand/slonik';
const alteration = {
  beforeUp: async (pool) => {
    await pool.query(sql\`create index concurrently users__email on users (email)\`);
  },
  up: async (pool) => {
    await pool.query(sql\`alter table users add column nickname text\`);
  },
};
export default alteration;
`;
    const extracted = await extractSqlScriptMigration(`${DIR}next-1786000000-x.ts`, text, withRunner());
    expect(extracted.inTransaction).toBe(false);
    expect(extracted.statements.map((s) => s.sql)).toEqual([
      'create index concurrently users__email on users (email)',
      'BEGIN',
      'alter table users add column nickname text',
      'COMMIT',
    ]);
  });

  test.each([
    [
      'node-postgres client.query with literal text',
      "export async function up(client) {\n  await client.query('ALTER TABLE users ADD COLUMN bio text');\n}\n",
      ['ALTER TABLE users ADD COLUMN bio text'],
    ],
    [
      'postgres.js: the handle is the tag, sql(name) an identifier',
      "const column = 'bio';\nexport async function up(sql) {\n  await sql`ALTER TABLE users ADD COLUMN ${sql(column)} text`;\n  await sql.unsafe('CREATE INDEX users_bio ON users (bio)');\n}\n",
      ['ALTER TABLE users ADD COLUMN "bio" text', 'CREATE INDEX users_bio ON users (bio)'],
    ],
    [
      'drizzle db.execute(sql`…`) with sql.raw and sql.join',
      "import { sql } from 'drizzle-orm';\nexport async function up(db) {\n  await db.execute(sql`ALTER TABLE ${sql.raw('users')} ADD COLUMN bio text DEFAULT ${'none'}, ADD COLUMN ${sql.join([sql`age`, sql`int`], sql` `)}`);\n}\n",
      ["ALTER TABLE users ADD COLUMN bio text DEFAULT 'none', ADD COLUMN age int"],
    ],
  ])('%s', async (_label, text, expected) => {
    const extracted = await extractSqlScriptMigration('db/scripts/001-x.ts', text, withRunner());
    expect(extracted.unresolved).toEqual([]);
    expect(extracted.statements.map((s) => s.sql)).toEqual(expected);
  });

  test('an interpolation that may be a SQL fragment known only at run time is unknown; so is a query in a loop', async () => {
    const text = `import { sql } from '@silverhand/slonik';
const alteration = {
  up: async (pool) => {
    const table = await pool.oneFirst(sql\`select 'users'\`);
    await pool.query(sql\`alter table \${table} add column bio text\`);
    for (const name of ['a', 'b']) {
      await pool.query(sql\`alter table users add column x text\`);
    }
  },
};
export default alteration;
`;
    const extracted = await extractSqlScriptMigration(`${DIR}1.0.0-1700000000-x.ts`, text, withRunner());
    expect(extracted.unresolved.map((part) => [part.line, part.reason])).toEqual([
      [5, '`up`: `${table}` is not a constant: a value or a SQL fragment only known at run time'],
      [7, '`up`: `pool.query(…)` inside a loop or a callback runs an unknown number of times'],
    ]);
  });

  test('a runner beside the scripts (db/migrate.ts naming its folder) decides the mode; one that does not name the folder is not taken', async () => {
    const text =
      "import { sql } from '@silverhand/slonik';\nexport default {\n  up: async (pool) => {\n    await pool.query(sql`create index concurrently a on users (email)`);\n  },\n};\n";
    const outside =
      "const dir = join(__dirname, 'migrations');\nfor (const file of readdirSync(dir)) {\n  const script = (await import(join(dir, file))).default;\n  await script.up(pool);\n}\n";
    const found = await extractSqlScriptMigration('db/migrations/0002-index.ts', text, repoFiles({ 'db/migrate.ts': outside }));
    expect(found.unresolved).toEqual([]);
    expect(found.inTransaction).toBe(false);
    expect(found.statements.map((s) => s.sql)).toEqual(['create index concurrently a on users (email)']);
    const other = await extractSqlScriptMigration(
      'db/migrations/0002-index.ts',
      text,
      repoFiles({ 'db/migrate.ts': outside.replace("'migrations'", "'seeds'") }),
    );
    expect(other.statements).toEqual([]);
    expect(other.unresolved).toMatchObject([{ line: 4, reason: expect.stringContaining('db/migrate.ts does not name the folder migrations') }]);
  });

  test('no runner: statements whose effect depends on the transaction are unknown, the others read', async () => {
    const text =
      "import { sql } from '@silverhand/slonik';\nexport default {\n  up: async (pool) => {\n    await pool.query(sql`create index concurrently a on users (email)`);\n    await pool.query(sql`alter table users add column b text`);\n  },\n};\n";
    const extracted = await extractSqlScriptMigration(`${DIR}1.0.0-1700000000-x.ts`, text, repoFiles({}));
    expect(extracted.statements.map((s) => s.sql)).toEqual(['alter table users add column b text']);
    expect(extracted.unresolved).toMatchObject([
      { line: 4, reason: expect.stringContaining('how the runner runs this script is not known (no runner found in the repository') },
    ]);
  });
});
