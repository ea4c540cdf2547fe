#!/usr/bin/env node
/**
 * Differential run of the static migration classifier against PostgreSQL (PGlite): generated
 * statements on the peer corpus's seeded schema (test/fixtures/peer-migrations), each classified as
 * the stage does it (the schema folded in as released migrations), and every one the classifier
 * calls light on some flag run in PGlite with bench/lib/peer-corpus.mjs's observer. A flag the
 * classifier says `false` that PostgreSQL shows `true` is a wrong-light case: the worst bug there is.
 *
 *   npm run build && node bench/migration-differential.mjs [--json]
 *
 * Families, each over setups that change what PostgreSQL must do:
 *   - every column of `users` × 47 target types (and `USING col`), bare and with indexes of every
 *     kind and a CHECK on the columns (expression, partial and GIN indexes are rebuilt);
 *   - ADD COLUMN of 30 types × defaults of every volatility × constraints, and ~90 other statements
 *     (constraints, indexes, narrow and wide UPDATE/DELETE/INSERT … SELECT, DO blocks), inside and
 *     outside a transaction;
 *   - the same kinds of statements on a partitioned table.
 * Exits 1 when a wrong-light case is found. It found three (a column of a CHECKed domain, text[] →
 * varchar[], a storage-keeping type change under an expression index or CHECK), each fixed with a rule
 * test: this run keeps them fixed. About a minute.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { runDifferential } from './lib/migration-differential.mjs';
import { MANIFEST_PATH } from './lib/peer-corpus.mjs';

const root = resolve(new URL('..', import.meta.url).pathname);
const dist = (path) => pathToFileURL(resolve(root, 'dist', path)).href;
const { loadParser, splitStatements } = await import(dist('stages/migrations/sql.js'));
const { classifyMigration } = await import(dist('stages/migrations/classify.js'));
const { foldReleasedMigration, schemaOptions } = await import(dist('stages/migrations/stage.js'));
await loadParser();
const manifest = JSON.parse(readFileSync(resolve(root, MANIFEST_PATH), 'utf8'));

const db = new PGlite();
const report = await runDifferential(db, manifest, { classifyMigration, foldReleasedMigration, schemaOptions, splitStatements });
await db.close();

if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
else {
  console.log('| family | statements | claimed light on a flag, run in PGlite | refused by PostgreSQL | wrong light |');
  console.log('|---|---|---|---|---|');
  for (const result of report) console.log(`| ${result.name} | ${result.statements} | ${result.observed} | ${result.refused} | ${result.wrongLight.length} |`);
  for (const result of report) for (const wrong of result.wrongLight) console.log(`wrong light (${wrong.flags.join(', ')}): ${wrong.sql}  [${result.name}]`);
}
process.exitCode = report.some((result) => result.wrongLight.length > 0) ? 1 : 0;
