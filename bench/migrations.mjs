#!/usr/bin/env node
/**
 * Times extracting (@babel/parser + knex replay) and classifying (libpg-query + rules) 250 generated
 * knex migrations, the way the migrations stage does it: one file after another, imports read
 * from the same in-memory repository. Runs against the built code in dist/ (`npx tsc -p tsconfig.build.json`).
 *
 *   node bench/migrations.mjs [--count 250] [--rounds 3]
 */
import { generateMigrations } from './gen-knex-migrations.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const count = option('--count', 250);
const rounds = option('--rounds', 3);

const dist = new URL('../dist/stages/migrations/', import.meta.url);
const started = performance.now();
const { extractMigration } = await import(new URL('extract/index.js', dist).href);
const { classifyMigration } = await import(new URL('classify.js', dist).href);
const { loadParser } = await import(new URL('sql.js', dist).href);
await loadParser();
const modulesLoadedMs = performance.now() - started;

const root = 'packages/backend/src/database/';
const files = new Map(generateMigrations({ count }).map((file) => [root + file.path, file.text]));
const migrations = [...files.keys()].filter((path) => path.includes('/migrations/')).sort();
const readRepoFile = async (path) => files.get(path);

async function runOnce() {
  let extractMs = 0;
  let classifyMs = 0;
  let statements = 0;
  let unresolved = 0;
  const heavy = { locksTable: 0, rewritesTable: 0, scansTable: 0 };
  const newTables = new Set();
  for (const path of migrations) {
    const t0 = performance.now();
    const extracted = await extractMigration(path, files.get(path), readRepoFile);
    const t1 = performance.now();
    const classified = classifyMigration(extracted, { postgresVersion: 16, newTables: new Set(newTables) });
    const t2 = performance.now();
    for (const table of classified.createdTables) newTables.add(table);
    extractMs += t1 - t0;
    classifyMs += t2 - t1;
    statements += extracted.statements.length;
    unresolved += extracted.unresolved.length;
    for (const flag of Object.keys(heavy)) if (classified.heaviness[flag] === true) heavy[flag]++;
  }
  return { extractMs, classifyMs, statements, unresolved, heavy };
}

const first = await runOnce(); // includes the first knex load and JIT warm-up
const timed = [];
for (let i = 0; i < rounds; i++) timed.push(await runOnce());
const best = timed.reduce((a, b) => (a.extractMs + a.classifyMs <= b.extractMs + b.classifyMs ? a : b));
const fmt = (ms) => ms.toFixed(1);

console.log(`files: ${migrations.length} knex migrations, ${best.statements} statements, ${best.unresolved} unresolved parts`);
console.log(`load: source parser + knex + libpg-query modules ${fmt(modulesLoadedMs)} ms`);
console.log(`first pass (cold): ${fmt(first.extractMs + first.classifyMs)} ms total`);
console.log(`best of ${rounds} warm passes: ${fmt(best.extractMs + best.classifyMs)} ms total, ${(best.extractMs + best.classifyMs) / migrations.length < 1 ? ((best.extractMs + best.classifyMs) / migrations.length).toFixed(2) : fmt((best.extractMs + best.classifyMs) / migrations.length)} ms per file`);
console.log(`  extract: ${fmt(best.extractMs)} ms (${(best.extractMs / migrations.length).toFixed(2)} ms/file)`);
console.log(`  classify: ${fmt(best.classifyMs)} ms (${(best.classifyMs / migrations.length).toFixed(2)} ms/file, ${Math.round(best.statements / (best.classifyMs / 1000))} statements/s incl. per-file work)`);
console.log(`heavy files: locks ${best.heavy.locksTable}, rewrites ${best.heavy.rewritesTable}, scans ${best.heavy.scansTable}`);
