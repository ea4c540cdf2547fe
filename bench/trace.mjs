#!/usr/bin/env node
/**
 * The trace's cost on a service with ~200 SQL migrations: 40 tables, each created and then changed
 * (columns, indexes, foreign keys, backfills) over 200 files. Release v2 adds 3 migrations; v3 adds 2
 * more on top of v2.
 *
 *   npm run build && node bench/trace.mjs
 *
 * Rows (each a whole `release-safety trace` process, cache folder in a temporary directory):
 * - cold: empty cache: PGlite initdb + replay of 200 migrations + seed + run;
 * - warm: the same pair again: the `from` schema loads from the cache;
 * - next release (v2 → v3): the cached v1 schema plus v2's 3 migrations replayed;
 * - --no-cache: what every run would cost without the cache (initdb + replay each time).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const cli = join(root, 'dist', 'cli', 'main.js');
if (!existsSync(cli)) {
  console.error(`bench/trace.mjs: ${cli} is missing; run npm run build first`);
  process.exit(2);
}
const work = mkdtempSync(join(tmpdir(), 'rs-bench-trace-'));
const repo = join(work, 'service');
const cache = join(work, 'cache');
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', NO_COLOR: '1', RELEASE_SAFETY_CACHE_DIR: cache };
const git = (...args) => execFileSync('git', args, { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'] });
const write = (files) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
};
const commitAndTag = (tag) => {
  git('add', '-A');
  git('commit', '-q', '-m', tag);
  git('tag', tag);
};

mkdirSync(repo, { recursive: true });
git('init', '-q');
git('config', 'user.email', 'bench@example.com');
git('config', 'user.name', 'bench');
const TABLES = 40;
const files = { 'release-safety.config.json': JSON.stringify({ migrations: [{ dir: 'db/migrations', edition: 'core' }] }) };
let number = 0;
const migration = (sql) => {
  number++;
  files[`db/migrations/${String(number).padStart(4, '0')}_step.sql`] = sql;
};
for (let table = 0; table < TABLES; table++) {
  migration(`CREATE TABLE t${table} (id bigserial PRIMARY KEY, name varchar(100) NOT NULL, created_at timestamptz NOT NULL DEFAULT now());`);
}
for (let table = 0; table < TABLES; table++) {
  migration(`ALTER TABLE t${table} ADD COLUMN note text;`);
  migration(`CREATE INDEX t${table}_name_idx ON t${table} (name);`);
  migration(table === 0 ? 'ALTER TABLE t0 ADD COLUMN parent_id bigint;' : `ALTER TABLE t${table} ADD COLUMN t0_id bigint REFERENCES t0 (id);`);
  migration(`UPDATE t${table} SET note = name WHERE note IS NULL;`);
}
write(files);
commitAndTag('v1');
write({
  'db/migrations/0201_add_status.sql': "SET lock_timeout = '5s';\nALTER TABLE t1 ADD COLUMN status text NOT NULL DEFAULT 'new';",
  'db/migrations/0202_index.sql': 'CREATE INDEX t2_note_idx ON t2 (note);',
  'db/migrations/0203_type.sql': 'ALTER TABLE t3 ALTER COLUMN name TYPE text;',
});
commitAndTag('v2');
write({ 'db/migrations/0204_not_null.sql': 'ALTER TABLE t4 ALTER COLUMN note SET NOT NULL;', 'db/migrations/0205_backfill.sql': "UPDATE t5 SET note = 'x';" });
commitAndTag('v3');

function run(label, from, to, extra = []) {
  const start = performance.now();
  const out = execFileSync('node', [cli, 'trace', '--repo', repo, '--from', from, '--to', to, '--seed-rows', '1000', '--json', ...extra], { env, maxBuffer: 64 * 1024 * 1024 });
  const wall = Math.round(performance.now() - start);
  const report = JSON.parse(out.toString());
  console.log(`${label.padEnd(34)} ${String(wall).padStart(6)} ms wall   cache ${report.cache.padEnd(6)} state ${report.timings.state} ms (start ${report.timings.start ?? '?'}, replay ${report.timings.replay ?? '?'}, cache write ${report.timings.cacheWrite ?? '?'}), seed ${report.timings.seed} ms, run ${report.timings.observe} ms; replayed ${report.replay.files} files (${report.replay.failures.length} failures)`);
}

console.log(`trace bench: ${number} migrations at v1, load average ${loadavg()[0].toFixed(1)}`);
run('cold (empty cache), v1 → v2', 'v1', 'v2');
run('warm (same pair again), v1 → v2', 'v1', 'v2');
run('next release, v2 → v3', 'v2', 'v3');
run('--no-cache, v1 → v2', 'v1', 'v2', ['--no-cache']);
console.log(`load average after: ${loadavg()[0].toFixed(1)}`);
rmSync(work, { recursive: true, force: true });
