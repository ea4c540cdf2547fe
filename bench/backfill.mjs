#!/usr/bin/env node
/**
 * Times `backfill` + `index` over a synthetic 500-release history (bench/gen-history.mjs), per
 * release and in total, with one job and with every core; then one `generate` for a pair that
 * changes nothing, against `git diff --name-status` + reading the spec blob ids.
 *
 *   npm run build && node bench/backfill.mjs [--releases 500] [--repeat 5]
 *
 * Needs the built CLI (dist/). Prints a markdown table of the figures (docs/index.md keeps a copy).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
};
const releases = Number(option('--releases', '500'));
const repeat = Number(option('--repeat', '5'));
const root = resolve(new URL('..', import.meta.url).pathname);
const out = resolve(root, 'bench/.out');
const repo = resolve(out, 'history');
const cli = resolve(root, 'dist/cli/main.js');
if (!existsSync(cli)) {
  console.error('bench/backfill.mjs: build first (npm run build)');
  process.exit(2);
}

function run(command, commandArgs, options = {}) {
  const started = performance.now();
  const result = spawnSync(command, commandArgs, { cwd: options.cwd ?? root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } });
  const ms = performance.now() - started;
  if (result.status !== 0 && !options.allowFailure) throw new Error(`${command} ${commandArgs.join(' ')} exited ${result.status}: ${result.stderr}`);
  return { ms, stdout: result.stdout, stderr: result.stderr, status: result.status };
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];
const fmt = (ms) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

mkdirSync(out, { recursive: true });
const generated = run(process.execPath, [resolve(root, 'bench/gen-history.mjs'), repo, '--releases', String(releases)]);
const history = JSON.parse(generated.stdout);
const kinds = new Map(JSON.parse(readFileSync(`${repo}.releases.json`, 'utf8')).map((entry) => [entry.version, entry.kind]));
console.log(`history: ${history.releases} release tags (${history.first} → ${history.last}), spec ${(history.specBytes / 1e6).toFixed(2)} MB, changes ${JSON.stringify(history.counts)}, built in ${fmt(generated.ms)} (git fast-import)`);

const cores = availableParallelism();
const jobCounts = [...new Set([1, cores])];
const rows = [];
for (const jobs of jobCounts) {
  const artifacts = resolve(out, `artifacts-jobs-${jobs}`);
  rmSync(artifacts, { recursive: true, force: true });
  const backfill = run(process.execPath, [cli, 'backfill', '--repo', repo, '--from', history.first, '--to', history.last, '--out-dir', artifacts, '--jobs', String(jobs), '--json']);
  const summary = JSON.parse(backfill.stdout);
  const indexFile = resolve(out, `index-jobs-${jobs}.json`);
  const index = run(process.execPath, [cli, 'index', '--artifacts', artifacts, '--repo', repo, '--out', indexFile]);
  const byKind = {};
  for (const result of summary.results) (byKind[kinds.get(result.version) ?? 'other'] ??= []).push(result.ms);
  rows.push({ jobs, backfillMs: backfill.ms, indexMs: index.ms, summary, byKind });
}

console.log('\n| jobs | backfill total | per release (wall / releases) | index | backfill + index | failed closed |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) {
  const failed = row.summary.results.filter((result) => result.status === 'failed').length;
  console.log(`| ${row.jobs} | ${fmt(row.backfillMs)} | ${(row.backfillMs / row.summary.results.length).toFixed(1)} ms | ${fmt(row.indexMs)} | ${fmt(row.backfillMs + row.indexMs)} | ${failed} |`);
}
console.log('\nTime of one release inside a job (generate + write), by kind of change (jobs = 1):\n');
console.log('| kind | releases | median | p90 | max |');
console.log('|---|---|---|---|---|');
for (const [kind, values] of Object.entries(rows[0].byKind).sort()) {
  console.log(`| ${kind} | ${values.length} | ${fmt(median(values))} | ${fmt(quantile(values, 0.9))} | ${fmt(Math.max(...values))} |`);
}

// ---- a pair that changes nothing any stage looks at.
// The first release after the tenth whose only change is an ordinary source file.
const list = [...kinds.keys()];
const to = list.find((version, position) => position > 10 && kinds.get(version) === 'other');
const from = list[list.indexOf(to) - 1];
const noop = { cli: [], git: [], inProcess: [] };
for (let i = 0; i < repeat; i++) {
  noop.cli.push(run(process.execPath, [cli, 'generate', '--repo', repo, '--from', from, '--to', to, '--out', resolve(out, 'noop.json'), '--quiet']).ms);
  const started = performance.now();
  run('git', ['diff', '--name-status', from, to], { cwd: repo });
  run('git', ['rev-parse', `${from}:api/openapi.json`, `${to}:api/openapi.json`], { cwd: repo });
  noop.git.push(performance.now() - started);
}
const { openRepository } = await import(pathToFileURL(resolve(root, 'dist/git/index.js')).href);
const { generateRelease } = await import(pathToFileURL(resolve(root, 'dist/generate/generate.js')).href);
for (let i = 0; i <= repeat; i++) {
  const started = performance.now();
  const repository = await openRepository(repo);
  await generateRelease(repository, { from, to });
  await repository.close();
  if (i > 0) noop.inProcess.push(performance.now() - started); // the first run loads the modules
}
// As backfill runs it: one repository session for many pairs. Each sample is a quiet pair (ordinary
// files only) this session has not compared yet: its refs, head tree and diff are new.
noop.inSession = [];
const session = await openRepository(repo);
const quietHeads = list.filter((version, position) => position > list.indexOf(to) && kinds.get(version) === 'other').slice(0, repeat + 1);
for (const [i, head] of quietHeads.entries()) {
  const started = performance.now();
  await generateRelease(session, { from: list[list.indexOf(head) - 1], to: head });
  if (i > 0) noop.inSession.push(performance.now() - started); // the first one warms the session
}
await session.close();
console.log(`\nOne generate for a pair that changes nothing (${from} → ${to}; median of ${repeat}):\n`);
console.log('| measured | time | vs git |');
console.log('|---|---|---|');
const gitMs = median(noop.git);
console.log(`| git diff --name-status + git rev-parse of both spec blob ids (2 processes) | ${fmt(gitMs)} | 1.0× |`);
console.log(`| generate in process (open repository, both trees, diff, stages, close) | ${fmt(median(noop.inProcess))} | ${(median(noop.inProcess) / gitMs).toFixed(1)}× |`);
console.log(`| generate in process, repository session already open (as in backfill; next pairs) | ${fmt(median(noop.inSession))} | ${(median(noop.inSession) / gitMs).toFixed(1)}× |`);
console.log(`| release-safety generate CLI (includes Node start-up) | ${fmt(median(noop.cli))} | ${(median(noop.cli) / gitMs).toFixed(1)}× |`);
console.log(`\ncores: ${cores}; node ${process.version}`);
