#!/usr/bin/env node
/**
 * Env-config extraction speed (`npm run build` first): 40 settings files × 180 reads each, read
 * through an imported Proxy `environment` module with defaults from a constants file, at two refs.
 * Prints: the first ref cold (includes loading the parser), a release where every file is a new
 * blob, the same release again (every blob cached), and the floor: parsing the same files alone
 * with the source parser (src/syntax/parse.ts, @babel/parser) and no walk.
 *
 *   node bench/env-config.mjs --surcharge [runs=7]
 *
 * What the surface adds to a whole `generate` (bench/lib/surcharge.mjs): the same release (the 1 MB
 * spec and one settings file edited: its defaults changed) with `env` configured and without it.
 */
import { performance } from 'node:perf_hooks';

const FILES = 40;
const READS = 180;

function tree(version) {
  const files = new Map();
  files.set('server/utils/environment.ts', 'const environment = new Proxy(process.env, { get: (target, key: string) => target[key] || undefined });\nexport default environment;\n');
  files.set('shared/constants.ts', `export const DEFAULT_PORT = ${3000 + version};\nexport const DEFAULTS = { timeout: 10 * 1000 };\n`);
  for (let f = 0; f < FILES; f++) {
    const lines = ["import environment from '../utils/environment';", "import { DEFAULT_PORT, DEFAULTS } from '../../shared/constants';", `export const settings${f} = {`];
    for (let r = 0; r < READS; r++) {
      const kind = r % 4;
      if (kind === 0) lines.push(`  s${r}: environment.SETTING_${f}_${r} ?? '${r + version}',`);
      else if (kind === 1) lines.push(`  s${r}: parseInt(process.env.SETTING_${f}_${r} || '${r}', 10),`);
      else if (kind === 2) lines.push(`  s${r}: Number(environment.PORT_${f}_${r} ?? DEFAULT_PORT),`);
      else lines.push(`  s${r}: process.env.FLAG_${f}_${r} === 'true' || DEFAULTS.timeout > 0,`);
    }
    lines.push('};');
    files.set(`server/config/settings-${f}.ts`, lines.join('\n'));
  }
  return files;
}

if (process.argv[2] === '--surcharge') {
  const { measureSurcharge, SPEC } = await import('./lib/surcharge.mjs');
  const config = (env) => ({ migrations: false, openapi: SPEC.path, mcpTools: false, env: env ? { sources: ['server/**/*.ts'] } : false });
  const changedFile = 'server/config/settings-7.ts';
  measureSurcharge({
    title: `repository: 1 MB OpenAPI document, ${FILES} settings files × ${READS} env reads through a Proxy module; the release edits the spec and one settings file (its defaults)`,
    surface: 'env',
    base: { ...Object.fromEntries(tree(0)), [SPEC.path]: SPEC.base() },
    head: { [changedFile]: tree(1).get(changedFile), [SPEC.path]: SPEC.head() },
    withSurface: config(true),
    withoutSurface: config(false),
    runs: Number(process.argv[3] ?? 7),
    describeOutput: (out) => `config: checked ${out.config.checked}, ${out.config.changes.length} changes`,
  });
  process.exit(0);
}

const view = (files, tag) => ({ blobOf: (path) => (files.has(path) ? `${tag}:${path}` : undefined), read: async (path) => files.get(path) });

async function run(files, tag, analyseSource) {
  const tree = view(files, tag);
  const start = performance.now();
  let reads = 0;
  for (const path of files.keys()) {
    if (!path.startsWith('server/config/')) continue;
    const extraction = await analyseSource(path, tree, { helpers: [], objects: [] });
    if (!extraction.ok || extraction.unresolved.length > 0) throw new Error(`${path}: not read`);
    reads += extraction.reads.length;
  }
  return { ms: performance.now() - start, reads };
}

const loadStart = performance.now();
const { analyseSource } = await import('../dist/stages/env/module-links.js');
const { parseSource } = await import('../dist/stages/env/extract-reads.js');
const loadMs = performance.now() - loadStart;

const [v1, v2] = [tree(0), tree(1)];
const cold = await run(v1, 'v1', analyseSource);
const release = await run(v2, 'v2', analyseSource);
const cached = await run(v2, 'v2', analyseSource);
const floorStart = performance.now();
for (const [path, text] of v2) if (path.startsWith('server/config/')) parseSource(text, path);
const floorMs = performance.now() - floorStart;

const fmt = (ms) => `${ms.toFixed(0)} ms`;
console.log(`env config: ${FILES} files × ${READS} reads (${cold.reads} reads a ref), through an imported Proxy module and a constants file`);
console.log(`  load parser            ${fmt(loadMs)}`);
console.log(`  first ref, cold        ${fmt(cold.ms)}  (${(cold.ms / FILES).toFixed(1)} ms a file)`);
console.log(`  release, all new blobs ${fmt(release.ms)}  (${(release.ms / FILES).toFixed(1)} ms a file)`);
console.log(`  same release, cached   ${fmt(cached.ms)}`);
console.log(`  floor: parse only      ${fmt(floorMs)}  (${(floorMs / FILES).toFixed(1)} ms a file)`);
