import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';

/**
 * The failure mode that motivated the routes surface, end to end with the built CLI: the committed
 * OpenAPI document is generated from annotated controllers and leaves out a plain Express router;
 * a release removes a route of that router. The spec diff sees nothing; the routes surface makes
 * the release `false`, naming the file and line, and the report lists the spec's blind spot.
 */

const spec = `openapi: 3.0.3
info: { title: service, version: '1' }
paths:
  /api/v1/projects/{projectUuid}/explores:
    get: { responses: { '200': { description: ok } } }
`;
const app = `import express from 'express';
import { projectRouter } from './routers/projectRouter';

const app = express();
app.use('/api/v1/projects/:projectUuid', projectRouter);
export default app;
`;
const router = (withCsv: boolean) => `import express from 'express';
import { isAuthenticated } from '../controllers/authentication';

export const projectRouter = express.Router({ mergeParams: true });

projectRouter.get('/explores', isAuthenticated, async (req, res) => res.json({}));
${withCsv ? "projectRouter.post(\n    '/sqlRunner/downloadCsv',\n    isAuthenticated,\n    async (req, res, next) => res.json({}),\n);\n" : ''}`;
const CONFIG = JSON.stringify({ migrations: false, openapi: 'api/openapi.yaml', routes: { sources: ['src/**/*.ts'] }, mcpTools: false, env: false });

describe('generate with routes served by the code', () => {
  let repo: TestRepo | undefined;
  afterEach(() => repo?.cleanup());

  it('a route removed from a router the spec never listed makes the release false, with file:line', () => {
    repo = createRepo();
    repo.commit(
      { 'release-safety.config.json': CONFIG, 'api/openapi.yaml': spec, 'src/app.ts': app, 'src/routers/projectRouter.ts': router(true) },
      { tag: '1.0.0' },
    );
    repo.commit(
      { 'src/routers/projectRouter.ts': `${router(true)}projectRouter.get('/catalog', isAuthenticated, async (req, res) => res.json({}));\n` },
      { tag: '1.1.0' },
    );
    repo.commit({ 'src/routers/projectRouter.ts': router(false) }, { tag: '1.2.0' });

    const out = join(repo.dir, 'release-safety.json');
    const report = join(repo.dir, 'report.md');
    const added = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', out, '--report', report]);
    expect(added.status).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).api.rest).toMatchObject({ checked: true, breaking: false });
    expect(added.stdout).toContain('route-added');
    expect(added.stdout).toContain('GET /api/v1/projects/:projectUuid/catalog — new route served (code: src/routers/projectRouter.ts:12)');
    // The spec documents /explores only: the rest of what the changed router serves is its blind spot.
    // The report renders the route's names as code (issue 28: repository text never becomes markup).
    expect(readFileSync(report, 'utf8')).toContain(
      '`POST` `/api/v1/projects/:projectUuid/sqlRunner/downloadCsv` — served (code: `src/routers/projectRouter.ts`:`7`) but not in the OpenAPI document',
    );

    const removed = runCli(['generate', '--repo', repo.dir, '--from', '1.1.0', '--to', '1.2.0', '--out', out, '--quiet']);
    expect(removed.status).toBe(0);
    const artifact = JSON.parse(readFileSync(out, 'utf8'));
    expect(artifact.api.rest).toEqual({
      checked: true,
      breaking: true,
      changes: [
        'GET /api/v1/projects/:projectUuid/catalog — route no longer served (code: src/routers/projectRouter.ts:12)',
        'POST /api/v1/projects/:projectUuid/sqlRunner/downloadCsv — route no longer served (code: src/routers/projectRouter.ts:7)',
      ],
      breakingCount: 2,
      advisories: [],
      advisoryCount: 0,
    });
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });
});

describe('generate: a route path from a config object (issue 30, lightdash apiV1Router.ts + parseConfig.ts)', () => {
  let repo: TestRepo | undefined;
  afterEach(() => repo?.cleanup());

  const routes = `import express from 'express';
import { lightdashConfig } from '../config/lightdashConfig';
import { tag } from '../common';

export const apiV1Router = express.Router();
apiV1Router.get(lightdashConfig.auth.okta.loginPath, async (req, res) => res.json({ tag }));
`;
  const parseConfig = (loginPath: string) => `import { MODE } from '../common';
export const parseConfig = () => {
    const secret = process.env.LIGHTDASH_SECRET;
    if (!secret) throw new Error('LIGHTDASH_SECRET');
    return { mode: process.env.MODE || MODE, auth: { okta: { issuer: process.env.OKTA_ISSUER, loginPath: '${loginPath}' } } };
};
`;
  const config = JSON.stringify({ migrations: false, openapi: false, routes: { sources: ['src/**/*.ts'] }, mcpTools: false, env: false });

  it('true when only what the config imports changed, false when the path itself did', () => {
    repo = createRepo();
    repo.commit(
      {
        'release-safety.config.json': config,
        'src/routers/apiV1Router.ts': routes,
        'src/config/lightdashConfig.ts': "import { parseConfig } from './parseConfig';\nexport const lightdashConfig = parseConfig();\n",
        'src/config/parseConfig.ts': parseConfig('/login/okta'),
        'src/common.ts': "export const MODE = 'default';\nexport const tag = 1;\n",
      },
      { tag: '1.0.0' },
    );
    repo.commit({ 'src/common.ts': "export const MODE = 'default';\nexport const tag = 2;\n" }, { tag: '1.1.0' });
    repo.commit({ 'src/config/parseConfig.ts': parseConfig('/auth/okta') }, { tag: '1.2.0' });
    const out = join(repo.dir, 'release-safety.json');
    const same = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', out]);
    expect(same.status).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).api.rest).toMatchObject({ checked: true, breaking: false });
    const moved = runCli(['generate', '--repo', repo.dir, '--from', '1.1.0', '--to', '1.2.0', '--out', out]);
    expect(JSON.parse(readFileSync(out, 'utf8')).api.rest).toMatchObject({ checked: true, breaking: true });
    expect(moved.stdout).toContain('GET …/login/okta — route no longer served (code: src/routers/apiV1Router.ts:6)');
  });
});
