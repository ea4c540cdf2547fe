#!/usr/bin/env node
/**
 * `release-safety diff openapi` benchmark (docs/diff.md "Performance"). Run after the build:
 *
 *   node bench/diff-openapi.mjs [--runs 7]
 *
 * Two ~1 MB OpenAPI 3.0 specs (bench/gen-openapi.mjs: hundreds of component schemas, circular
 * refs), one operation apart, compared by the built CLI in a fresh process each run: the time a
 * pull-request check or an editor hook waits, start-up included. Also: the same pair as YAML,
 * identical specs, and `--version` as the floor of any command. Goal: < 0.5 s for the JSON pair.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { stringify as toYaml } from 'yaml';
import { generateSpec } from './gen-openapi.mjs';

const OUT = 'bench/.out/diff-openapi';
const TARGET_BYTES = 1024 * 1024;
const GOAL_MS = 500;
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 7;

/** The smallest generated spec of at least 1 MB (pretty JSON, as specs are usually committed). */
function specOfOneMegabyte(change) {
  for (let schemaCount = 200; ; schemaCount += 20) {
    const text = JSON.stringify(generateSpec({ schemaCount }), null, 2);
    if (text.length >= TARGET_BYTES) return { schemaCount, text: JSON.stringify(generateSpec({ schemaCount, change }), null, 2) };
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * A preloaded hook prints the process's CPU time (user + system) at exit: on a busy machine (CI
 * with two cores, parallel jobs) wall time mostly measures the neighbours, CPU time the command.
 */
const CPU_HOOK = `${OUT}/cpu-hook.mjs`;
const CPU_HOOK_SOURCE = "process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write(`\\ncpu-us ${u.user + u.system}\\n`); });\n";

/** Wall and CPU time of the CLI process (medians of RUNS), its exit code and its first output line. */
function timeCli(args) {
  const walls = [];
  const cpus = [];
  let last;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    last = spawnSync(process.execPath, ['--import', `./${CPU_HOOK}`, 'dist/cli/main.js', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 });
    walls.push(performance.now() - started);
    cpus.push(Number(/cpu-us (\d+)/.exec(last.stderr)?.[1] ?? NaN) / 1000);
  }
  if (last.status === 2) throw new Error(`release-safety ${args.join(' ')} failed: ${last.stderr}`);
  return { wall: median(walls), cpu: median(cpus), status: last.status, first: last.stdout.split('\n')[0] };
}

mkdirSync(OUT, { recursive: true });
writeFileSync(CPU_HOOK, CPU_HOOK_SOURCE);
const base = specOfOneMegabyte(false);
const revision = specOfOneMegabyte(true);
writeFileSync(`${OUT}/base.json`, base.text);
writeFileSync(`${OUT}/revision.json`, revision.text);
writeFileSync(`${OUT}/base.yaml`, toYaml(JSON.parse(base.text)));
writeFileSync(`${OUT}/revision.yaml`, toYaml(JSON.parse(revision.text)));
const mb = (text) => (text.length / 1024 / 1024).toFixed(2);
console.log(`specs: ${mb(base.text)} MB and ${mb(revision.text)} MB JSON, ${base.schemaCount} component schemas; ${RUNS} runs each, medians`);

const rows = [
  ['--version (process floor)', ['--version']],
  ['diff openapi, 1 MB JSON pair, one change', ['diff', 'openapi', `${OUT}/base.json`, `${OUT}/revision.json`]],
  ['diff openapi --json, same pair', ['diff', 'openapi', '--json', `${OUT}/base.json`, `${OUT}/revision.json`]],
  ['diff openapi, identical 1 MB specs', ['diff', 'openapi', `${OUT}/base.json`, `${OUT}/base.json`]],
  ['diff openapi, same pair as YAML', ['diff', 'openapi', `${OUT}/base.yaml`, `${OUT}/revision.yaml`]],
];
let jsonPair;
console.log(`${'case'.padEnd(44)} ${'wall'.padStart(8)} ${'cpu'.padStart(8)}`);
for (const [label, args] of rows) {
  const timing = timeCli(args);
  if (label.startsWith('diff openapi, 1 MB JSON')) jsonPair = timing;
  console.log(`${label.padEnd(44)} ${timing.wall.toFixed(0).padStart(5)} ms ${timing.cpu.toFixed(0).padStart(5)} ms  exit ${timing.status}  ${timing.first.slice(0, 80)}`);
}
console.log(`goal < ${GOAL_MS} ms for the JSON pair: CPU ${jsonPair.cpu < GOAL_MS ? 'met' : 'NOT met'}, wall ${jsonPair.wall < GOAL_MS ? 'met' : 'NOT met'} (load average ${(await import('node:os')).loadavg()[0].toFixed(1)})`);
