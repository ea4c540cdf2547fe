#!/usr/bin/env node
/**
 * Heavy recall with the trace on the peer corpus (test/fixtures/peer-migrations): each case's schema
 * (the corpus' base schema and the case's setup, as released migrations) is built in one shared
 * PGlite, seeded by the trace's own seeder, the case runs through the trace (observeMigration) and
 * the observation is reconciled with the static verdict exactly as `generate --trace` does.
 *
 *   npm run build && node bench/trace-recall.mjs [--seed-rows N] [--json]
 *
 * Prints strict heavy recall (unknown counts as not heavy), recall with unknown as heavy and the false
 * heavy rate, statically and with the trace, and the cases where the trace and the corpus disagree.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildManifest, classifyCase, familyTable, score } from './lib/peer-corpus.mjs';

const args = process.argv.slice(2);
const seedRows = Number(args[args.indexOf('--seed-rows') + 1] ?? 1000) || 1000;
const root = resolve(new URL('..', import.meta.url).pathname);
const dist = (path) => pathToFileURL(resolve(root, 'dist', path)).href;
if (!existsSync(resolve(root, 'dist/trace/run.js'))) {
  console.error('bench/trace-recall.mjs: build first (npm run build)');
  process.exit(2);
}
const { loadParser } = await import(dist('stages/migrations/sql.js'));
const { classifyMigration } = await import(dist('stages/migrations/classify.js'));
const { foldReleasedMigration, schemaOptions } = await import(dist('stages/migrations/stage.js'));
const { openDatabase } = await import(dist('trace/database.js'));
const { observationBaseline, observeMigration, seedTables } = await import(dist('trace/run.js'));
const { reconcile } = await import(dist('trace/reconcile.js'));
await loadParser();

const FLAGS = ['locksTable', 'rewritesTable', 'scansTable'];
const verdictOf = (heaviness) => (FLAGS.some((flag) => heaviness[flag] === true) ? 'heavy' : FLAGS.some((flag) => heaviness[flag] === 'unknown') ? 'unknown' : 'light');
const manifest = buildManifest();
const started = performance.now();
const db = await openDatabase();
const staticVerdicts = new Map();
const tracedVerdicts = new Map();
const notes = [];
for (const testCase of manifest.cases) {
  const staticResult = classifyCase(testCase, manifest, { classifyMigration, foldReleasedMigration, schemaOptions });
  staticVerdicts.set(testCase.id, staticResult);
  await db.exec('RESET ALL; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  const released = testCase.schema === 'base' ? [manifest.schema.base, testCase.setup].filter(Boolean).join('\n') : '';
  let inexact = [];
  try {
    if (released !== '') await db.exec(released);
  } catch (error) {
    inexact.push(`released schema failed: ${error.message}`);
  }
  const tables = new Set((await db.query(`SELECT relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`)).rows.map((row) => row.relname));
  const seeds = await seedTables(db, tables, seedRows);
  inexact = [...inexact, ...seeds.filter((seed) => seed.error !== undefined).map((seed) => `${seed.table} not seeded: ${seed.error}`)];
  const baseline = await observationBaseline(db);
  const migration = { file: 'migration.sql', statements: [{ sql: testCase.sql, line: 1, origin: 'sql-file' }], unresolved: [], inTransaction: testCase.inTransaction };
  const observation = await observeMigration(db, 'migration.sql', migration, baseline);
  const staticHeaviness = Object.fromEntries(FLAGS.map((flag) => [flag, staticResult[flag]]));
  const traced = reconcile({ file: 'migration.sql', name: testCase.id, static: staticHeaviness, findings: [], observation, inexact });
  tracedVerdicts.set(testCase.id, { ...traced.final, verdict: verdictOf(traced.final) });
  const heavyNow = verdictOf(traced.final) === 'heavy';
  if (heavyNow !== testCase.expected.heavy) notes.push({ id: testCase.id, expectedHeavy: testCase.expected.heavy, static: staticHeaviness, traced: traced.final, status: traced.status, reasons: traced.reasons.slice(0, 2) });
}
await db.close();
const report = {
  cases: manifest.cases.length,
  seedRows,
  ms: Math.round(performance.now() - started),
  static: score(manifest.cases, staticVerdicts),
  traced: score(manifest.cases, tracedVerdicts),
  disagreements: notes,
  // Per rule family, static and traced verdicts against the corpus (PostgreSQL-checked) expectations.
  families: familyTable(manifest.cases, staticVerdicts).map((row) => {
    const traced = familyTable(manifest.cases, tracedVerdicts).find((entry) => entry.family === row.family);
    return { family: row.family, cases: row.cases, heavy: row.heavy, staticAgrees: row.verdictAgrees, staticFlagsAgree: row.flagsAgree, tracedAgrees: traced.verdictAgrees, tracedFlagsAgree: traced.flagsAgree };
  }),
};
if (args.includes('--json')) console.log(JSON.stringify(report, null, 2));
else {
  const line = (label, s) => `${label.padEnd(8)} strict heavy recall ${s.strictRecall} %, unknown-as-heavy ${s.unknownAsHeavyRecall} %, false heavy ${s.falseHeavyRate} % (${s.heavy} heavy / ${s.light} light)`;
  console.log(`${report.cases} cases, ${seedRows} seeded rows, ${report.ms} ms`);
  console.log(line('static', report.static));
  console.log(line('traced', report.traced));
  const pct = (part, whole) => `${part} (${Math.round((100 * part) / whole)} %)`;
  console.log('\n| rule family | cases | heavy | static verdict agrees | traced verdict agrees | static flags agree | traced flags agree |\n|---|---|---|---|---|---|---|');
  for (const row of report.families) console.log(`| ${row.family} | ${row.cases} | ${row.heavy} | ${pct(row.staticAgrees, row.cases)} | ${pct(row.tracedAgrees, row.cases)} | ${pct(row.staticFlagsAgree, row.cases)} | ${pct(row.tracedFlagsAgree, row.cases)} |`);
  for (const note of notes) console.log(`  ${note.id}: expected ${note.expectedHeavy ? 'heavy' : 'light'}, traced ${JSON.stringify(note.traced)} (${note.status}; ${note.reasons.join('; ')})`);
}
