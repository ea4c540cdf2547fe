#!/usr/bin/env node
/**
 * Benchmark of `release-safety upgrade-check` on the real 890 KB lightdash index (3,111 entries).
 *
 *   npm run build && node bench/upgrade-check.mjs [runs=20]
 *
 * Prints (1) the median wall time and CPU time (user + system) of the whole process,
 * `node dist/bin/release-safety.js upgrade-check …`, next to a bare `node -e ""`, node reading and
 * parsing the index, and `--version` for scale (issue 36: ≤ 1.4× `node -e ""`), and
 * (2) the in-process time of load + validate + evaluate, cold (first call: Ajv import and schema
 * compile included) and warm (median of later calls). Goal: process time < 0.2 s.
 * Wall time depends on what else the machine runs (the load average is printed); CPU time much less,
 * so the goal is judged on both, and the CPU figure is the one to compare across machines.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
// The package's bin: one file holding a plain upgrade-check (scripts/build-cli.mjs).
const cli = `${root}dist/bin/release-safety.js`;
const indexFile = `${root}fixtures/lightdash-index.json`;
const runs = Number(process.argv[2] ?? 20);
if (!existsSync(cli)) {
  console.error(`bench/upgrade-check.mjs: ${cli} is missing; run npm run build first`);
  process.exit(2);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value) => `${value.toFixed(1)} ms`;

// The child reports its own CPU time on exit: spawnSync has no rusage of the child.
const CPU_HOOK = 'data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write(`\\ncpu-ms=${(u.user+u.system)/1000}\\n`)})';

/** One process: wall and CPU time in ms. */
function timeOnce(args, expectedStatus) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', CPU_HOOK, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const wall = performance.now() - started;
  if (result.status !== expectedStatus) {
    console.error(`unexpected exit ${result.status} from node ${args.join(' ')}\n${result.stderr}`);
    process.exit(2);
  }
  return { wall, cpu: Number(/cpu-ms=([\d.]+)/.exec(result.stderr)?.[1] ?? NaN) };
}

const span = ['upgrade-check', '--from', '1.110.0', '--to', '1.125.0', '--index', indexFile];
// Interleaved rounds (one run of each command per round), so a change in the machine's load
// affects every command alike; medians per command.
const commands = {
  baseline: [['-e', ''], 0],
  readAndParse: [[`${root}bench/lib/index-floor.mjs`, indexFile], 0],
  version: [[cli, '--version'], 0],
  safeCheck: [[cli, 'upgrade-check', '--from', '1.121.0', '--to', '1.136.1', '--index', indexFile], 0],
  unsafeCheck: [[cli, ...span], 1],
  wholeIndex: [[cli, 'upgrade-check', '--from', '0.1893.0', '--to', '1.136.1', '--index', indexFile, '--json'], 1],
};
const samples = Object.fromEntries(Object.keys(commands).map((name) => [name, { wall: [], cpu: [] }]));
for (const [args, status] of Object.values(commands)) timeOnce(args, status); // warm-up: file cache
for (let run = 0; run < runs; run += 1) {
  for (const [name, [args, status]] of Object.entries(commands)) {
    const { wall, cpu } = timeOnce(args, status);
    samples[name].wall.push(wall);
    samples[name].cpu.push(cpu);
  }
}
const figure = (name) => ({ wall: median(samples[name].wall), cpu: median(samples[name].cpu) });
const [baseline, readAndParse, version, safeCheck, unsafeCheck, wholeIndex] = Object.keys(commands).map(figure);

// In-process: the same modules the command imports lazily.
let started = performance.now();
const { loadIndex } = await import(`${root}dist/span/load-index.js`);
const { evaluateSpan } = await import(`${root}dist/span/evaluate.js`);
const importTime = performance.now() - started;
const source = { kind: 'file', location: indexFile, origin: '--index' };
started = performance.now();
const cold = await loadIndex(source);
const coldLoad = performance.now() - started;
started = performance.now();
evaluateSpan(cold.index, '1.110.0', '1.125.0');
const coldEvaluate = performance.now() - started;
const warm = [];
for (let run = 0; run < runs; run += 1) {
  started = performance.now();
  const { index } = await loadIndex(source);
  evaluateSpan(index, '1.110.0', '1.125.0');
  warm.push(performance.now() - started);
}

const row = (label, { wall, cpu }) => console.log(`  ${label.padEnd(44)} wall ${ms(wall).padStart(9)}   cpu ${ms(cpu).padStart(9)}`);
console.log(`upgrade-check on fixtures/lightdash-index.json (890 KB, 3,111 entries), median of ${runs} interleaved rounds`);
console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
console.log('process:');
row('node -e ""', baseline);
row('node: read + JSON.parse of the index', readAndParse);
row('release-safety --version', version);
row('upgrade-check 1.121.0 → 1.136.1 (SAFE)', safeCheck);
row('upgrade-check 1.110.0 → 1.125.0 (UNSAFE)', unsafeCheck);
row('upgrade-check 0.1893.0 → 1.136.1 --json', wholeIndex);
console.log('in process:');
console.log(`  import span modules (incl. ajv)               ${ms(importTime)}`);
console.log(`  cold load (read + parse + Ajv compile + validate + structure) ${ms(coldLoad)}`);
console.log(`  cold evaluate                                ${ms(coldEvaluate)}`);
console.log(`  warm load + validate + evaluate (median)     ${ms(median(warm))}`);
const verdictOn = (field) => (Math.max(safeCheck[field], unsafeCheck[field]) < 200 ? 'met' : 'NOT met');
console.log(`goal < 200 ms per check: ${verdictOn('cpu')} on CPU time, ${verdictOn('wall')} on wall time`);
// Issue 36: the SAFE check's CPU time at most 1.4× a bare node's, measured in this run.
const ratio = safeCheck.cpu / baseline.cpu;
console.log(`goal ≤ 1.4× node -e "" (CPU): ${ratio.toFixed(2)}× — ${ratio <= 1.4 ? 'met' : 'NOT met'} (read + parse alone: ${(readAndParse.cpu / baseline.cpu).toFixed(2)}×)`);
