#!/usr/bin/env node
/**
 * Heavy recall of the static migration classifier on the peer corpus (test/fixtures/peer-migrations:
 * cases rebuilt from squawk's rule tests, eugene's examples and strong_migrations' checks).
 *
 *   npm run build && node bench/heavy-recall.mjs [--observe] [--write-manifest] [--json]
 *
 * - strict recall: heavy cases the classifier calls heavy (`unknown` counts as not heavy);
 * - recall with `unknown` counted heavy; false heavy rate: light cases called heavy.
 * --observe also runs every case in PGlite and lists where PostgreSQL disagrees with the manifest.
 * --write-manifest rewrites manifest.json from the case files. Runs against dist/.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildManifest, classifyCase, createObserver, familyTable, MANIFEST_PATH, score } from './lib/peer-corpus.mjs';

const args = new Set(process.argv.slice(2));
const root = resolve(new URL('..', import.meta.url).pathname);
const dist = (path) => pathToFileURL(resolve(root, 'dist', path)).href;
if (!existsSync(resolve(root, 'dist/stages/migrations/classify.js'))) {
  console.error('bench/heavy-recall.mjs: build first (npm run build)');
  process.exit(2);
}
const { loadParser, splitStatements } = await import(dist('stages/migrations/sql.js'));
const { classifyMigration } = await import(dist('stages/migrations/classify.js'));
const { foldReleasedMigration, schemaOptions } = await import(dist('stages/migrations/stage.js'));
await loadParser();

const manifest = buildManifest();
const manifestFile = resolve(root, MANIFEST_PATH);
if (args.has('--write-manifest')) writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
else if (readFileSync(manifestFile, 'utf8') !== `${JSON.stringify(manifest, null, 2)}\n`) console.error(`${MANIFEST_PATH} is stale: run with --write-manifest`);

const verdicts = new Map(manifest.cases.map((testCase) => [testCase.id, classifyCase(testCase, manifest, { classifyMigration, foldReleasedMigration, schemaOptions })]));
const alone = new Map(manifest.cases.map((testCase) => [testCase.id, classifyCase(testCase, manifest, { classifyMigration })]));
const all = score(manifest.cases, verdicts);
const asIs = score(manifest.cases.filter((testCase) => testCase.variant === 'as-is'), verdicts);
const snippetAlone = score(manifest.cases, alone);
const report = { all, asIs, snippetAlone, families: familyTable(manifest.cases, verdicts) };

if (args.has('--observe')) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  const started = performance.now();
  const disagreements = [];
  const observer = createObserver(db, manifest, (sql) => splitStatements(sql));
  for (const testCase of manifest.cases) {
    const observed = await observer.observe(testCase);
    const fields = ['locksTable', 'rewritesTable', 'scansTable', 'locksBasis'];
    const differs = fields.filter((field) => observed[field] !== testCase.expected[field]);
    if (observed.error || differs.length > 0) disagreements.push({ id: testCase.id, error: observed.error, expected: testCase.expected, observed: Object.fromEntries(fields.map((f) => [f, observed[f]])) });
  }
  await db.close();
  report.observed = { cases: manifest.cases.length, ms: Math.round(performance.now() - started), disagreements };
}

if (args.has('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const line = (name, s) => `${name}: ${s.cases} cases (${s.heavy} heavy, ${s.light} light) — strict heavy recall ${s.strictRecall} % (target ≥ 95 % with the released schema), recall with unknown as heavy ${s.unknownAsHeavyRecall} %, false heavy ${s.falseHeavyRate} % (target ≤ 1 %), safe recall ${Math.round(10 * (100 - s.lightUnknownRate - s.falseHeavyRate)) / 10} % (target 100 %; unknown on light ${s.lightUnknownRate} %)`;
  console.log(line('all variants', all));
  console.log(line('as written by the peers', asIs));
  console.log(line('snippet alone (no released schema)', snippetAlone));
  const lightUnknown = manifest.cases.filter((testCase) => !testCase.expected.heavy && verdicts.get(testCase.id).verdict === 'unknown').map((testCase) => testCase.id);
  if (lightUnknown.length > 0) console.log(`light, left unknown: ${lightUnknown.join(', ')}`);
  console.log('\n| rule family | cases | heavy | static verdict agrees | all three flags agree |\n|---|---|---|---|---|');
  for (const row of report.families) console.log(`| ${row.family} | ${row.cases} | ${row.heavy} | ${row.verdictAgrees} (${Math.round((100 * row.verdictAgrees) / row.cases)} %) | ${row.flagsAgree} (${Math.round((100 * row.flagsAgree) / row.cases)} %) |`);
  if (all.missed.length > 0) console.log(`\nheavy, not called heavy: ${all.missed.map((id) => `${id} (${verdicts.get(id).verdict})`).join(', ')}`);
  if (all.claimed.length > 0) console.log(`light, called heavy: ${all.claimed.join(', ')}`);
  if (report.observed) {
    console.log(`\nobserved ${report.observed.cases} cases in PGlite in ${report.observed.ms} ms; ${report.observed.disagreements.length} disagree with the manifest`);
    for (const d of report.observed.disagreements) console.log(`  ${d.id}: ${d.error ?? `expected ${JSON.stringify(d.expected)} observed ${JSON.stringify(d.observed)}`}`);
  }
}
