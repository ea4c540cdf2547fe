#!/usr/bin/env node
/**
 * REST stage benchmark (docs/rest.md "Performance"). Run after `npm run build`:
 *
 *   node bench/rest.mjs
 *
 * (a) two ~1.5 MB specs one changed operation apart, through the whole stage (read, parse,
 *     validate, model, fingerprint, diff, rules): cold in a fresh process, and warm;
 * (b) identical specs: the stage decides from the blob ids, with no read and no parse;
 * (c) for scale: the same pair as YAML, and every operation changed. (swagger-parser's validate()
 * alone took 274–281 ms cold per spec when it was measured, which is why it is not used; docs/rest.md.)
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { stringify as toYaml } from 'yaml';
import { generateSpec } from './gen-openapi.mjs';

const SPEC_PATH = 'openapi.json';

function blobId(text) {
  return createHash('sha1').update(text).digest('hex');
}

/** A StageInput over two in-memory texts (as the generate command builds from git). */
export function inputFor(baseText, headText, path = SPEC_PATH) {
  const reads = { count: 0 };
  return {
    reads,
    input: {
      config: { openapi: path },
      postgresVersion: 16,
      changes: baseText === headText ? [] : [{ status: 'modified', path }],
      trees: { base: new Map([[path, blobId(baseText)]]), head: new Map([[path, blobId(headText)]]) },
      read: async (side) => {
        reads.count += 1;
        return side === 'base' ? baseText : headText;
      },
    },
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timeStage(baseText, headText, path, runs) {
  const { restStage } = await import('../dist/stages/rest/index.js');
  const times = [];
  let result;
  let reads = 0;
  for (let run = 0; run < runs; run += 1) {
    const { input, reads: counter } = inputFor(baseText, headText, path);
    const started = performance.now();
    result = await restStage.run(input);
    times.push(performance.now() - started);
    reads = counter.count;
  }
  return { ms: median(times), result, reads };
}

const OUT = new URL('./.out/', import.meta.url);
const outFile = (kind, side) => new URL(`rest-${kind}-${side}.txt`, OUT);

// A child process measures one cold run: module loading included; Node start-up and reading the
// two texts (git's job in the CLI) excluded.
if (process.argv[2] === '--cold-child') {
  const [, , , kind, path] = process.argv;
  const base = readFileSync(outFile(kind, 'base'), 'utf8');
  const head = readFileSync(outFile(kind, 'head'), 'utf8');
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const { restStage } = await import('../dist/stages/rest/index.js');
  const { input } = inputFor(base, head, path);
  const result = await restStage.run(input);
  const cpu = process.cpuUsage(cpuBefore);
  process.stdout.write(JSON.stringify({ ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, changes: result.section.changes }));
  process.exit(0);
}

function texts(kind) {
  const base = generateSpec();
  const changed = generateSpec({ change: true });
    // No anchors/aliases: generated YAML specs spell every object out.
  if (kind === 'yaml') return { base: toYaml(base, { aliasDuplicateObjects: false }), head: toYaml(changed, { aliasDuplicateObjects: false }), path: 'openapi.yaml' };
  if (kind === 'all') {
    const everyOperation = generateSpec();
    for (const item of Object.values(everyOperation.paths)) for (const operation of Object.values(item)) if (operation.responses) operation.summary = `${operation.summary ?? ''} (edited)`;
    for (const item of Object.values(everyOperation.paths)) for (const operation of Object.values(item)) if (operation.responses?.default) operation.responses.default = { ...operation.responses.default, description: 'Edited error' };
    return { base: JSON.stringify(base, null, 2), head: JSON.stringify(everyOperation, null, 2), path: SPEC_PATH };
  }
  return { base: JSON.stringify(base, null, 2), head: JSON.stringify(changed, null, 2), path: SPEC_PATH };
}

function cold(kind, runs = 5) {
  const { base, head, path } = texts(kind);
  mkdirSync(OUT, { recursive: true });
  writeFileSync(outFile(kind, 'base'), base);
  writeFileSync(outFile(kind, 'head'), head);
  const times = [];
  const cpuTimes = [];
  let changes = [];
  for (let run = 0; run < runs; run += 1) {
    const child = spawnSync(process.execPath, [new URL(import.meta.url).pathname, '--cold-child', kind, path], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(child.stderr);
    const report = JSON.parse(child.stdout);
    times.push(report.ms);
    cpuTimes.push(report.cpuMs);
    changes = report.changes;
  }
  return { ms: median(times), cpuMs: median(cpuTimes), changes };
}

const { base, head } = texts('json');
const spec = JSON.parse(base);
const operations = Object.values(spec.paths).reduce((count, item) => count + Object.keys(item).filter((key) => key !== 'parameters').length, 0);
console.log(`spec: ${(base.length / 1024 / 1024).toFixed(2)} MB JSON, ${Object.keys(spec.components.schemas).length} component schemas (with cycles), ${operations} operations`);

const coldChanged = cold('json');
console.log(`(a) one changed operation, cold (fresh process, median of 5): ${coldChanged.ms.toFixed(0)} ms wall, ${coldChanged.cpuMs.toFixed(0)} ms CPU — goal < 300 ms`);
console.log(`    breaking: ${JSON.stringify(coldChanged.changes)}`);
const warm = await timeStage(base, head, SPEC_PATH, 10);
console.log(`(a) one changed operation, warm (median of 10): ${warm.ms.toFixed(0)} ms`);

const identical = await timeStage(base, base, SPEC_PATH, 10);
console.log(`(b) identical specs: ${(identical.ms * 1000).toFixed(0)} µs, files read: ${identical.reads}, parsed: 0 (decided from the blob ids)`);

const yaml = texts('yaml');
const coldYaml = cold('yaml', 3);
console.log(`(c) same pair as YAML (${(yaml.base.length / 1024 / 1024).toFixed(2)} MB), cold: ${coldYaml.ms.toFixed(0)} ms wall, ${coldYaml.cpuMs.toFixed(0)} ms CPU`);
const coldAll = cold('all', 3);
console.log(`(c) every operation edited (descriptions/summaries only: full diff of all, no findings), cold: ${coldAll.ms.toFixed(0)} ms wall, ${coldAll.cpuMs.toFixed(0)} ms CPU`);

