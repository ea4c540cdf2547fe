#!/usr/bin/env node
/**
 * Builds a synthetic service repository with a long release history for the backfill benchmark,
 * in one `git fast-import` stream (never one `git commit` process per release).
 *
 *   node bench/gen-history.mjs [dir] [--releases 500] [--seed 7]
 *
 * Mix per release (deterministic for a seed): ~5 % add a SQL migration, ~17 % change the ~1 MB
 * OpenAPI document (mostly additive; now and then an operation is removed), ~2 % change the env
 * config (a new variable or a changed default), the rest touch ordinary source files only.
 * Tags are lightweight release tags 1.M.P in numeric order, one commit each, dates ~17 h apart.
 * Prints one JSON line: { dir, releases, first, last, specBytes, counts, ms }, and writes
 * `<dir>.releases.json`: the kind of change of every release ({ version, kind }), for per-kind timings.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { prng } from './lib/prng.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
};
const dir = resolve(args.find((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'bench/.out/history');
const releaseCount = Number(option('--releases', '500'));
const seed = Number(option('--seed', '7'));

const random = prng(seed);

// ---- the OpenAPI document: resources with CRUD paths and component schemas, ~1 MB pretty-printed.
const NOUNS = ['project', 'space', 'chart', 'dashboard', 'metric', 'dimension', 'explore', 'user', 'group', 'role', 'token', 'query',
  'schedule', 'alert', 'tag', 'catalog', 'comment', 'pin', 'view', 'folder', 'warehouse', 'invite', 'session', 'export', 'job'];
const pascal = (text) => text.replace(/(^|[-_])(\w)/g, (_m, _s, c) => c.toUpperCase());

function resourceSchema(name, extraProperties) {
  const properties = {
    uuid: { type: 'string', format: 'uuid', description: `Identifier of the ${name}.` },
    name: { type: 'string', description: `Display name of the ${name}.`, maxLength: 255 },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    status: { type: 'string', enum: ['active', 'archived', 'deleted'] },
    ownerUuid: { type: 'string', format: 'uuid', nullable: true },
    tags: { type: 'array', items: { type: 'string' } },
    settings: {
      type: 'object',
      properties: Object.fromEntries([...Array(6).keys()].map((i) => [`option${i}`, { type: i % 2 ? 'boolean' : 'string', description: `Setting ${i} of the ${name}.` }])),
    },
  };
  for (let i = 0; i < extraProperties; i++) properties[`extra${i}`] = { type: 'string', description: `Added in a later release (${i}).` };
  return { type: 'object', required: ['uuid', 'name', 'createdAt'], properties };
}

function operation(verb, name, schemaRef, withBody) {
  const op = {
    operationId: `${verb}${pascal(name)}`,
    tags: [pascal(name.split('-')[0])],
    summary: `${verb} ${name}`,
    description: `Performs ${verb} on ${name}. `.repeat(3).trim(),
    parameters: [
      { name: 'projectUuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
    ],
    responses: {
      200: { description: 'Success', content: { 'application/json': { schema: { type: 'object', required: ['status', 'results'], properties: { status: { type: 'string', enum: ['ok'] }, results: { $ref: schemaRef } } } } } },
      default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorPayload' } } } },
    },
  };
  if (withBody) op.requestBody = { required: true, content: { 'application/json': { schema: { $ref: schemaRef } } } };
  return op;
}

/** The spec at a revision: resources 0..count-1 except removed ones; some schemas grew properties. */
function specText(state) {
  const paths = {};
  const schemas = {
    ApiErrorPayload: {
      type: 'object',
      required: ['status', 'error'],
      properties: { status: { type: 'string', enum: ['error'] }, error: { type: 'object', required: ['name', 'statusCode'], properties: { name: { type: 'string' }, statusCode: { type: 'integer' }, message: { type: 'string' } } } },
    },
  };
  for (let i = 0; i < state.resources; i++) {
    if (state.removed.has(i)) continue;
    const name = `${NOUNS[i % NOUNS.length]}-${i}`;
    const schemaName = pascal(name);
    const ref = `#/components/schemas/${schemaName}`;
    schemas[schemaName] = resourceSchema(name, state.grown.get(i) ?? 0);
    paths[`/api/v1/projects/{projectUuid}/${name}s`] = { get: operation('list', name, ref, false), post: operation('create', name, ref, true) };
    paths[`/api/v1/projects/{projectUuid}/${name}s/{uuid}`] = { get: operation('get', name, ref, false), patch: operation('update', name, ref, true) };
  }
  return JSON.stringify({ openapi: '3.0.0', info: { title: 'Synthetic service', version: String(state.revision) }, servers: [{ url: '/' }], paths, components: { schemas } }, null, 2);
}

// ---- env config: a TypeScript settings file and .env.example.
function envFiles(state) {
  const lines = state.env.map(([name, value]) => `  ${name.toLowerCase()}: process.env.${name} || '${value}',`);
  return {
    'src/config/settings.ts': `export const settings = {\n${lines.join('\n')}\n};\n`,
    '.env.example': `${state.env.map(([name, value]) => `${name}=${value}`).join('\n')}\n`,
  };
}

const CONFIG = `${JSON.stringify(
  {
    migrations: [{ dir: 'db/migrations', edition: 'core' }],
    openapi: 'api/openapi.json',
    mcpTools: false,
    env: { sources: ['src/config/**/*.ts'], envFiles: ['.env.example'] },
  },
  null,
  2,
)}\n`;

// ---- the fast-import stream.
const chunks = [];
const emit = (text) => chunks.push(Buffer.isBuffer(text) ? text : Buffer.from(text));
let mark = 0;
const blobMarks = new Map();
function blob(text) {
  const existing = blobMarks.get(text);
  if (existing) return existing;
  const data = Buffer.from(text);
  mark++;
  emit(`blob\nmark :${mark}\ndata ${data.length}\n`);
  emit(data);
  emit('\n');
  blobMarks.set(text, mark);
  return mark;
}

const started = performance.now();
const state = { resources: 105, removed: new Set(), grown: new Map(), revision: 0, env: [['PORT', '8080'], ['CACHE_TTL_SECONDS', '60'], ['LOG_LEVEL', 'info']] };
const counts = { migration: 0, spec: 0, env: 0, other: 0 };
let migrationNumber = 0;
let previousCommit;
let time = Date.parse('2025-01-01T00:00:00Z') / 1000;
let version = { major: 1, minor: 0, patch: 0 };
const versions = [];
const kinds = [];
let specBytes = 0;

// Initial tree: config, spec, env, one migration and 300 ordinary source files.
const files = new Map([
  ['release-safety.config.json', CONFIG],
  ['README.md', '# Synthetic service\n'],
  ['db/migrations/0000_init.sql', 'create table account (id bigint primary key, name text not null);\n'],
]);
for (let i = 0; i < 300; i++) files.set(`src/app/module-${String(i).padStart(3, '0')}.ts`, `export const module${i} = ${i};\n`);

for (let release = 0; release < releaseCount; release++) {
  const changed = new Map();
  let kind = 'initial';
  if (release === 0) {
    for (const [path, text] of files) changed.set(path, text);
    const spec = specText(state);
    specBytes = spec.length;
    changed.set('api/openapi.json', spec);
    for (const [path, text] of Object.entries(envFiles(state))) changed.set(path, text);
  } else {
    const roll = random();
    if (roll < 0.05) {
      counts.migration++;
      kind = 'migration';
      migrationNumber++;
      const table = `table_${migrationNumber}`;
      const sql = migrationNumber % 3 === 0
        ? `alter table account add column note_${migrationNumber} text;\n`
        : migrationNumber % 3 === 1
          ? `create table ${table} (id bigint primary key, account_id bigint references account (id));\n`
          : `create index concurrently idx_${migrationNumber} on account (name);\n`;
      changed.set(`db/migrations/${String(migrationNumber).padStart(4, '0')}_${table}.sql`, sql);
    } else if (roll < 0.22) {
      counts.spec++;
      kind = 'spec';
      state.revision++;
      const change = random();
      if (change < 0.5) state.resources++;
      else if (change < 0.93) {
        const target = Math.floor(random() * state.resources);
        state.grown.set(target, (state.grown.get(target) ?? 0) + 1);
      } else state.removed.add(Math.floor(random() * state.resources));
      changed.set('api/openapi.json', specText(state));
    } else if (roll < 0.24) {
      counts.env++;
      kind = 'env';
      if (random() < 0.5) state.env.push([`FEATURE_${release}`, 'off']);
      else state.env[1] = ['CACHE_TTL_SECONDS', String(60 + release)];
      for (const [path, text] of Object.entries(envFiles(state))) changed.set(path, text);
    } else {
      counts.other++;
      kind = 'other';
      const module = Math.floor(random() * 300);
      changed.set(`src/app/module-${String(module).padStart(3, '0')}.ts`, `export const module${module} = ${release};\n`);
    }
  }
  const blobs = [...changed].map(([path, text]) => [path, blob(text)]);
  if (random() < 0.2 && release > 0) version = { ...version, patch: version.patch + 1 };
  else if (release > 0) version = { major: version.major, minor: version.minor + 1, patch: 0 };
  const tag = `${version.major}.${version.minor}.${version.patch}`;
  versions.push(tag);
  kinds.push({ version: tag, kind });
  time += 15 * 3600 + Math.floor(random() * 4 * 3600);
  mark++;
  const message = `release ${tag}`;
  emit(`commit refs/heads/main\nmark :${mark}\ncommitter Bench <bench@example.com> ${time} +0000\ndata ${message.length}\n${message}\n`);
  if (previousCommit) emit(`from :${previousCommit}\n`);
  for (const [path, blobMark] of blobs) emit(`M 100644 :${blobMark} ${path}\n`);
  emit('\n');
  emit(`reset refs/tags/${tag}\nfrom :${mark}\n\n`);
  previousCommit = mark;
}

rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const git = (gitArgs, input) => {
  const result = spawnSync('git', gitArgs, { cwd: dir, input, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
  if (result.status !== 0) throw new Error(`git ${gitArgs.join(' ')} failed: ${result.stderr}`);
  return result.stdout.toString();
};
git(['init', '-q', '-b', 'main']);
git(['fast-import', '--quiet'], Buffer.concat(chunks));
git(['reset', '-q', '--hard', 'main']);
writeFileSync(`${dir}.releases.json`, `${JSON.stringify(kinds)}\n`);
console.log(JSON.stringify({ dir, releases: versions.length, first: versions[0], last: versions.at(-1), specBytes, counts, ms: Math.round(performance.now() - started) }));
