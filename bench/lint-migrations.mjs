#!/usr/bin/env node
/**
 * `release-safety lint-migrations` benchmark (docs/diff.md "Performance"). Run after the build:
 *
 *   node bench/lint-migrations.mjs [--count 250] [--runs 3]
 *
 * 250 generated knex migrations of realistic shapes (bench/gen-knex-migrations.mjs: schema builder,
 * raw SQL, data updates, imported table names) and the same number of `.sql` files, each linted by
 * the built CLI in one fresh process: files read from disk, extracted (@babel/parser + knex replay),
 * classified (PostgreSQL grammar + rules), reported as --json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { generateMigrations } from './gen-knex-migrations.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const COUNT = option('--count', 250);
const RUNS = option('--runs', 3);
const OUT = 'bench/.out/lint-migrations';
const CPU_HOOK = `${OUT}/cpu-hook.mjs`;

rmSync(OUT, { recursive: true, force: true });
for (const file of generateMigrations({ count: COUNT })) {
  mkdirSync(join(OUT, 'knex', dirname(file.path)), { recursive: true });
  writeFileSync(join(OUT, 'knex', file.path), file.text);
}
/** SQL files: index builds, columns, constraints and data fixes on a handful of existing tables. */
const SQL_SHAPES = [
  (i) => `CREATE INDEX CONCURRENTLY IF NOT EXISTS t${i % 7}_c${i}_idx ON projects (c${i});\n`,
  (i) => `SET lock_timeout = '2s';\nALTER TABLE spaces ADD COLUMN c${i} text;\n`,
  (i) => `ALTER TABLE dashboards ADD CONSTRAINT dashboards_c${i}_check CHECK (c${i} > 0) NOT VALID;\nALTER TABLE dashboards VALIDATE CONSTRAINT dashboards_c${i}_check;\n`,
  (i) => `UPDATE saved_charts SET c${i} = lower(c${i}) WHERE id < 1000;\n`,
  (i) => `CREATE TABLE t${i} (id serial PRIMARY KEY, name text NOT NULL);\nCREATE INDEX t${i}_name_idx ON t${i} (name);\n`,
];
mkdirSync(join(OUT, 'sql'), { recursive: true });
const sqlFiles = [];
for (let i = 0; i < COUNT; i += 1) {
  const path = join(OUT, 'sql', `${String(i).padStart(4, '0')}_change.sql`);
  writeFileSync(path, SQL_SHAPES[i % SQL_SHAPES.length](i));
  sqlFiles.push(path);
}
const knexFiles = generateMigrations({ count: COUNT }).filter((file) => file.path.startsWith('migrations/')).map((file) => join(OUT, 'knex', file.path)).sort();
writeFileSync(CPU_HOOK, "process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write(`\\ncpu-us ${u.user + u.system}\\n`); });\n");

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timeLint(files) {
  const walls = [];
  const cpus = [];
  let report;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const result = spawnSync(process.execPath, ['--import', `./${CPU_HOOK}`, 'dist/cli/main.js', 'lint-migrations', '--json', ...files], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    walls.push(performance.now() - started);
    cpus.push(Number(/cpu-us (\d+)/.exec(result.stderr)?.[1] ?? NaN) / 1000);
    if (result.status === 2) throw new Error(`lint-migrations failed: ${result.stderr}`);
    report = JSON.parse(result.stdout);
  }
  const clean = report.files.filter((file) => file.clean).length;
  const unknown = report.files.filter((file) => Object.values(file.heaviness).includes('unknown')).length;
  return { wall: median(walls), cpu: median(cpus), files: report.files.length, clean, unknown };
}

console.log(`${RUNS} runs each, medians; one process per run, start-up included`);
for (const [label, files] of [['knex .ts migrations', knexFiles], ['.sql migrations', sqlFiles]]) {
  const t = timeLint(files);
  console.log(`${String(t.files).padStart(4)} ${label.padEnd(20)} wall ${t.wall.toFixed(0).padStart(5)} ms  cpu ${t.cpu.toFixed(0).padStart(5)} ms  (${(t.cpu / t.files).toFixed(1)} ms/file)  clean ${t.clean}, unknown ${t.unknown}`);
}
console.log(`load average ${loadavg()[0].toFixed(1)}`);
