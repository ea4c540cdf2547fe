#!/usr/bin/env node
/**
 * What the routes surface adds to `generate` on a release of a service with a 1 MB OpenAPI
 * document and 300 Express router files (10 routes each, middlewares, mounted by one app file):
 * the release edits the spec and 5 routers (a route removed, one added).
 *
 *   npm run build && node bench/routes.mjs [runs=7]
 *
 * Rows: the whole `generate` process with the same pair, with config `routes` and without it; the
 * difference is the cost of the routes surface (ts parser loading, reading the 5 changed routers at
 * both refs, the app file that mounts them, and the import scan of the other sources).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
// The package's bin, as operators and CI run it.
const cli = join(root, 'dist', 'bin', 'release-safety.js');
const runs = Number(process.argv[2] ?? 7);
if (!existsSync(cli)) {
  console.error(`bench/routes.mjs: ${cli} is missing; run npm run build first`);
  process.exit(2);
}
const work = mkdtempSync(join(tmpdir(), 'rs-bench-routes-'));
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
  execFileSync('git', ['commit', '-q', '-m', tag], { cwd: repo, env: { ...env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
  git('tag', tag);
};

function openapi(bytes, description) {
  const paths = {};
  const schemas = {};
  for (let i = 0; JSON.stringify({ paths, schemas }).length < bytes; i++) {
    schemas[`Thing${i}`] = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string', maxLength: 200 } } };
    paths[`/api/v1/things${i}/{id}`] = {
      get: {
        description: i === 0 ? description : `Get thing ${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: `#/components/schemas/Thing${i}` } } } } },
      },
    };
  }
  return `${JSON.stringify({ openapi: '3.0.0', info: { title: 'bench', version: '1.0.0' }, paths, components: { schemas } }, null, 2)}\n`;
}

const ROUTERS = 300;
const router = (n, variant = 0) => {
  const routes = [];
  for (let r = 0; r < 10; r++) {
    if (variant === 1 && r === 3) continue;
    routes.push(`router${n}.${['get', 'post', 'patch', 'delete'][r % 4]}(\n    '/items${r}/:itemUuid',\n    isAuthenticated,\n    unauthorisedInDemo,\n    async (req, res, next) => {\n        try {\n            res.json({ status: 'ok', results: await service.run(req.params.itemUuid) });\n        } catch (e) {\n            next(e);\n        }\n    },\n);\n`);
  }
  if (variant === 1) routes.push(`router${n}.get('/new-thing', isAuthenticated, async (req, res) => res.json({}));\n`);
  return `import express from 'express';\nimport { isAuthenticated, unauthorisedInDemo } from '../controllers/authentication';\nimport { service } from '../services/services';\n\nexport const router${n} = express.Router({ mergeParams: true });\n\n${routes.join('\n')}`;
};
const app = () => {
  const lines = ["import express from 'express';"];
  for (let n = 0; n < ROUTERS; n++) lines.push(`import { router${n} } from './routers/router${n}';`);
  lines.push('', 'const app = express();');
  for (let n = 0; n < ROUTERS; n++) lines.push(`app.use('/api/v1/area${n}', router${n});`);
  return `${lines.join('\n')}\nexport default app;\n`;
};

const config = (routes) => JSON.stringify({ migrations: false, openapi: 'api/openapi.json', mcpTools: false, env: false, ...(routes ? { routes: { sources: ['src/**/*.ts'] } } : {}) });
mkdirSync(repo, { recursive: true });
git('init', '-q', '-b', 'main');
git('config', 'user.email', 'bench@example.com');
git('config', 'user.name', 'bench');
git('config', 'commit.gpgsign', 'false');
const files = { 'api/openapi.json': openapi(1_000_000, 'Get thing 0'), 'src/app.ts': app(), 'src/controllers/authentication.ts': 'export const isAuthenticated = () => {};\nexport const unauthorisedInDemo = () => {};\n' };
for (let n = 0; n < ROUTERS; n++) files[`src/routers/router${n}.ts`] = router(n);
write(files);
commitAndTag('1.0.0');
const changed = { 'api/openapi.json': openapi(1_000_000, 'Get thing 0, now longer') };
for (const n of [3, 50, 120, 200, 299]) changed[`src/routers/router${n}.ts`] = router(n, 1);
write(changed);
commitAndTag('1.1.0');
writeFileSync(join(work, 'with-routes.json'), config(true));
writeFileSync(join(work, 'without-routes.json'), config(false));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
/** One `generate` under GNU time: wall (ms) and CPU (user + system of node and the git it waited for, 10 ms resolution). */
function timeOnce(configFile) {
  const start = performance.now();
  const result = spawnSync(
    '/usr/bin/time',
    ['-f', 'rs-time %U %S', process.execPath, cli, 'generate', '--repo', repo, '--from', '1.0.0', '--to', '1.1.0', '--config', configFile, '--out', join(work, 'out.json'), '--quiet'],
    { env, encoding: 'utf8' },
  );
  const wall = performance.now() - start;
  if (result.status !== 0) throw new Error(`generate exited ${result.status}: ${result.stderr}`);
  const [, user, system] = /rs-time ([\d.]+) ([\d.]+)/.exec(result.stderr) ?? [];
  return { wall, cpu: (Number(user) + Number(system)) * 1000 };
}

try {
  console.log(`repository: 1 MB OpenAPI document, ${ROUTERS} Express routers (10 routes each) mounted by src/app.ts; the release edits the spec and 5 routers; median of ${runs} interleaved runs; load average ${loadavg()[0].toFixed(2)}\n`);
  // Interleaved run by run, so machine load drifts over both alike.
  const samples = { without: { wall: [], cpu: [] }, routes: { wall: [], cpu: [] } };
  for (let run = 0; run < runs; run++) {
    for (const [name, file] of [['without', 'without-routes.json'], ['routes', 'with-routes.json']]) {
      const { wall, cpu } = timeOnce(join(work, file));
      samples[name].wall.push(wall);
      samples[name].cpu.push(cpu);
    }
  }
  const figure = (name, field) => median(samples[name][field]);
  const added = (field) => `+${(((figure('routes', field) - figure('without', field)) / figure('without', field)) * 100).toFixed(0)} %`;
  console.log('| what | median CPU (node + git) | median wall time |');
  console.log('|---|---|---|');
  console.log(`| generate, spec only (config without routes) | ${figure('without', 'cpu').toFixed(0)} ms | ${figure('without', 'wall').toFixed(0)} ms |`);
  console.log(`| generate, spec + routes | ${figure('routes', 'cpu').toFixed(0)} ms (${added('cpu')}) | ${figure('routes', 'wall').toFixed(0)} ms (${added('wall')}) |`);
  const out = JSON.parse(execFileSync(process.execPath, [cli, 'generate', '--repo', repo, '--from', '1.0.0', '--to', '1.1.0', '--config', join(work, 'with-routes.json'), '--json'], { env }).toString());
  console.log(`\napi.rest: breakingCount ${out.api.rest.breakingCount} (the 5 removed routes), checked ${out.api.rest.checked}`);
} finally {
  if (process.env.KEEP) console.log(`\nkept ${repo}`);
  else rmSync(work, { recursive: true, force: true });
}
