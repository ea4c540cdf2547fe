import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { renderFinding } from '../../../src/rules/types.js';
import { restStage } from '../../../src/stages/rest/index.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../helpers/git-stage-input.js';

/**
 * Route paths that the router file alone does not give (issue 30, "a route path taken from a config
 * value"), over real git repositories: read through the constants of other modules where they are
 * constants (outline's `config.id` from `plugin.json`, lightdash's `lightdashConfig.auth.okta.loginPath`
 * through `parseConfig()`), else the same at both refs when everything they depend on is (the
 * per-route differential), else unknown naming the file and line. Layouts modelled on
 * lightdash 0.1640.0 `packages/backend/src/routers/apiV1Router.ts` + `config/parseConfig.ts` and
 * outline v0.87.3 `plugins/azure/server/auth/azure.ts` + `plugins/azure/plugin.json`.
 */

type Files = Record<string, string | null>;

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());
afterAll(() => closeGitStageInputs());

async function release(base: Files, head: Files, sources = ['src/**/*.ts']) {
  repo = createRepo();
  repo.commit({ ...base, 'README.md': 'service\n' }, { tag: '1.0.0' });
  repo.commit(head, { tag: '1.1.0' });
  const input = await gitStageInput(repo.dir, '1.0.0', '1.1.0', { openapi: false, routes: { sources } });
  const result = await restStage.run(input);
  const lines = result.findings.map((finding) => {
    const rendered = renderFinding(
      restStage.rules.find((rule) => rule.id === finding.rule)!,
      finding,
    );
    return `${rendered.level} ${rendered.message}`;
  });
  return { verdict: result.verdict, breaking: lines.filter((line) => line.startsWith('breaking')).sort(), notes: result.notes };
}

describe('lightdash: a path from a config object a function returns', () => {
  const apiV1Router = [
    "import express from 'express';",
    "import { lightdashConfig } from '../config/lightdashConfig';",
    "import { getOidcRedirectURL } from '../controllers/authentication';",
    'export const apiV1Router = express.Router();',
    "apiV1Router.get('/livez', async (req, res) => res.json({ status: 'ok' }));",
    'apiV1Router.get(lightdashConfig.auth.okta.loginPath, storeOIDCRedirect, initiateOktaOpenIdLogin);',
    'apiV1Router.get(lightdashConfig.auth.okta.callbackPath, (req, res, next) => getOidcRedirectURL(true)(req));',
    '',
  ].join('\n');
  const parseConfig = (loginPath: string) =>
    [
      "import { isLightdashMode, LightdashMode } from '../../../common/src';",
      'const DEFAULT_JOB_TIMEOUT = 1000 * 60 * 10;',
      'export const parseConfig = (): LightdashConfig => {',
      '    const lightdashSecret = process.env.LIGHTDASH_SECRET;',
      "    if (!lightdashSecret) throw new Error('Must specify LIGHTDASH_SECRET');",
      '    const mode = process.env.LIGHTDASH_MODE || LightdashMode.DEFAULT;',
      '    return {',
      '        mode,',
      '        secret: lightdashSecret,',
      '        auth: {',
      '            okta: {',
      '                oauth2Issuer: process.env.AUTH_OKTA_OAUTH_ISSUER,',
      "                callbackPath: '/oauth/redirect/okta',",
      `                loginPath: '${loginPath}',`,
      '            },',
      '        },',
      '    };',
      '};',
      '',
    ].join('\n');
  const base = {
    'src/routers/apiV1Router.ts': apiV1Router,
    'src/config/lightdashConfig.ts': "import { parseConfig } from './parseConfig';\n\nexport const lightdashConfig = parseConfig();\n",
    'src/config/parseConfig.ts': parseConfig('/login/okta'),
    'src/controllers/authentication.ts': 'export const getOidcRedirectURL = (ok: boolean) => (req: unknown) => ok;\n',
    'common/src/index.ts': "export enum LightdashMode { DEFAULT = 'default' }\nexport const isLightdashMode = (x: string) => true;\n",
  };

  it('the router untouched, the workspace package its config imports changed: the paths are read, nothing moved', async () => {
    const { verdict, notes } = await release(base, {
      'src/controllers/authentication.ts': 'export const getOidcRedirectURL = (ok: boolean) => (req: unknown) => !ok;\n',
      'common/src/index.ts': "export enum LightdashMode { DEFAULT = 'default', PR = 'pr' }\nexport const isLightdashMode = (x: string) => true;\n",
    });
    expect(notes).toEqual([]);
    expect(verdict).toEqual({ checked: true, breaking: false });
  });

  it('the login path changed in parseConfig(): the route is gone from where it was', async () => {
    const { verdict, breaking } = await release(base, {
      'src/controllers/authentication.ts': 'export const getOidcRedirectURL = (ok: boolean) => (req: unknown) => !ok;\n',
      'src/config/parseConfig.ts': parseConfig('/login/okta-v2'),
    });
    expect(verdict).toEqual({ checked: true, breaking: true });
    expect(breaking).toEqual(['breaking GET …/login/okta — route no longer served (code: src/routers/apiV1Router.ts:6)']);
  });

  it('a member after which a spread may override it is no constant: unknown when its module changed', async () => {
    const spread = parseConfig('/login/okta')
      .replace('                loginPath:', '                ...overrides,\n                loginPath:')
      .replace("loginPath: '/login/okta',", "loginPath: '/login/okta',\n                ...overrides,");
    const { verdict, notes } = await release(
      { ...base, 'src/config/parseConfig.ts': spread },
      {
        'src/controllers/authentication.ts': '// touched\nexport const getOidcRedirectURL = (ok: boolean) => (req: unknown) => ok;\n',
        'common/src/index.ts': "// touched\nexport enum LightdashMode { DEFAULT = 'default' }\nexport const isLightdashMode = (x: string) => true;\n",
      },
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toContain(
      'routes of src/routers/apiV1Router.ts at the base ref cannot be read: line 6: `apiV1Router.get(…)`: the path lightdashConfig.auth.okta.loginPath is not a literal',
    );
  });
});

describe('outline: a path from a JSON file the router imports', () => {
  const azure = [
    "import Router from 'koa-router';",
    "import { StateStore } from '../../../../server/utils/passport';",
    "import config from '../../plugin.json';",
    'const router = new Router();',
    'router.get(config.id, passport.authenticate(config.id));',
    'router.get(`${config.id}.callback`, passportMiddleware(config.id));',
    'export default router;',
    '',
  ].join('\n');
  const base = {
    'plugins/azure/server/auth/azure.ts': azure,
    'plugins/azure/plugin.json': '{\n  "id": "azure",\n  "name": "Microsoft",\n  "priority": 20\n}\n',
    'server/utils/passport.ts': 'export class StateStore {}\n',
  };
  const sources = ['plugins/**/*.ts', 'server/**/*.ts'];

  it('an unchanged router importing a changed helper: its paths are read from plugin.json, nothing moved', async () => {
    const { verdict, notes } = await release(base, { 'server/utils/passport.ts': 'export class StateStore {\n  key = 1;\n}\n' }, sources);
    expect(notes).toEqual([]);
    expect(verdict).toEqual({ checked: true, breaking: false });
  });

  it('the plugin id changed in plugin.json: both routes moved', async () => {
    const { verdict, breaking } = await release(
      base,
      {
        'server/utils/passport.ts': 'export class StateStore {\n  key = 1;\n}\n',
        'plugins/azure/plugin.json': '{\n  "id": "microsoft",\n  "name": "Microsoft",\n  "priority": 20\n}\n',
        'plugins/azure/server/auth/azure.ts': `${azure}// touched\n`,
      },
      sources,
    );
    expect(verdict).toEqual({ checked: true, breaking: true });
    expect(breaking).toEqual([
      'breaking GET …/azure — route no longer served (code: plugins/azure/server/auth/azure.ts:5)',
      'breaking GET …/azure.callback — route no longer served (code: plugins/azure/server/auth/azure.ts:6)',
    ]);
  });
});

describe('the per-route differential: a path no constant gives', () => {
  const router = (extra = '') =>
    [
      "import { Router } from 'express';",
      "import { pathFor } from './paths';",
      'export const router = Router();',
      "router.get(pathFor('users'), list);",
      "router.get('/health', health);",
      extra,
      '',
    ].join('\n');
  const paths = (prefix: string) => `export function pathFor(name: string) {\n  return \`${prefix}/\${name}\`;\n}\n`;

  it('the router file changed elsewhere, everything the path depends on identical at both refs: decided', async () => {
    const { verdict, notes } = await release(
      { 'src/router.ts': router(), 'src/paths.ts': paths('/api') },
      { 'src/router.ts': router("router.get('/version', version);") },
    );
    expect(notes).toEqual([]);
    expect(verdict).toEqual({ checked: true, breaking: false });
  });

  it('the imported helper changed: unknown, naming the file and line', async () => {
    const { verdict, notes } = await release(
      { 'src/router.ts': router(), 'src/paths.ts': paths('/api') },
      { 'src/router.ts': router("router.get('/version', version);"), 'src/paths.ts': paths('/api/v2') },
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toEqual([
      "routes of src/router.ts at the base ref cannot be read: line 4: `router.get(…)`: the path pathFor('users') is not a literal",
      "routes of src/router.ts at the head ref cannot be read: line 4: `router.get(…)`: the path pathFor('users') is not a literal",
    ]);
  });

  it('a same-file declaration the path uses changed: unknown', async () => {
    const withLocal = (segment: string) =>
      router().replace("router.get(pathFor('users'), list);", `const USERS = pathFor('${segment}');\nrouter.get(USERS, list);`);
    const { verdict } = await release({ 'src/router.ts': withLocal('users'), 'src/paths.ts': paths('/api') }, { 'src/router.ts': withLocal('people') });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  it('the router mounted elsewhere: the opaque route moved with its mount, unknown', async () => {
    const app = (prefix: string) =>
      `import express from 'express';\nimport { router } from './router';\nconst app = express();\napp.use('${prefix}', router);\n`;
    const { verdict, notes } = await release(
      { 'src/app.ts': app('/v1'), 'src/router.ts': router(), 'src/paths.ts': paths('/api') },
      { 'src/app.ts': app('/v2') },
    );
    expect(verdict.breaking).not.toBe(false);
    expect(notes).toContain(
      "GET `pathFor('users')` (src/router.ts:4): its path cannot be read, and it is not registered the same way at the head ref: whether it is still served is not known",
    );
  });

  it('an unchanged helper whose path comes from its callers, called from a changed file: unknown', async () => {
    const helper =
      "import { Router } from 'express';\nexport const users = Router();\nexport function register(base: string) {\n  users.get(base + '/list', list);\n}\n";
    const app = (prefix: string) =>
      `import express from 'express';\nimport { users, register } from './users';\nconst app = express();\nregister('${prefix}');\napp.use('/api', users);\n`;
    const { verdict, notes } = await release({ 'src/app.ts': app('/v1'), 'src/users.ts': helper }, { 'src/app.ts': app('/v2') });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toContain("routes of src/users.ts at the base ref cannot be read: line 4: `users.get(…)`: the path base + '/list' is not a literal");
  });

  it('the same helper, no caller changed (another file did): decided', async () => {
    const helper =
      "import { Router } from 'express';\nexport const users = Router();\nexport function register(base: string) {\n  users.get(base + '/list', list);\n}\n";
    const app =
      "import express from 'express';\nimport { users, register } from './users';\nimport { log } from './log';\nconst app = express();\nregister('/v1');\napp.use('/api', users);\n";
    const { verdict, notes } = await release(
      {
        'src/app.ts': app,
        'src/users.ts': helper,
        'src/log.ts': 'export const log = 1;\n',
        'src/other.ts': "import { users } from './users';\nexport const x = users;\n",
      },
      { 'src/other.ts': "import { users } from './users';\nexport const x = users; // touched\n" },
    );
    expect(notes).toEqual([]);
    expect(verdict).toEqual({ checked: true, breaking: false });
  });
});

describe('lightdash: a path a class takes from its constructor (prometheus.ts)', () => {
  const prometheus = [
    "import express from 'express';",
    "import type { LightdashConfig } from './config';",
    'export default class PrometheusMetrics {',
    '    private readonly config: LightdashConfig;',
    '    constructor(config: LightdashConfig) {',
    '        this.config = config;',
    '    }',
    '    public start() {',
    '        const { enabled, port, path } = this.config;',
    '        if (enabled) {',
    '            const app = express();',
    '            app.get(path, async (req, res) => res.end());',
    '            app.listen(port);',
    '        }',
    '    }',
    '}',
    '',
  ].join('\n');
  const base = {
    'src/prometheus.ts': prometheus,
    'src/config.ts':
      "import { helper } from './helper';\nexport type LightdashConfig = { enabled: boolean; port: number; path: string };\nexport const h = helper;\n",
    'src/helper.ts': 'export const helper = 1;\n',
    'src/app.ts': "import PrometheusMetrics from './prometheus';\nnew PrometheusMetrics({ enabled: true, port: 9090, path: '/metrics' }).start();\n",
  };

  it('unchanged, read because what it imports changed, no caller changed: decided', async () => {
    const { verdict, notes } = await release(base, { 'src/helper.ts': 'export const helper = 2;\n' });
    expect(notes).toEqual([]);
    expect(verdict).toEqual({ checked: true, breaking: false });
  });

  it('unchanged, its caller changed (another path passed in): unknown', async () => {
    const { verdict, notes } = await release(base, {
      'src/helper.ts': 'export const helper = 2;\n',
      'src/app.ts': "import PrometheusMetrics from './prometheus';\nnew PrometheusMetrics({ enabled: true, port: 9090, path: '/prometheus' }).start();\n",
    });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    // Read through the caller (trace-value.ts): the value differs, so the route is not the same one.
    expect(notes.join('\n')).toMatch(/GET `path` \(src\/prometheus\.ts:12\): its path cannot be read, and it is not registered the same way at the head ref/);
  });
});

describe('a path from a field of the class', () => {
  const server = (field: string, assign: string) =>
    [
      "import express from 'express';",
      "import { defaultPath } from './defaults';",
      'export class Metrics {',
      `    ${field}`,
      '    constructor(path: string) {',
      `        ${assign}`,
      '    }',
      '    start() {',
      '        const app = express();',
      '        app.get(this.path, async (req, res) => res.end());',
      '    }',
      '}',
      '',
    ].join('\n');
  const base = (field: string, assign: string) => ({
    'src/server.ts': server(field, assign),
    'src/defaults.ts': "import { x } from './x';\nexport const defaultPath = () => process.env.METRICS_PATH ?? '/metrics';\n",
    'src/x.ts': 'export const x = 1;\n',
  });

  it('a readonly field the constructor computes from an import whose module changed: unknown', async () => {
    const { verdict } = await release(base('private readonly path: string;', 'this.path = path || defaultPath();'), {
      'src/defaults.ts': "import { x } from './x';\nexport const defaultPath = () => process.env.METRICS_PATH ?? '/prometheus';\n",
    });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  it('a readonly field the constructor takes from its callers, no caller changed: decided', async () => {
    const { verdict } = await release(base('private readonly path: string;', 'this.path = path;'), { 'src/x.ts': 'export const x = 2;\n' });
    expect(verdict).toEqual({ checked: true, breaking: false });
  });

  it('a public field anyone may assign: its value may come from anywhere the file reaches, unknown when that changed', async () => {
    const { verdict } = await release(base('path: string;', 'this.path = path;'), { 'src/x.ts': 'export const x = 2;\n' });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
  });
});

describe('NestJS global settings compared by what they do', () => {
  const main = (before: string, setting: string) =>
    `import { NestFactory } from '@nestjs/core';\nimport { VersioningType } from '@nestjs/common';\nimport { AppModule } from './app.module';\nasync function bootstrap() {\n  const app = await NestFactory.create(AppModule);\n${before}  ${setting}\n  await app.listen(3000);\n}\nbootstrap();\n`;
  const controller = "import { Controller, Get } from '@nestjs/common';\n@Controller('users')\nexport class UsersController {\n  @Get(':id')\n  find() {}\n}\n";
  const versioning = 'app.enableVersioning({\n    type: VersioningType.URI,\n  });';
  const manifest = { 'package.json': '{ "dependencies": { "@nestjs/common": "^10.0.0", "@nestjs/core": "^10.0.0" } }\n' };

  it('enableVersioning that only moved lines (hoppscotch 2026.4.0) is no change', async () => {
    const { verdict, notes } = await release(
      { ...manifest, 'src/main.ts': main('  app.enableCors();\n  app.use(cookieParser());\n', versioning), 'src/users.controller.ts': controller },
      // hoppscotch's release bumped @nestjs/common 11.1.17 → 11.1.19 too: the same major.
      { 'src/main.ts': main('', versioning), 'package.json': '{ "dependencies": { "@nestjs/common": "^10.2.1", "@nestjs/core": "^10.2.1" } }\n' },
    );
    expect(notes).toEqual([]);
    expect(verdict).toEqual({ checked: true, breaking: false });
  });

  it('the same enableVersioning with the framework bumped to another major is a change (what VersioningType.URI is may differ)', async () => {
    const { verdict } = await release(
      { ...manifest, 'src/main.ts': main('  app.enableCors();\n', versioning), 'src/users.controller.ts': controller },
      { 'package.json': '{ "dependencies": { "@nestjs/common": "^11.0.0", "@nestjs/core": "^11.0.0" } }\n', 'src/main.ts': main('', versioning) },
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  it('a setGlobalPrefix that differs only past the 80th character is a change', async () => {
    const prefix = (last: string) => `app.setGlobalPrefix('api', { exclude: ['robots.txt', 'share/:shareId/p/:pageSlug', 'share/p/:pageSlug', '${last}'] });`;
    const { verdict } = await release(
      { ...manifest, 'src/main.ts': main('', prefix('health')), 'src/users.controller.ts': controller },
      { 'src/main.ts': main('', prefix('healthz')) },
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  it('the same setGlobalPrefix(PREFIX) with the imported constant changed is a change', async () => {
    const withImport = (setting: string) =>
      main('', setting).replace("import { AppModule } from './app.module';", "import { AppModule } from './app.module';\nimport { PREFIX } from './prefix';");
    const { verdict, notes } = await release(
      {
        ...manifest,
        'src/main.ts': withImport('app.setGlobalPrefix(PREFIX);'),
        'src/prefix.ts': "export const PREFIX = 'api';\n",
        'src/users.controller.ts': controller,
      },
      { 'src/main.ts': `${withImport('app.setGlobalPrefix(PREFIX);')}// touched\n`, 'src/prefix.ts': "export const PREFIX = 'api/v2';\n" },
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes.join('\n')).toMatch(
      /the settings that move every route changed .*what `app\.setGlobalPrefix\(PREFIX\)` reads changed: src\/prefix\.ts changed/,
    );
  });
});

describe('routes left out of the committed document (lightdash 0.1640.0, a @Hidden() tsoa controller)', () => {
  const spec = JSON.stringify({ openapi: '3.0.3', info: { title: 'api', version: '1' }, paths: {} });
  const controller = (body: string) =>
    `import { Body, Hidden, Post, Route } from '@tsoa/runtime';\n@Route('/api/v1/aiAgents')\n@Hidden()\nexport class AiAgentController {\n  @Post('/')\n  async create(@Body() body: ${body}) {\n    return body;\n  }\n}\n`;

  it('a changed hidden controller is unknown though the document is committed and compared', async () => {
    repo = createRepo();
    repo.commit({ 'api/swagger.json': spec, 'src/aiAgentController.ts': controller('{ projectUuid: string }') }, { tag: '1.0.0' });
    repo.commit({ 'src/aiAgentController.ts': controller('{ projectUuid: string; name: string }') }, { tag: '1.1.0' });
    const input = await gitStageInput(repo.dir, '1.0.0', '1.1.0', { openapi: 'api/swagger.json', routes: { sources: ['src/**/*.ts'] } });
    const result = await restStage.run(input);
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes.join('\n')).toContain(
      'REST routes left out of the generated document have request/response shapes that changed or cannot be followed (src/aiAgentController.ts:5: `AiAgentController.create`: its declaration (src/aiAgentController.ts:5) differs between the refs)',
    );
  });
});

/**
 * lightdash 0.1647.0 / 0.1649.0 / 0.1651.0 (packages/backend/src): `prometheus.ts` serves
 * `app.get(path, …)` with `path` from `this.config`, which its constructor takes from
 * `new PrometheusMetrics(this.lightdashConfig.prometheus)` in `App.ts`, whose `lightdashConfig` is
 * `args.lightdashConfig` of `new App({ lightdashConfig, …, ...(await getEnterpriseAppArguments()) })`
 * in `index.ts`, `lightdashConfig` being `parseConfig()` whose one `return` holds
 * `prometheus: { path: process.env.LIGHTDASH_PROMETHEUS_PATH || '/metrics' }`. The releases changed
 * `ee/index.ts` (the spread's function) and `common` (what parseConfig imports): the path is read
 * through the callers by its property path. Excerpts, shortened.
 */
describe('lightdash: a constructor parameter read through every `new` (prometheus.ts → App.ts → index.ts → parseConfig)', () => {
  const prometheus = [
    "import express from 'express';",
    "import { LightdashConfig } from './config/parseConfig';",
    'export default class PrometheusMetrics {',
    "    private readonly config: LightdashConfig['prometheus'];",
    "    constructor(config: LightdashConfig['prometheus']) {",
    '        this.config = config;',
    '    }',
    '    public start() {',
    '        const { enabled, port, path, ...rest } = this.config;',
    '        if (enabled) {',
    '            const app = express();',
    '            app.get(path, async (req, res) => res.end());',
    '            app.listen(port);',
    '        }',
    '    }',
    '}',
    '',
  ].join('\n');
  const app = (extra = '') =>
    [
      "import { LightdashConfig } from './config/parseConfig';",
      "import PrometheusMetrics from './prometheus';",
      'export type AppArguments = { lightdashConfig: LightdashConfig; port: string | number };',
      'export default class App {',
      '    private readonly lightdashConfig: LightdashConfig;',
      '    private readonly prometheusMetrics: PrometheusMetrics;',
      '    constructor(args: AppArguments) {',
      '        this.lightdashConfig = args.lightdashConfig;',
      '        const context = { lightdashConfig: this.lightdashConfig, port: args.port };',
      '        this.prometheusMetrics = new PrometheusMetrics(',
      '            this.lightdashConfig.prometheus,',
      '        );',
      extra,
      '    }',
      '    async start() {',
      '        this.prometheusMetrics.start();',
      '    }',
      '}',
      '',
    ].join('\n');
  const index = [
    "import App from './App';",
    "import { lightdashConfig } from './config/lightdashConfig';",
    "import { getEnterpriseAppArguments } from './ee';",
    '(async () => {',
    '    const app = new App({',
    '        lightdashConfig,',
    '        port: process.env.PORT || 8080,',
    '        ...(await getEnterpriseAppArguments()),',
    '    });',
    '    await app.start();',
    '})();',
    '',
  ].join('\n');
  const ee = (key: string) =>
    [
      "import { AppArguments } from '../App';",
      "import { isLightdashMode } from '../../common/src';",
      'export async function getEnterpriseAppArguments(): Promise<Partial<AppArguments>> {',
      "    if (!isLightdashMode('x')) {",
      '        return {};',
      '    }',
      '    return {',
      `        ${key}: { embedService: () => 1 },`,
      '    };',
      '}',
      '',
    ].join('\n');
  const parseConfig = (fallback: string) =>
    [
      "import { isLightdashMode } from '../../common/src';",
      'export type LightdashConfig = { mode: string; prometheus: { enabled: boolean; port: number; path: string } };',
      'export const parseConfig = (): LightdashConfig => {',
      '    const mode = process.env.LIGHTDASH_MODE;',
      "    if (!isLightdashMode(mode)) throw new Error('mode');",
      '    return {',
      '        mode,',
      '        prometheus: {',
      "            enabled: process.env.LIGHTDASH_PROMETHEUS_ENABLED === 'true',",
      '            port: 9090,',
      `            path: process.env.LIGHTDASH_PROMETHEUS_PATH || '${fallback}',`,
      '        },',
      '    };',
      '};',
      '',
    ].join('\n');
  const base = {
    'src/prometheus.ts': prometheus,
    'src/App.ts': app(),
    'src/index.ts': index,
    'src/ee/index.ts': ee('serviceProviders'),
    'src/config/lightdashConfig.ts': "import { parseConfig } from './parseConfig';\n\nexport const lightdashConfig = parseConfig();\n",
    'src/config/parseConfig.ts': parseConfig('/metrics'),
    'common/src/index.ts': 'export const isLightdashMode = (x: unknown) => true;\n',
  };
  const touched = {
    'src/ee/index.ts': ee('serviceProviders').replace('embedService: () => 1', 'embedService: () => 1, aiAgentModel: () => 2'),
    'common/src/index.ts': "export const isLightdashMode = (x: unknown) => x !== 'no';\n",
  };

  it('the spread function and the workspace package parseConfig imports changed, the path read through its callers identical: decided', async () => {
    const { verdict, notes } = await release(base, touched);
    expect(notes).toEqual([]);
    expect(verdict).toEqual({ checked: true, breaking: false });
  });

  it('a file loading modules by a computed name (lightdash dangerfile.ts), the same at both refs and constructing nothing it loads: decided', async () => {
    const dangerfile =
      "import { danger } from 'danger';\nexport const run = async (repoDangerfile: string) => {\n    const mod = await import(repoDangerfile);\n    return mod.default(danger);\n};\n";
    const { verdict, notes } = await release({ ...base, 'dangerfile.ts': dangerfile }, touched, ['src/**/*.ts', 'dangerfile.ts']);
    expect(notes).toEqual([]);
    expect(verdict).toEqual({ checked: true, breaking: false });
  });

  it('a file loading modules by a computed name that constructs what it loads: unknown', async () => {
    const loader =
      "export const run = async (name: string) => {\n    const mod = await import(name);\n    return new mod.default({ enabled: true, port: 1, path: '/x' });\n};\n";
    const { verdict } = await release({ ...base, 'src/loader.ts': loader }, touched);
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  it('parseConfig() builds its object, then writes the path before returning it; that write changed: unknown', async () => {
    const written = (path: string) =>
      parseConfig('/metrics')
        .replace('    return {', '    const config: LightdashConfig = {')
        .replace('    };\n};', `    };\n    config.prometheus.path = '${path}';\n    return config;\n};`);
    const { verdict } = await release({ ...base, 'src/config/parseConfig.ts': written('/a') }, { ...touched, 'src/config/parseConfig.ts': written('/b') });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  it('the fallback path changed in parseConfig(): unknown', async () => {
    const { verdict } = await release(base, { ...touched, 'src/config/parseConfig.ts': parseConfig('/prometheus') });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  it('the spread may now set lightdashConfig (its function returns that key): unknown', async () => {
    const { verdict, notes } = await release(base, { 'src/ee/index.ts': ee('lightdashConfig') });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toContain('routes of src/prometheus.ts at the head ref cannot be read: line 12: `app.get(…)`: the path path is not a literal');
  });

  it('a second `new PrometheusMetrics(…)` with another config in a changed file: unknown', async () => {
    const { verdict } = await release(base, {
      ...touched,
      'src/ee/index.ts': `${touched['src/ee/index.ts']}import PrometheusMetrics from '../prometheus';\nnew PrometheusMetrics({ enabled: true, port: 1, path: '/other' }).start();\n`,
    });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  it('a subclass that may construct it with anything, in a changed file: unknown', async () => {
    const { verdict, notes } = await release(base, {
      ...touched,
      'src/ee/index.ts': `${touched['src/ee/index.ts']}import PrometheusMetrics from '../prometheus';\nexport class Other extends PrometheusMetrics {}\n`,
    });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes).toContain('routes of src/prometheus.ts at the head ref cannot be read: line 12: `app.get(…)`: the path path is not a literal');
  });

  it('the field written by a destructuring assignment in the class (a changed App.ts): unknown', async () => {
    const { verdict } = await release(base, {
      ...touched,
      'src/App.ts': app(
        "        if (args.port === 1) ({ config: this.lightdashConfig } = { config: { ...args.lightdashConfig, prometheus: { enabled: true, port: 1, path: '/x' } } });",
      ),
    });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  it('the class writes into the field it passes on (a changed App.ts): unknown', async () => {
    const { verdict } = await release(base, { ...touched, 'src/App.ts': app("        this.lightdashConfig.prometheus.path = '/internal-metrics';") });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  it('the field assigned a second time in the class (a changed App.ts): unknown', async () => {
    const { verdict } = await release(base, {
      ...touched,
      'src/App.ts': app(
        "        if (args.port === 1) (this as { lightdashConfig: LightdashConfig }).lightdashConfig = { ...args.lightdashConfig, prometheus: { enabled: true, port: 1, path: '/x' } };",
      ),
    });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
  });
});
