#!/usr/bin/env node
/**
 * The five speed and memory targets of issue 21, each beside its floor, in one run (the README's
 * "Performance" table is this output):
 *
 *   1. upgrade-check on the real 890 KB index ≤ 1.6× `node -e ""` (CPU);
 *   2. lint-migrations ≤ 1.3× its floor (node + loading libpg-query + one parse of the same file),
 *      on 2,000 statements and on one statement; squawk beside it when it is installed;
 *   3. generate ≤ 3× / ≤ 4× its I/O floor: bench/generate-ratio.mjs, when present;
 *   4. backfill memory and time: bench/backfill-ratio.mjs, when present;
 *   5. start-up of the bundled CLI: `--version` beside `node -e ""` and beside the unbundled tsc
 *      output (the bundle exists because module resolution cost more than 20 ms).
 *
 *   npm run build && node bench/ratios.mjs [--runs 9] [--json] [--skip generate,backfill]
 *
 * Targets 1, 2 and 5 are measured in interleaved rounds (every command once per round, medians), so
 * a busy moment on the machine hits all of them alike. CPU is user + system time of the whole process
 * (every thread: compiler and GC threads included), taken by the process itself on exit. The load
 * average is printed beside the figures: the machine may be shared.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const cli = join(root, manifest.bin['release-safety']);
const indexFile = join(root, 'fixtures', 'lightdash-index.json');

const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 9;
const skipped = new Set(args.includes('--skip') ? args[args.indexOf('--skip') + 1].split(',') : []);
const json = args.includes('--json');

// The child reports its own CPU time on exit (spawnSync gives no rusage of a child).
const CPU_HOOK = `data:text/javascript,${encodeURIComponent('process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write(`\\nrs-cpu-us=${u.user+u.system}\\n`)})')}`;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** One node process: CPU (ms, from the hook) and wall (ms). */
function timeNode(nodeArgs, expectedStatus) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', CPU_HOOK, ...nodeArgs], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 256 * 1024 * 1024 });
  const wall = performance.now() - started;
  if (!expectedStatus.includes(result.status)) throw new Error(`node ${nodeArgs.join(' ')} exited ${result.status}: ${result.stderr.slice(0, 2000)}`);
  const cpu = Number(/rs-cpu-us=(\d+)/.exec(result.stderr)?.[1]) / 1000;
  return { cpu, wall };
}

/** A native program (squawk) under GNU time: CPU at 10 ms resolution. */
function timeNative(command, commandArgs) {
  const result = spawnSync('/usr/bin/time', ['-f', 'rs-time %U %S', command, ...commandArgs], { encoding: 'utf8' });
  // 127: not installed (GNU time could not run it).
  if (result.error || result.status === 127) return undefined;
  const match = /rs-time ([\d.]+) ([\d.]+)/.exec(result.stderr ?? '');
  return match ? { cpu: (Number(match[1]) + Number(match[2])) * 1000, wall: Number.NaN } : undefined;
}

function sqlFiles(folder) {
  const shapes = [
    (i) => `CREATE INDEX CONCURRENTLY IF NOT EXISTS projects_c${i}_idx ON projects (c${i});`,
    () => "SET lock_timeout = '2s';",
    (i) => `ALTER TABLE spaces ADD COLUMN c${i} text;`,
    (i) => `ALTER TABLE dashboards ADD CONSTRAINT dashboards_c${i}_check CHECK (c${i} > 0) NOT VALID;`,
    (i) => `UPDATE saved_charts SET c${i} = lower(c${i}) WHERE id < 1000;`,
    (i) => `CREATE TABLE t${i} (id serial PRIMARY KEY, name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());`,
    (i) => `CREATE INDEX t${i - 1}_name_idx ON t${i - 1} (name);`,
    (i) => `ALTER TABLE dashboards VALIDATE CONSTRAINT dashboards_c${i - 4}_check;`,
  ];
  const many = join(folder, '0001_many.sql');
  const one = join(folder, '0002_one.sql');
  writeFileSync(many, `${Array.from({ length: 2000 }, (_, i) => shapes[i % shapes.length](i)).join('\n')}\n`);
  writeFileSync(one, "SET lock_timeout = '2s';\nALTER TABLE spaces ADD COLUMN note text;\n");
  return { many, one };
}

function startupAndLintRatios() {
  if (!existsSync(cli)) throw new Error(`bench/ratios.mjs: ${cli} is missing; run npm run build first`);
  const work = mkdtempSync(join(tmpdir(), 'rs-bench-ratios-'));
  try {
    const { many, one } = sqlFiles(work);
    const lintFloor = join(root, 'bench', 'lib', 'lint-floor.mjs');
    const span = ['upgrade-check', '--from', '1.121.0', '--to', '1.136.1', '--index', indexFile];
    const figures = {
      node: () => timeNode(['-e', ''], [0]),
      version: () => timeNode([cli, '--version'], [0]),
      versionUnbundled: () => timeNode([join(root, 'dist', 'cli', 'main.js'), '--version'], [0]),
      indexFloor: () => timeNode([join(root, 'bench', 'lib', 'index-floor.mjs'), indexFile], [0]),
      upgradeCheck: () => timeNode([cli, ...span], [0]),
      manyFloor: () => timeNode([lintFloor, many], [0]),
      manyFloorLiftoff: () => timeNode([lintFloor, many, '--liftoff-only'], [0]),
      many: () => timeNode([cli, 'lint-migrations', many], [0, 1]),
      oneFloor: () => timeNode([lintFloor, one], [0]),
      oneFloorLiftoff: () => timeNode([lintFloor, one, '--liftoff-only'], [0]),
      one: () => timeNode([cli, 'lint-migrations', one], [0, 1]),
    };
    for (const run of Object.values(figures)) run(); // warm-up: file cache
    const samples = Object.fromEntries(Object.keys(figures).map((name) => [name, { cpu: [], wall: [] }]));
    for (let round = 0; round < runs; round++) {
      for (const [name, run] of Object.entries(figures)) {
        const { cpu, wall } = run();
        samples[name].cpu.push(cpu);
        samples[name].wall.push(wall);
      }
    }
    const cpu = (name) => Math.round(median(samples[name].cpu));
    const wall = (name) => Math.round(median(samples[name].wall));
    const squawkMany = timeNative('squawk', [many]);
    const squawkOne = squawkMany && timeNative('squawk', [one]);
    const squawk = (measured, issueFigure) => (measured ? `squawk ${Math.round(measured.cpu)} ms` : `squawk not installed here (issue 21 measured ${issueFigure} ms)`);
    const row = (target, what, name, floorName, floorWhat, limit, peer) => ({
      target,
      what,
      cpuMs: cpu(name),
      wallMs: wall(name),
      floorCpuMs: cpu(floorName),
      floorWallMs: wall(floorName),
      floorWhat,
      ratio: Number((cpu(name) / cpu(floorName)).toFixed(2)),
      limit,
      met: cpu(name) / cpu(floorName) <= limit,
      ...(peer ? { peer } : {}),
    });
    return {
      rows: [
        row(1, 'upgrade-check 1.121.0 → 1.136.1 on the real 890 KB index (3,111 entries)', 'upgradeCheck', 'node', 'node -e ""', 1.6, `read + JSON.parse of the index ${cpu('indexFloor')} ms`),
        row(2, 'lint-migrations, 2,000 statements', 'many', 'manyFloor', 'node + libpg-query + one parse', 1.3, `same floor with Liftoff-only ${cpu('manyFloorLiftoff')} ms (ratio ${(cpu('many') / cpu('manyFloorLiftoff')).toFixed(2)}×); ${squawk(squawkMany, 119)}`),
        row(2, 'lint-migrations, one statement', 'one', 'oneFloor', 'node + libpg-query + one parse', 1.3, `same floor with Liftoff-only ${cpu('oneFloorLiftoff')} ms (ratio ${(cpu('one') / cpu('oneFloorLiftoff')).toFixed(2)}×); ${squawk(squawkOne, 70)}`),
        row(5, 'start-up of the bundled CLI: --version', 'version', 'node', 'node -e ""', (cpu('node') + 20) / cpu('node'), `limit: ≤ 20 ms over node; the unbundled tsc output (dist/cli/main.js) ${cpu('versionUnbundled')} ms`),
      ],
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Targets 3 and 4 come from their own scripts (another branch writes them); absent ones are reported as such. */
async function delegated(script, exportName, target) {
  const path = join(root, 'bench', script);
  if (skipped.has(script.replace(/-ratio\.mjs$/, ''))) return { target, skipped: `--skip ${script}` };
  if (!existsSync(path)) return { target, skipped: `bench/${script} not present` };
  const module = await import(pathToFileURL(path).href);
  const result = module[exportName]({ runs: script.startsWith('backfill') ? 1 : Math.min(runs, 5) });
  return { target, result, text: module.formatRows(result) };
}

const started = performance.now();
const own = startupAndLintRatios();
const generate = await delegated('generate-ratio.mjs', 'generateRatios', 3);
const backfill = await delegated('backfill-ratio.mjs', 'backfillRatios', 4);
const context = { node: process.version, cpus: cpus().length, loadAverage: loadavg().map((value) => value.toFixed(2)).join(' '), runs, seconds: Math.round((performance.now() - started) / 1000) };

if (json) {
  console.log(JSON.stringify({ context, rows: own.rows, generate, backfill }, null, 2));
} else {
  console.log(`Issue 21 targets: CPU (user + sys), median of ${runs} interleaved rounds; node ${context.node}, ${context.cpus} CPUs, load average ${context.loadAverage}\n`);
  console.log('| target | command | CPU (wall) | floor: what | floor CPU (wall) | ratio | limit | met | beside it |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of own.rows) {
    console.log(`| ${row.target} | ${row.what} | ${row.cpuMs} ms (${row.wallMs} ms) | ${row.floorWhat} | ${row.floorCpuMs} ms (${row.floorWallMs} ms) | ${row.ratio}× | ≤ ${row.limit.toFixed(2)}× | ${row.met ? 'yes' : 'no'} | ${row.peer ?? ''} |`);
  }
  for (const part of [generate, backfill]) console.log(`\n### target ${part.target}\n${part.text ?? part.skipped}`);
}
