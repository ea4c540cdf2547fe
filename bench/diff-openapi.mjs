#!/usr/bin/env node
/**
 * `release-safety diff openapi` benchmark (docs/diff.md "Performance", issue 17). Run after the build:
 *
 *   node bench/diff-openapi.mjs [--runs 7] [--json]
 *
 * Two ~1 MB OpenAPI 3.0 specs (bench/gen-openapi.mjs: hundreds of component schemas, circular
 * refs), compared by the CLI the package installs (dist/bin, bundled) in a fresh process each run:
 * the time a pull-request check or an editor hook waits, start-up included. Rows:
 *   - one operation apart (JSON, `--json`, YAML), and identical specs (loaded once, not diffed);
 *   - the schemas every operation references (`ApiErrorPayload` in every error response, `Node`
 *     inside every entity) split into `allOf` members: the same wire format (no finding), and the
 *     same split with a property added to `Node` (every entity, so every operation, reaches it):
 *     each shared pair must be compared once, not once per operation that reaches it.
 * Beside them, the floors: `--version` (Node start + the CLI's entry) and the I/O floor (a fresh
 * Node process reading both files and JSON-parsing them). All rows run interleaved, round after
 * round; medians of CPU (user + sys, GNU time) and wall. Goal (issue 17): < 300 ms for the JSON pair.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { stringify as toYaml } from 'yaml';
import { generateSpec } from './gen-openapi.mjs';
import { loadAverage, measure, median } from './lib/measure.mjs';

const OUT = 'bench/.out/diff-openapi';
const TARGET_BYTES = 1024 * 1024;
const GOAL_MS = 300;
const args = process.argv.slice(2);
const RUNS = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 7;
const CLI = existsSync('dist/bin/release-safety.js') ? 'dist/bin/release-safety.js' : 'dist/cli/main.js';

/** The smallest generated spec of at least 1 MB (pretty JSON, as specs are usually committed). */
function specOfOneMegabyte() {
  for (let schemaCount = 200; ; schemaCount += 20) {
    if (JSON.stringify(generateSpec({ schemaCount }), null, 2).length >= TARGET_BYTES) return schemaCount;
  }
}

/**
 * `ApiErrorPayload` and `Node` rewritten as `allOf` of two members each (the same properties and
 * `required`): nothing changes on the wire. `addToNode` also adds an optional property to `Node`.
 */
function allOfSplit(spec, addToNode) {
  const schemas = spec.components.schemas;
  const error = schemas.ApiErrorPayload;
  schemas.ApiErrorStatus = { type: 'object', required: ['status'], properties: { status: error.properties.status } };
  schemas.ApiErrorPayload = { allOf: [{ $ref: '#/components/schemas/ApiErrorStatus' }, { type: 'object', required: ['error'], properties: { error: error.properties.error } }] };
  const node = schemas.Node;
  schemas.NodeId = { type: 'object', required: ['id'], properties: { id: node.properties.id, ...(addToNode ? { label: { type: 'string' } } : {}) } };
  schemas.Node = { allOf: [{ $ref: '#/components/schemas/NodeId' }, { type: 'object', required: ['children'], properties: { children: node.properties.children } }] };
  return spec;
}

mkdirSync(OUT, { recursive: true });
const schemaCount = specOfOneMegabyte();
const files = {
  'base.json': generateSpec({ schemaCount }),
  'revision.json': generateSpec({ schemaCount, change: true }),
  'all-of-split.json': allOfSplit(generateSpec({ schemaCount }), false),
  'all-of-split-changed.json': allOfSplit(generateSpec({ schemaCount }), true),
};
for (const [name, spec] of Object.entries(files)) writeFileSync(`${OUT}/${name}`, JSON.stringify(spec, null, 2));
writeFileSync(`${OUT}/base.yaml`, toYaml(files['base.json']));
writeFileSync(`${OUT}/revision.yaml`, toYaml(files['revision.json']));
const FLOOR = `${OUT}/io-floor.mjs`;
writeFileSync(FLOOR, "import { readFileSync } from 'node:fs';\nfor (const path of process.argv.slice(2)) JSON.parse(readFileSync(path, 'utf8'));\n");

const at = (name) => `${OUT}/${name}`;
const rows = [
  { label: '--version (process floor)', args: ['--version'] },
  { label: 'I/O floor: read + JSON.parse both 1 MB files', floor: [at('base.json'), at('revision.json')] },
  { label: 'diff openapi, 1 MB JSON pair, one change', args: ['diff', 'openapi', at('base.json'), at('revision.json')], goal: true },
  { label: 'diff openapi --json, same pair', args: ['diff', 'openapi', '--json', at('base.json'), at('revision.json')] },
  { label: 'diff openapi, identical 1 MB specs', args: ['diff', 'openapi', at('base.json'), at('base.json')] },
  { label: 'allOf split of schemas referenced everywhere', args: ['diff', 'openapi', at('base.json'), at('all-of-split.json')] },
  { label: 'same split + a property every operation reaches', args: ['diff', 'openapi', at('base.json'), at('all-of-split-changed.json')] },
  { label: 'diff openapi, same pair as YAML', args: ['diff', 'openapi', at('base.yaml'), at('revision.yaml')] },
];
const env = { ...process.env, NO_COLOR: '1' };
const runRow = (row) =>
  row.floor ? measure(process.execPath, [FLOOR, ...row.floor], { env }) : measure(process.execPath, [CLI, ...row.args], { env, allowFailure: true });
for (const row of rows) {
  const warm = runRow(row);
  if (warm.status === 2) throw new Error(`${row.label}: exit 2: ${warm.stderr}`);
  row.first = warm.stdout.split('\n')[0];
  row.status = warm.status;
  row.cpu = [];
  row.wall = [];
}
for (let round = 0; round < RUNS; round += 1) {
  for (const row of rows) {
    const result = runRow(row);
    row.cpu.push(result.cpuMs);
    row.wall.push(result.wallMs);
  }
}
const figures = rows.map((row) => ({ case: row.label, cpuMs: Math.round(median(row.cpu)), wallMs: Math.round(median(row.wall)), exit: row.status, first: row.first ?? '' }));
const load = loadAverage();
if (args.includes('--json')) {
  console.log(JSON.stringify({ cli: CLI, runs: RUNS, loadAverage: load, schemaCount, rows: figures }, null, 2));
} else {
  const mb = (name) => (JSON.stringify(files[name], null, 2).length / 1024 / 1024).toFixed(2);
  console.log(`${CLI}; specs ${mb('base.json')} MB JSON, ${schemaCount} component schemas; ${RUNS} interleaved rounds, medians; load average ${load}`);
  console.log(`${'case'.padEnd(50)} ${'wall'.padStart(8)} ${'cpu'.padStart(8)}`);
  for (const row of figures) console.log(`${row.case.padEnd(50)} ${String(row.wallMs).padStart(5)} ms ${String(row.cpuMs).padStart(5)} ms  ${row.exit === undefined ? '' : `exit ${row.exit}  `}${row.first.slice(0, 70)}`);
  const pair = figures.find((row) => row.case === rows.find((candidate) => candidate.goal).label);
  console.log(`goal < ${GOAL_MS} ms for the JSON pair (issue 17): CPU ${pair.cpuMs < GOAL_MS ? 'met' : 'NOT met'}, wall ${pair.wallMs < GOAL_MS ? 'met' : 'NOT met'} (load average ${loadAverage()})`);
}
