#!/usr/bin/env node
/**
 * Benchmark of `release-safety generate` on a synthetic service repository: ~400 files, a 1 MB
 * OpenAPI document, an MCP snapshot, env-config sources and SQL migrations.
 *
 *   npm run build && node bench/generate.mjs [runs=5]
 *
 * Rows (median wall time of whole processes, load average printed for context):
 *   - git baseline: `git diff --name-status` + two `git ls-tree -r` of the same pair (the floor any
 *     tool pays to know what changed),
 *   - `node dist/cli/main.js --version` (CLI start-up),
 *   - `generate` for a pair that changes nothing (an empty commit between two tags),
 *   - `generate` for a pair that edits the 1 MB spec (REST diff of both versions),
 *   - in-process `generateRelease` (as backfill runs it): the first call, then later calls.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const cli = join(root, 'dist', 'cli', 'main.js');
const runs = Number(process.argv[2] ?? 5);
if (!existsSync(cli)) {
  console.error(`bench/generate.mjs: ${cli} is missing; run npm run build first`);
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'rs-bench-generate-'));
const repo = join(work, 'service');
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', NO_COLOR: '1' };
const git = (...args) => execFileSync('git', args, { cwd: repo, env, maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
const write = (files) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
};
let day = 0;
const commitAndTag = (tag) => {
  git('add', '-A');
  const date = new Date(Date.UTC(2026, 0, 1 + day++)).toISOString();
  execFileSync('git', ['commit', '-q', '--allow-empty', '-m', tag], { cwd: repo, env: { ...env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
  git('tag', tag);
};

/** An OpenAPI 3.0 document of about `bytes` bytes: many similar operations with shared schemas. */
function openapi(bytes, description) {
  const paths = {};
  const schemas = {};
  for (let i = 0; JSON.stringify({ paths, schemas }).length < bytes; i++) {
    schemas[`Thing${i}`] = {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string', maxLength: 200 }, size: { type: 'integer', minimum: 0 }, tags: { type: 'array', items: { type: 'string' } } },
    };
    paths[`/api/v1/things${i}/{id}`] = {
      get: {
        operationId: `getThing${i}`,
        description: i === 0 ? description : `Get thing ${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, { name: 'expand', in: 'query', schema: { type: 'string', enum: ['none', 'all'] } }],
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: `#/components/schemas/Thing${i}` } } } } },
      },
    };
  }
  return `${JSON.stringify({ openapi: '3.0.0', info: { title: 'bench', version: '1.0.0' }, paths, components: { schemas } }, null, 2)}\n`;
}

mkdirSync(repo, { recursive: true });
git('init', '-q', '-b', 'main');
git('config', 'user.email', 'bench@example.com');
git('config', 'user.name', 'bench');
git('config', 'commit.gpgsign', 'false');
const files = {
  'release-safety.config.json': JSON.stringify({
    migrations: [{ dir: 'db/migrations', edition: 'core' }],
    openapi: 'api/openapi.json',
    mcpTools: 'mcp/tools.json',
    env: { sources: ['src/config/**/*.ts'], envFiles: ['.env.example'] },
  }),
  'api/openapi.json': openapi(1_000_000, 'Get thing 0'),
  'mcp/tools.json': JSON.stringify({ tools: [{ name: 'search', description: 'Search', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }] }),
  'src/config/settings.ts': "export const port = Number(process.env.PORT || '8080');\n",
  '.env.example': 'PORT=8080\n',
};
for (let i = 0; i < 20; i++) files[`db/migrations/2026010100${String(i).padStart(4, '0')}_t${i}.sql`] = `CREATE TABLE t${i} (id int primary key);\n`;
for (let i = 0; i < 380; i++) files[`src/modules/module-${i}.ts`] = `// module ${i}\nexport function handler${i}(input: string): string {\n  return input.toUpperCase();\n}\n`;
write(files);
commitAndTag('1.0.0');
commitAndTag('1.0.1'); // nothing changes
write({ 'api/openapi.json': openapi(1_000_000, 'Get thing 0, now with a longer description') });
commitAndTag('1.0.2');
const fileCount = git('ls-tree', '-r', '--name-only', '1.0.0').toString().split('\n').filter(Boolean).length;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
function time(label, commands) {
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    for (const [command, args] of commands) {
      const result = spawnSync(command, args, { cwd: repo, env, maxBuffer: 256 * 1024 * 1024 });
      if (result.status !== 0) throw new Error(`${label}: ${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
    }
    samples.push(performance.now() - start);
  }
  console.log(`| ${label} | ${median(samples).toFixed(0)} ms |`);
}

try {
  console.log(`repository: ${fileCount} files, 1 MB OpenAPI document; median of ${runs} runs; load average ${loadavg()[0].toFixed(2)}\n`);
  console.log('| what | median wall time |');
  console.log('|---|---|');
  time('git diff --name-status + 2 × git ls-tree -r (unchanged pair)', [
    ['git', ['diff', '--name-status', '1.0.0', '1.0.1']],
    ['git', ['ls-tree', '-r', '1.0.0']],
    ['git', ['ls-tree', '-r', '1.0.1']],
  ]);
  time('release-safety --version (start-up)', [[process.execPath, [cli, '--version']]]);
  const generate = (from, to) => [[process.execPath, [cli, 'generate', '--repo', repo, '--from', from, '--to', to, '--out', join(work, 'out.json'), '--quiet']]];
  time('generate, pair that changes nothing (1.0.0 → 1.0.1)', generate('1.0.0', '1.0.1'));
  time('generate, pair that edits the 1 MB spec (1.0.1 → 1.0.2)', generate('1.0.1', '1.0.2'));

  // In one process, as backfill runs it: the first pair pays module loading, schema compiling and
  // parser start-up; later pairs reuse the repository (trees, blob texts) and the warm stages.
  const { openRepository } = await import(new URL('../dist/git/repository.js', import.meta.url).href);
  const { generateRelease } = await import(new URL('../dist/generate/generate.js', import.meta.url).href);
  const repository = await openRepository(repo);
  try {
    for (const [from, to, what] of [['1.0.0', '1.0.1', 'changes nothing'], ['1.0.1', '1.0.2', 'edits the 1 MB spec']]) {
      const samples = [];
      for (let run = 0; run <= runs; run++) {
        const start = performance.now();
        await generateRelease(repository, { from, to });
        samples.push(performance.now() - start);
      }
      const [first, ...later] = samples;
      if (from === '1.0.0') console.log(`| in-process generateRelease, first call (warm-up) | ${first.toFixed(0)} ms |`);
      console.log(`| in-process generateRelease, pair that ${what}, later calls | ${median(later).toFixed(0)} ms |`);
    }
  } finally {
    await repository.close();
  }
} finally {
  // KEEP=1 leaves the repository in place for profiling (its path is printed).
  if (process.env.KEEP) console.log(`\nkept ${repo}`);
  else rmSync(work, { recursive: true, force: true });
}
