#!/usr/bin/env node
/**
 * What the routes surface adds to `generate` on a release of a service with a 1 MB OpenAPI
 * document and 300 Express router files (10 routes each, middlewares, mounted by one app file):
 * the release edits the spec and 5 routers (a route removed, one added).
 *
 *   npm run build && node bench/routes.mjs [runs=7]
 *
 * Rows: the whole `generate` process with the same pair, with config `routes` and without it; the
 * difference is the cost of the routes surface (parser loading, reading the 5 changed routers at
 * both refs, the app file that mounts them, and the import scan of the other sources).
 * `RS_BENCH_CLI_B=<dist/bin/release-safety.js of another build>` measures that build in the same
 * interleaving (bench/lib/surcharge.mjs).
 */
import { measureSurcharge, SPEC } from './lib/surcharge.mjs';

const runs = Number(process.argv[2] ?? 7);
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

const base = { [SPEC.path]: SPEC.base(), 'src/app.ts': app(), 'src/controllers/authentication.ts': 'export const isAuthenticated = () => {};\nexport const unauthorisedInDemo = () => {};\n' };
for (let n = 0; n < ROUTERS; n++) base[`src/routers/router${n}.ts`] = router(n);
const head = { [SPEC.path]: SPEC.head() };
for (const n of [3, 50, 120, 200, 299]) head[`src/routers/router${n}.ts`] = router(n, 1);
const config = (routes) => ({ migrations: false, openapi: SPEC.path, mcpTools: false, env: false, ...(routes ? { routes: { sources: ['src/**/*.ts'] } } : {}) });

measureSurcharge({
  title: `repository: 1 MB OpenAPI document, ${ROUTERS} Express routers (10 routes each) mounted by src/app.ts; the release edits the spec and 5 routers`,
  surface: 'routes',
  base,
  head,
  withSurface: config(true),
  withoutSurface: config(false),
  runs,
  describeOutput: (out) => `api.rest: breakingCount ${out.api.rest.breakingCount} (the 5 removed routes), checked ${out.api.rest.checked}`,
});
