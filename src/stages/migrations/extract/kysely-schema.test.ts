import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { classifyMigration } from '../classify.js';
import { loadParser } from '../sql.js';
import { kyselyFormat } from '../formats/orm-formats.js';

/**
 * kysely schema builders compiled by kysely itself, on real docmost migrations
 * (fixtures/orm/docmost-kysely/, docmost v0.95.0). The expected SQL is what kysely 0.28's
 * PostgreSQL compiler emits for those calls.
 */
const FIXTURES = new URL('../../../../fixtures/orm/docmost-kysely/', import.meta.url);
const DIR = 'apps/server/src/database/migrations';
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const repo: Record<string, string> = { 'apps/server/src/common/helpers/types/permission.ts': fixture('permission.ts') };
const read = async (path: string) => repo[path];
const extract = (name: string) => kyselyFormat.extract(`${DIR}/${name}`, fixture(name), read);

describe('kysely schema builders compiled by kysely', () => {
  test('alterTable … addColumn with a column callback (docmost personal-spaces): light on PostgreSQL 11+', async () => {
    const extracted = await extract('20260620T010047-personal-spaces.ts');
    expect(extracted.unresolved).toEqual([]);
    expect(extracted.statements.map((statement) => [statement.line, statement.sql.replace(/\s+/g, ' ').trim()])).toEqual([
      [4, 'alter table "spaces" add column "is_personal" boolean default false not null'],
      [11, 'CREATE UNIQUE INDEX spaces_personal_creator_unique ON spaces (creator_id) WHERE is_personal = true AND deleted_at IS NULL'],
    ]);
    await loadParser();
    const classified = classifyMigration(extracted, { postgresVersion: 16 });
    // The plain CREATE UNIQUE INDEX blocks writes while it scans; the ADD COLUMN alone would be light.
    expect(classified.findings.map((finding) => [finding.rule, finding.evidence.line])).toContainEqual(['require-concurrent-index-creation', 11]);
    expect(classified.findings.filter((finding) => finding.evidence.line === 4).map((finding) => finding.rule)).not.toContain('adding-field-with-default');
  });

  test('createTable with sql`…` defaults, an imported enum constant and unique constraints (docmost workspaces)', async () => {
    const extracted = await extract('20240324T085500-workspaces.ts');
    expect(extracted.unresolved).toEqual([]);
    expect(extracted.statements.map((statement) => statement.sql)).toEqual([
      'create table "workspaces" ("id" uuid default gen_uuid_v7() primary key, "name" varchar, "description" varchar, "logo" varchar, "hostname" varchar, "custom_domain" varchar, "settings" jsonb, "default_role" varchar default \'member\' not null, "email_domains" varchar[] default \'{}\', "default_space_id" uuid, "created_at" timestamptz default now() not null, "updated_at" timestamptz default now() not null, "deleted_at" timestamptz, constraint "workspaces_hostname_unique" unique ("hostname"), constraint "workspaces_custom_domain_unique" unique ("custom_domain"))',
    ]);
  });

  test('createTable with references, and createIndex with columns and a sql.ref where (docmost notifications)', async () => {
    const extracted = await extract('20260213T085259-notifications.ts');
    expect(extracted.unresolved).toEqual([]);
    expect(extracted.statements.slice(1).map((statement) => statement.sql)).toEqual([
      'create index "idx_notifications_user_id" on "notifications" ("user_id", "id" desc)',
      'create index "idx_notifications_user_unread" on "notifications" ("user_id") where "read_at" is null',
    ]);
  });

  test('what cannot be recorded stays unresolved with its reason: a value computed at run time, a builder kept in a variable, a loop', async () => {
    const text = [
      `import { Kysely } from 'kysely';`,
      `export async function up(db: Kysely<any>): Promise<void> {`,
      `  await db.schema.alterTable('pages').addColumn('x', 'text', (col) => col.defaultTo(process.env.X)).execute();`,
      `  const builder = db.schema.alterTable('pages').dropColumn('y');`,
      `  await builder.execute();`,
      `  for (const table of ['a', 'b']) await db.schema.alterTable(table).dropColumn('z').execute();`,
      `}`,
    ].join('\n');
    const extracted = await kyselyFormat.extract(`${DIR}/20990101T000000-x.ts`, text, read);
    expect(extracted.statements).toEqual([]);
    expect(extracted.unresolved.map((part) => [part.line, part.reason.replace(/:.*$/, '')])).toEqual([
      [3, 'kysely schema builder not compiled'],
      [4, 'kysely schema builder not compiled'],
      [6, 'kysely schema builder not compiled'],
    ]);
  });
});

describe('a released kysely migration reformatted by a code formatter', () => {
  test('compares by the SQL kysely compiles, not by text', async () => {
    const { releasedEditChange } = await import('../released-edit.js');
    const original = fixture('20260620T010047-personal-spaces.ts');
    // What a formatter with a wider print width makes of it: one line per chain, other quotes.
    const reformatted = original.replace(
      /await db\.schema\s+\.alterTable\('spaces'\)\s+\.addColumn\('is_personal', 'boolean', \(col\) =>\s+col\.notNull\(\)\.defaultTo\(false\),\s+\)\s+\.execute\(\);/,
      'await db.schema.alterTable("spaces").addColumn("is_personal", "boolean", (col) => col.notNull().defaultTo(false)).execute();',
    );
    expect(reformatted).not.toBe(original);
    const changed = original.replace('defaultTo(false)', 'defaultTo(true)');
    await loadParser();
    const [before, after, edited] = await Promise.all(
      [original, reformatted, changed].map((text) => kyselyFormat.extract(`${DIR}/20260620T010047-personal-spaces.ts`, text, read)),
    );
    expect(releasedEditChange(before!, after!)).toBeUndefined();
    expect(releasedEditChange(before!, edited!)).toMatch(/^statement 1 changed/);
  });
});
