import { describe, expect, test } from 'vitest';
import { extractKnexMigration } from './knex.js';

/** Extraction of knex migrations: each builder call → the SQL knex emits for PostgreSQL (exact strings). */

const FILE = 'db/migrations/20240101000000_test.ts';

async function extract(up: string, header = '', files: Record<string, string> = {}) {
  const text = `${header}\nexport async function up(knex: Knex): Promise<void> {\n${up}\n}\nexport async function down(knex: Knex) { await knex.schema.dropTable('never_read'); }\n`;
  return extractKnexMigration(FILE, text, { readRepoFile: async (path) => files[path] });
}

async function sqlOf(up: string, header = ''): Promise<string[]> {
  const result = await extract(up, header);
  expect(result.unresolved).toEqual([]);
  return result.statements.map((s) => s.sql);
}

const builderCases: Array<{ name: string; up: string; sql: string[] }> = [
  {
    name: 'createTable with increments, string, timestamps',
    up: `await knex.schema.createTable('users', (t) => { t.increments('id'); t.string('email').notNullable().unique(); t.timestamps(true, true); });`,
    sql: [
      'create table "users" ("id" serial primary key, "email" varchar(255) not null, "created_at" timestamptz not null default CURRENT_TIMESTAMP, "updated_at" timestamptz not null default CURRENT_TIMESTAMP)',
      'alter table "users" add constraint "users_email_unique" unique ("email")',
    ],
  },
  {
    name: 'createTableIfNotExists',
    up: `await knex.schema.createTableIfNotExists('a', (t) => { t.bigIncrements(); });`,
    sql: ['create table if not exists "a" ("id" bigserial primary key)'],
  },
  {
    name: 'uuid default gen_random_uuid() via knex.raw',
    up: `await knex.schema.alterTable('users', (t) => { t.uuid('uid').defaultTo(knex.raw('gen_random_uuid()')); });`,
    sql: ['alter table "users" add column "uid" uuid default gen_random_uuid()'],
  },
  {
    name: 'timestamp default knex.fn.now()',
    up: `await knex.schema.table('users', (t) => { t.timestamp('seen_at').defaultTo(knex.fn.now()).nullable(); });`,
    sql: ['alter table "users" add column "seen_at" timestamptz null default CURRENT_TIMESTAMP'],
  },
  {
    name: 'constant default, boolean not null',
    up: `await knex.schema.alterTable('users', (t) => { t.boolean('active').notNullable().defaultTo(true); });`,
    sql: ['alter table "users" add column "active" boolean not null default \'1\''],
  },
  {
    name: '.alter() re-states type, nullability and default',
    up: `await knex.schema.alterTable('users', (t) => { t.string('email', 500).notNullable().alter(); });`,
    sql: [
      'alter table "users" alter column "email" drop default',
      'alter table "users" alter column "email" drop not null',
      'alter table "users" alter column "email" type varchar(500) using ("email"::varchar(500))',
      'alter table "users" alter column "email" set not null',
    ],
  },
  {
    name: '.alter() to text without notNullable',
    up: `await knex.schema.alterTable('users', (t) => { t.text('bio').alter(); });`,
    sql: [
      'alter table "users" alter column "bio" drop default',
      'alter table "users" alter column "bio" drop not null',
      'alter table "users" alter column "bio" type text using ("bio"::text)',
    ],
  },
  {
    name: '.alter({ alterNullable: false })',
    up: `await knex.schema.alterTable('users', (t) => { t.text('bio').alter({ alterNullable: false }); });`,
    sql: ['alter table "users" alter column "bio" drop default', 'alter table "users" alter column "bio" type text using ("bio"::text)'],
  },
  {
    name: 'foreign key via references().inTable().onDelete()',
    up: `await knex.schema.alterTable('charts', (t) => { t.integer('org_id').references('id').inTable('orgs').onDelete('CASCADE'); });`,
    sql: [
      'alter table "charts" add column "org_id" integer',
      'alter table "charts" add constraint "charts_org_id_foreign" foreign key ("org_id") references "orgs" ("id") on delete CASCADE',
    ],
  },
  {
    name: 'foreign().references()',
    up: `await knex.schema.alterTable('charts', (t) => { t.foreign('space_id').references('spaces.id'); });`,
    sql: ['alter table "charts" add constraint "charts_space_id_foreign" foreign key ("space_id") references "spaces" ("id")'],
  },
  {
    name: 'index and named index',
    up: `await knex.schema.alterTable('charts', (t) => { t.index(['org_id']); t.index('name', 'charts_name_idx'); });`,
    sql: ['create index "charts_org_id_index" on "charts" ("org_id")', 'create index "charts_name_idx" on "charts" ("name")'],
  },
  {
    name: 'primary',
    up: `await knex.schema.alterTable('pairs', (t) => { t.primary(['a', 'b']); });`,
    sql: ['alter table "pairs" add constraint "pairs_pkey" primary key ("a", "b")'],
  },
  {
    name: 'dropColumn and dropColumns',
    up: `await knex.schema.alterTable('users', (t) => { t.dropColumn('a'); t.dropColumns('b', 'c'); });`,
    sql: ['alter table "users" drop column "a"', 'alter table "users" drop column "b", drop column "c"'],
  },
  {
    name: 'renameColumn',
    up: `await knex.schema.alterTable('users', (t) => { t.renameColumn('name', 'full_name'); });`,
    sql: ['alter table "users" rename "name" to "full_name"'],
  },
  {
    name: 'setNullable and dropNullable',
    up: `await knex.schema.alterTable('users', (t) => { t.setNullable('a'); t.dropNullable('b'); });`,
    sql: ['alter table "users" alter column "a" drop not null', 'alter table "users" alter column "b" set not null'],
  },
  {
    name: 'check in createTable, checkPositive',
    up: `await knex.schema.createTable('items', (t) => { t.integer('qty').checkPositive(); t.check('?? > 0', ['qty'], 'qty_positive'); });`,
    sql: ['create table "items" ("qty" integer check ("qty" > 0), constraint qty_positive check ("qty" > 0))'],
  },
  // knex 3 leaves `??` unbound in alterTable checks: that text is what it would send (and PostgreSQL rejects).
  {
    name: 'check with bindings in alterTable, as knex emits it',
    up: `await knex.schema.alterTable('items', (t) => { t.check('?? > 0', ['qty'], 'qty_positive'); });`,
    sql: ['alter table "items" add constraint qty_positive check(?? > 0)'],
  },
  {
    name: 'enu without native type is a text CHECK',
    up: `await knex.schema.alterTable('items', (t) => { t.enu('state', ['a', 'b']); });`,
    sql: ['alter table "items" add column "state" text check ("state" in (\'a\', \'b\'))'],
  },
  {
    name: 'enum with useNative',
    up: `await knex.schema.alterTable('items', (t) => { t.enum('kind', ['x', 'y'], { useNative: true, enumName: 'item_kind' }); });`,
    sql: ["create type \"item_kind\" as enum ('x', 'y')", 'alter table "items" add column "kind" "item_kind"'],
  },
  {
    name: 'specificType and jsonb default',
    up: `await knex.schema.alterTable('docs', (t) => { t.specificType('search', 'tsvector'); t.jsonb('meta').notNullable().defaultTo('{}'); });`,
    sql: ['alter table "docs" add column "search" tsvector, add column "meta" jsonb not null default \'{}\''],
  },
  {
    name: 'dropTable, dropTableIfExists, renameTable chained',
    up: `await knex.schema.dropTable('a').dropTableIfExists('b').renameTable('c', 'd');`,
    sql: ['drop table "a"', 'drop table if exists "b"', 'alter table "c" rename to "d"'],
  },
  {
    name: 'withSchema',
    up: `await knex.schema.withSchema('audit').createTable('log', (t) => { t.increments(); });`,
    sql: ['create table "audit"."log" ("id" serial primary key)'],
  },
  {
    name: 'function (table) callback with this-free body',
    up: `return knex.schema.createTable('f', function (table) { table.uuid('id').primary(); });`,
    sql: ['create table "f" ("id" uuid, constraint "f_pkey" primary key ("id"))'],
  },
  { name: 'schema.raw', up: `await knex.schema.raw('CREATE INDEX CONCURRENTLY a_idx ON a (b)');`, sql: ['CREATE INDEX CONCURRENTLY a_idx ON a (b)'] },
  {
    name: 'raw with ?? and ? bindings',
    up: `await knex.raw('UPDATE ?? SET state = ? WHERE state IS NULL', ['items', 'new']);`,
    sql: ['UPDATE "items" SET state = \'new\' WHERE state IS NULL'],
  },
  {
    name: 'update without where',
    up: `await knex('users').update({ active: true, updated_at: knex.fn.now() });`,
    sql: ['update "users" set "active" = true, "updated_at" = CURRENT_TIMESTAMP'],
  },
  {
    name: 'update with where',
    up: `await knex('users').where('id', 1).update({ active: false });`,
    sql: ['update "users" set "active" = false where "id" = 1'],
  },
  {
    name: 'insert rows',
    up: `await knex('roles').insert([{ name: 'admin' }, { name: 'viewer' }]);`,
    sql: ['insert into "roles" ("name") values (\'admin\'), (\'viewer\')'],
  },
  {
    name: 'del and delete with whereIn',
    up: `await knex('a').del(); await knex.table('b').whereIn('id', [1, 2]).delete();`,
    sql: ['delete from "a"', 'delete from "b" where "id" in (1, 2)'],
  },
  {
    name: 'where callback with this',
    up: `await knex('a').update({ x: 1 }).where(function () { this.where('y', 2).orWhereNull('z'); });`,
    sql: ['update "a" set "x" = 1 where ("y" = 2 or "z" is null)'],
  },
  {
    name: 'promise chain with then',
    up: `return knex.schema.createTable('p', (t) => { t.increments(); }).then(() => knex('p').insert({ id: 1 }));`,
    sql: ['create table "p" ("id" serial primary key)', 'insert into "p" ("id") values (1)'],
  },
];

describe('knex builder calls → the SQL knex emits', () => {
  test.each(builderCases)('$name', async ({ up, sql }) => {
    expect(await sqlOf(up)).toEqual(sql);
  });
});

describe('migration shapes', () => {
  test('exports.up = function (knex) in CommonJS, and module.exports = { up, config }', async () => {
    const cjs = `exports.up = function (knex) { return knex.schema.dropTable('a'); };\nexports.down = function () {};\n`;
    expect((await extractKnexMigration('m/1.js', cjs, { readRepoFile: async () => undefined })).statements.map((s) => s.sql)).toEqual(['drop table "a"']);
    const object = `async function up(db) { await db.raw('CREATE INDEX CONCURRENTLY i ON a (b)'); }\nmodule.exports = { up, down: async () => {}, config: { transaction: false } };\n`;
    const result = await extractKnexMigration('m/2.js', object, { readRepoFile: async () => undefined });
    expect(result.statements.map((s) => s.sql)).toEqual(['CREATE INDEX CONCURRENTLY i ON a (b)']);
    expect(result.inTransaction).toBe(false);
  });

  test('export const up = async (trx) => … and knex.transaction(async (trx) => …)', async () => {
    const arrow = `export const up = async (trx: Knex) => { await trx.schema.dropTable('x'); await trx.transaction(async (inner) => { await inner('y').del(); }); };`;
    const result = await extractKnexMigration('m/3.ts', arrow, { readRepoFile: async () => undefined });
    expect(result.statements.map((s) => [s.sql, s.origin, s.line])).toEqual([
      ['drop table "x"', 'knex-schema-builder', 1],
      ['delete from "y"', 'knex-query-builder', 1],
    ]);
    expect(result.inTransaction).toBe(true);
  });

  test('values and transaction control emit nothing', async () => {
    const result = await extract(`const now = knex.fn.now();\n  await knex.transaction(async (trx) => { await trx('a').del(); await trx.commit(); });`);
    expect(result.unresolved).toEqual([]);
    expect(result.statements.map((s) => s.sql)).toEqual(['delete from "a"']);
  });

  test('export const config = { transaction: false } → inTransaction false', async () => {
    const result = await extract(`await knex.raw('CREATE INDEX CONCURRENTLY i ON a (b)');`, 'export const config = { transaction: false };');
    expect(result.inTransaction).toBe(false);
    expect((await extract(`await knex.raw('select 1');`, 'export const config = { transaction: true };')).inTransaction).toBe(true);
  });

  test('statements behind hasTable/hasColumn are guarded; the check itself emits nothing', async () => {
    const result = await extract(`
  if (!(await knex.schema.hasColumn('users', 'x'))) {
    await knex.schema.alterTable('users', (t) => { t.text('x'); });
  }
  await knex.schema.hasTable('old').then((exists) => { if (exists) return knex.schema.dropTable('old'); });
  await knex('users').update({ x: 'a' });`);
    expect(result.statements.map((s) => [s.sql, s.guarded ?? false, s.line])).toEqual([
      ['alter table "users" add column "x" text', true, 5],
      ['drop table "old"', true, 7],
      ['update "users" set "x" = \'a\'', false, 8],
    ]);
  });

  test('catch blocks and switch cases are conditional too', async () => {
    const result = await extract(
      `try {\n    await knex.raw('CREATE INDEX CONCURRENTLY i ON a (b)');\n  } catch {\n    await knex.raw('DROP INDEX IF EXISTS i');\n  }`,
    );
    expect(result.statements.map((s) => [s.sql, s.guarded ?? false])).toEqual([
      ['CREATE INDEX CONCURRENTLY i ON a (b)', false],
      ['DROP INDEX IF EXISTS i', true],
    ]);
  });

  test('a file without an exported up is unresolved on every flag', async () => {
    const result = await extractKnexMigration('m/helpers.ts', 'export const x = 1;', { readRepoFile: async () => undefined });
    expect(result.statements).toEqual([]);
    expect(result.unresolved).toEqual([
      { line: 1, reason: expect.stringContaining('no exported `up`'), affects: ['locksTable', 'rewritesTable', 'scansTable'] },
    ]);
  });
});

describe('what cannot be resolved is unknown, never light', () => {
  const ALL = ['locksTable', 'rewritesTable', 'scansTable'];

  test('table name from a function parameter', async () => {
    const result = await extract(`await addColumn('users');`, `async function addColumn(table: string) {}`);
    expect(result.unresolved).toEqual([]);
    const dynamic = await extractKnexMigration(
      FILE,
      `export async function up(knex, table) { await knex.schema.alterTable(table, (t) => { t.text('a'); }); }`,
      { readRepoFile: async () => undefined },
    );
    expect(dynamic.statements).toEqual([]);
    expect(dynamic.unresolved).toEqual([
      { line: 1, reason: '`table` comes from a function parameter', affects: ALL, evidence: expect.stringContaining('alterTable(table') },
    ]);
  });

  test('the knex object handed to a helper', async () => {
    const result = await extract(`await addAuditColumns(knex, 'users');`);
    expect(result.unresolved).toMatchObject([
      { line: 3, reason: expect.stringContaining('the knex object is passed on'), affects: ALL, evidence: "addAuditColumns(knex, 'users')" },
    ]);
  });

  test('the knex object alone in parentheses or as a computed key is shown as written around it', async () => {
    const result = await extract(`await (knex);\n  await helper({ [knex]: 1 });`);
    expect(result.unresolved).toEqual([
      { line: 3, reason: 'the knex object is passed on (`(knex)`): what runs there is not followed', affects: ALL, evidence: '(knex)' },
      { line: 4, reason: 'the knex object is passed on (`[knex]`): what runs there is not followed', affects: ALL, evidence: '[knex]' },
    ]);
  });

  test('a loop over runtime data: statements kept, loop unresolved', async () => {
    const result = await extract(
      `const rows = await knex('users').select('id');\n  for (const row of rows) {\n    await knex('users').update({ n: row.id }).where('id', row.id);\n  }`,
    );
    expect(result.statements.map((s) => s.sql)).toEqual([
      'select "id" from "users"',
      'update "users" set "n" = \'<unresolved>\' where "id" = \'<unresolved>\'',
    ]);
    expect(result.unresolved).toMatchObject([{ line: 4, reason: 'knex calls inside a loop over `rows` run once per item of runtime data', affects: ALL }]);
  });

  test('a loop over a constant array is unrolled', async () => {
    const sql = await sqlOf(
      `for (const table of TABLES) { await knex.schema.alterTable(table, (t) => { t.dropColumn('legacy'); }); }\n  await Promise.all(TABLES.map((table) => knex(table).del()));`,
      `const TABLES = ['a', 'b'] as const;`,
    );
    expect(sql).toEqual(['alter table "a" drop column "legacy"', 'alter table "b" drop column "legacy"', 'delete from "a"', 'delete from "b"']);
  });

  test('a constant array changed after its declaration is not unrolled (its items are not known)', async () => {
    const pushed = await extract(
      `TABLES.push('users');\n  for (const table of TABLES) { await knex.schema.alterTable(table, (t) => { t.dropColumn('legacy'); }); }`,
      `const TABLES: string[] = [];`,
    );
    expect(pushed.statements).toEqual([]);
    expect(pushed.unresolved.length).toBeGreaterThan(0);
    const assigned = await extract(
      `NAMES.main = 'accounts';\n  await knex.schema.alterTable(NAMES.main, (t) => { t.dropColumn('legacy'); });`,
      `const NAMES = { main: 'users' };`,
    );
    expect(assigned.statements).toEqual([]);
    expect(assigned.unresolved).toMatchObject([{ reason: expect.stringContaining('`NAMES` is changed after its declaration'), affects: ALL }]);
  });

  test('builder callback with statements other than builder calls', async () => {
    const result = await extract(`await knex.schema.alterTable('users', (t) => { COLUMNS.forEach((c) => t.text(c)); });`, `const COLUMNS = ['a'];`);
    expect(result.statements).toEqual([]);
    expect(result.unresolved).toMatchObject([{ line: 3, reason: expect.stringContaining('inside a builder callback'), affects: ALL }]);
  });

  test('an update with an unresolvable where value keeps its WHERE', async () => {
    const result = await extract(`await knex('users').update({ a: 1 }).where('id', someId());`);
    expect(result.statements.map((s) => s.sql)).toEqual(['update "users" set "a" = 1 where "id" = \'<unresolved>\'']);
  });

  test('a query on an unresolvable table is unresolved', async () => {
    const result = await extract(`await knex(tableFor('x')).update({ a: 1 });`);
    expect(result.statements).toEqual([]);
    expect(result.unresolved).toMatchObject([{ reason: expect.stringMatching(/^table name cannot be resolved: .*tableFor\(\)/), affects: ALL }]);
  });

  test('a builder kept in a variable or handed on is unresolved (later calls on it are not seen)', async () => {
    const kept = await extract(`const query = knex('users');\n  await query.update({ a: 1 });`);
    expect(kept.unresolved).toMatchObject([{ line: 3, reason: expect.stringContaining('is kept or passed on'), affects: ALL }]);
    const schema = await extract(`const schema = knex.schema;\n  await schema.dropTable('a');`);
    expect(schema.unresolved).toMatchObject([{ line: 3, reason: expect.stringContaining('is kept or passed on'), affects: ALL }]);
    const awaited = await extract(
      `const rows = await knex('users').select('id');\n  const exists = await knex.schema.hasTable('a');\n  const now = knex.fn.now();`,
    );
    expect(awaited.unresolved).toEqual([]);
  });

  test('a knex method the extractor does not follow', async () => {
    const result = await extract(`await knex.batchInsert('a', rows, 100);`);
    expect(result.unresolved).toMatchObject([{ reason: 'knex.batchInsert() is not followed by the extractor', affects: ALL }]);
  });

  test("the migration's own code never runs: escape hatches of the replay are refused", async () => {
    const result = await extract(
      `await knex.raw.constructor('globalThis.replayEscaped = true')();\n  await knex.schema.alterTable('a', (t) => { t.text.call('x', 'y'); });`,
    );
    expect((globalThis as { replayEscaped?: boolean }).replayEscaped).toBeUndefined();
    expect(result.statements).toEqual([]);
    expect(result.unresolved.map((u) => u.reason)).toEqual([
      'knex could not build this call: .constructor() is not replayed',
      'knex could not build this call: .call() is not replayed',
    ]);
  });

  test('knex rejects a chain: the reason is kept', async () => {
    const result = await extract(`await knex.schema.alterTable('a', (t) => { t.notAKnexMethod('x'); });`);
    expect(result.statements).toEqual([]);
    expect(result.unresolved).toMatchObject([{ reason: expect.stringContaining('knex could not build this call'), affects: ALL }]);
  });
});
