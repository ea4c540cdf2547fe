#!/usr/bin/env node
/**
 * Statements classified per second by the migration classifier, after the parser is loaded,
 * over a realistic mix: knex schema-builder output, raw SQL with constraints and backfills,
 * a DO block and a called PL/pgSQL function (goal: > 20,000 statements/s).
 *
 *   npm run build && node bench/classify.mjs [--seconds 3]
 *
 * Runs against dist/. Prints one markdown line (docs/migration-rules.md keeps a copy).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const at = args.indexOf('--seconds');
const seconds = at === -1 ? 3 : Number(args[at + 1]);
const root = resolve(new URL('..', import.meta.url).pathname);
const dist = (path) => pathToFileURL(resolve(root, 'dist', path)).href;
if (!existsSync(resolve(root, 'dist/stages/migrations/classify.js'))) {
  console.error('bench/classify.mjs: build first (npm run build)');
  process.exit(2);
}
const { loadParser, splitStatements } = await import(dist('stages/migrations/sql.js'));
const { classifyMigration } = await import(dist('stages/migrations/classify.js'));

/** Migrations shaped like real ones: mostly schema builder, some raw SQL, some data changes. */
const MIGRATIONS = [
  [
    'create table "projects" ("id" serial primary key, "name" varchar(255) not null, "org_id" integer, "created_at" timestamptz not null default CURRENT_TIMESTAMP, "updated_at" timestamptz not null default CURRENT_TIMESTAMP)',
    'alter table "projects" add constraint "projects_org_id_foreign" foreign key ("org_id") references "orgs" ("id")',
    'create index "projects_name_index" on "projects" ("name")',
  ],
  [
    'alter table "users" add column "is_active" boolean not null default true',
    'alter table "users" add column "settings" jsonb',
    'create index "users_is_active_index" on "users" ("is_active")',
  ],
  [
    'alter table "users" alter column "email" drop default',
    'alter table "users" alter column "email" drop not null',
    'alter table "users" alter column "email" type varchar(500) using ("email"::varchar(500))',
    'alter table "users" alter column "email" set not null',
  ],
  [
    "SET lock_timeout = '5s'",
    'ALTER TABLE saved_queries ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector(\'english\', name)) STORED',
    'ALTER TABLE saved_queries ADD CONSTRAINT saved_queries_space_fk FOREIGN KEY (space_id) REFERENCES spaces (id) NOT VALID',
    'ALTER TABLE saved_queries VALIDATE CONSTRAINT saved_queries_space_fk',
  ],
  [
    "UPDATE dashboards SET slug = lower(name) WHERE slug IS NULL",
    'DELETE FROM sessions WHERE expires_at < now()',
    "INSERT INTO settings (key, value) VALUES ('theme', 'dark')",
    'INSERT INTO archive_events (id, payload) SELECT id, payload FROM events',
  ],
  [
    'DO $$\nBEGIN\n  IF NOT EXISTS (SELECT 1 FROM pg_type WHERE typname = \'chart_kind\') THEN\n    CREATE TYPE chart_kind AS ENUM (\'bar\', \'line\');\n  END IF;\n  ALTER TABLE charts ADD COLUMN kind chart_kind;\nEND $$',
    'ALTER TABLE charts DROP COLUMN legacy_config',
    'ALTER TABLE charts RENAME COLUMN title TO name',
  ],
  [
    "CREATE OR REPLACE FUNCTION backfill_uuids() RETURNS void LANGUAGE plpgsql AS $$\nBEGIN\n  UPDATE spaces SET uuid = gen_random_uuid() WHERE uuid IS NULL;\nEND $$",
    'SELECT backfill_uuids()',
    'DROP FUNCTION backfill_uuids()',
    'COMMENT ON COLUMN spaces.uuid IS \'public id\'',
  ],
];

const extracted = MIGRATIONS.map((statements, index) => ({
  file: `migrations/${String(index).padStart(3, '0')}.ts`,
  statements: statements.map((sql, line) => ({ sql, line: line + 1, origin: 'knex-raw' })),
  unresolved: [],
  inTransaction: true,
}));

await loadParser();
const statementsPerRound = MIGRATIONS.flat().reduce((count, sql) => count + splitStatements(sql).length, 0);
const context = { postgresVersion: 16 };
for (let i = 0; i < 200; i++) for (const migration of extracted) classifyMigration(migration, context); // warm-up

let rounds = 0;
const started = performance.now();
while (performance.now() - started < seconds * 1000) {
  for (const migration of extracted) classifyMigration(migration, context);
  rounds++;
}
const elapsed = (performance.now() - started) / 1000;
const perSecond = Math.round((rounds * statementsPerRound) / elapsed);
console.log(`| statements classified per second (parser loaded, ${statementsPerRound}-statement mix, ${elapsed.toFixed(1)} s, Node ${process.versions.node}) | ${perSecond.toLocaleString('en-US')} |`);
