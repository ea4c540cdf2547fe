#!/usr/bin/env node
/**
 * ClickHouse migrations (synthetic, langfuse-shaped): 300 golang-migrate files, 150 per deployment
 * shape (`clustered/` with `ON CLUSTER default … SETTINGS`, `unclustered/` without), cycling the kinds
 * of change langfuse and umami ship (ADD COLUMN with a constant default, ADD INDEX + MATERIALIZE
 * INDEX, MODIFY COLUMN type, DROP TABLE, CREATE TABLE, RENAME COLUMN).
 *
 * 1. warm classification per file (the ClickHouse reader + rules, in process): best of 3 passes;
 * 2. `generate` on a real git repository with the built CLI: a release adding all 300 files, and a
 *    release touching none of them (a README edit) beside its floor — the same repository with
 *    `migrations: false` (no migrations stage at all) — so "a release touching none costs nothing"
 *    is measured, not assumed.
 *
 * The machine is shared: `generate` is timed in CPU ms (process + git children), best of the rounds.
 *
 *   npm run build && node bench/clickhouse.mjs [--count 300] [--rounds 3]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { measure } from './lib/measure.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const count = Number(option('--count', 300));
const rounds = Number(option('--rounds', 3));

const CHANGES = [
  (t, c) => `ALTER TABLE traces${c} ADD COLUMN environment_N LowCardinality(String) DEFAULT 'default' AFTER project_id${c ? ' SETTINGS alter_sync = 2' : ''};`,
  (t, c) => `ALTER TABLE traces${c} ADD INDEX IF NOT EXISTS idx_N user_id TYPE bloom_filter() GRANULARITY 1${c ? ' SETTINGS alter_sync = 2' : ''};\nALTER TABLE traces${c} MATERIALIZE INDEX IF EXISTS idx_N${c ? ' SETTINGS mutations_sync = 2' : ''};`,
  (t, c) => `ALTER TABLE scores${c} MODIFY COLUMN trace_N Nullable(String)${c ? ' SETTINGS mutations_sync = 2' : ''};`,
  (t, c) => `-- Drop the old table\nDROP TABLE IF EXISTS traces_null_N${c};`,
  (t, c) => `CREATE TABLE event_log_N${c}\n(\n    \`id\` String,\n    \`project_id\` String,\n    \`created_at\` DateTime64(3) DEFAULT now()\n) ENGINE = ${c ? 'ReplicatedMergeTree' : 'MergeTree'}()\nORDER BY (project_id, id);`,
  (t, c) => `ALTER TABLE umami.website_event${c} RENAME COLUMN "subdivision_N" TO "region_N";`,
];
const DIR = 'packages/shared/clickhouse/migrations';

function migrationFiles() {
  const files = {};
  for (let i = 1; i <= count; i++) {
    const shape = i % 2 === 0 ? 'clustered' : 'unclustered';
    const cluster = shape === 'clustered' ? ' ON CLUSTER default' : '';
    const version = String(Math.ceil(i / 2)).padStart(4, '0');
    const up = CHANGES[Math.ceil(i / 2) % CHANGES.length]('', cluster).replace(/_N/g, `_${i}`);
    files[`${DIR}/${shape}/${version}_change.up.sql`] = `${up}\n`;
    files[`${DIR}/${shape}/${version}_change.down.sql`] = 'SELECT 1;\n';
  }
  return files;
}

// 1. Warm classification per file, in process.
const { classifyClickHouseMigration } = await import(new URL('../dist/stages/migrations/clickhouse/classify.js', import.meta.url).href);
const ups = Object.entries(migrationFiles()).filter(([path]) => path.endsWith('.up.sql'));
let best = Infinity;
let coldMs;
for (let round = 0; round <= rounds; round++) {
  const started = performance.now();
  for (const [path, text] of ups) classifyClickHouseMigration(path, text);
  const ms = performance.now() - started;
  if (round === 0) coldMs = ms;
  else best = Math.min(best, ms);
}
console.log(`${ups.length} ClickHouse files (synthetic): warm classification ${(best / ups.length).toFixed(3)} ms/file (best of ${rounds}), first pass ${(coldMs / ups.length).toFixed(3)} ms/file`);

// 2. generate over a real repository.
function repo(migrations) {
  const dir = mkdtempSync(join(tmpdir(), 'rs-bench-ch-'));
  const git = (...a) => execFileSync('git', a, { cwd: dir, encoding: 'utf8' });
  const write = (files) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  };
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'bench@example.com');
  git('config', 'user.name', 'bench');
  const config = { migrations, openapi: false, mcpTools: false, env: false, routes: false };
  write({ 'release-safety.config.json': JSON.stringify(config), [`${DIR}/clustered/0000_init.up.sql`]: 'CREATE TABLE traces ON CLUSTER default (id String) ENGINE = ReplicatedMergeTree() ORDER BY id;\n', [`${DIR}/unclustered/0000_init.up.sql`]: 'CREATE TABLE traces (id String) ENGINE = MergeTree() ORDER BY id;\n', 'README.md': 'v1\n' });
  git('add', '-A');
  git('commit', '-qm', '1.0.0');
  git('tag', '1.0.0');
  write(migrationFiles());
  git('add', '-A');
  git('commit', '-qm', '1.1.0');
  git('tag', '1.1.0');
  write({ 'README.md': 'v2\n' });
  git('add', '-A');
  git('commit', '-qm', '1.2.0');
  git('tag', '1.2.0');
  return dir;
}
const cli = new URL('../dist/bin/release-safety.js', import.meta.url).pathname;
const judged = repo([{ dir: DIR, edition: 'core', dialect: 'clickhouse' }]);
const floorRepo = repo(false);
const run = (dir, from, to) => {
  const times = [];
  for (let round = 0; round < rounds; round++) {
    const result = measure(process.execPath, [cli, 'generate', '--repo', dir, '--from', from, '--to', to, '--out', join(dir, 'out.json'), '--quiet']);
    if (result.status !== 0 && result.status !== 1) throw new Error(result.stderr);
    times.push(result.cpuMs);
  }
  return Math.min(...times);
};
const added = run(judged, '1.0.0', '1.1.0');
const none = run(judged, '1.1.0', '1.2.0');
const floor = run(floorRepo, '1.1.0', '1.2.0');
console.log(`generate (built CLI, real git, synthetic; CPU ms, best of ${rounds}, git included): release adding ${ups.length} ClickHouse files ${added.toFixed(0)} ms; release touching none ${none.toFixed(0)} ms beside its floor (same repository, migrations: false) ${floor.toFixed(0)} ms (${none - floor >= 0 ? '+' : ''}${(none - floor).toFixed(0)} ms)`);
rmSync(judged, { recursive: true, force: true });
rmSync(floorRepo, { recursive: true, force: true });
