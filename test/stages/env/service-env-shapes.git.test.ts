import { afterAll, describe, expect, it } from 'vitest';
import { configStage } from '../../../src/stages/env/index.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../helpers/git-stage-input.js';

/**
 * Env constructs of the zero-config corpus (issue #30) that made releases `unknown` or raised false
 * alarms, each on a real git repository shaped like the service's files (contents cut down from the
 * tags named), through the real env stage.
 */
const repos: TestRepo[] = [];
afterAll(async () => {
  await closeGitStageInputs();
  for (const repo of repos) repo.cleanup();
});

function repoOf(releases: Array<[string, Record<string, string | null>]>): TestRepo {
  const repo = createRepo();
  repos.push(repo);
  for (const [tag, files] of releases) repo.commit(files, { tag });
  return repo;
}

async function envOf(repo: TestRepo, from: string, to: string, sources: string[]) {
  const result = await configStage.run(await gitStageInput(repo.dir, from, to, { env: { sources } }));
  return { verdict: result.verdict, changes: result.section.changes, notes: result.notes };
}

describe('outline: the env module wraps process.env in a same-file Proxy function (v1.8.1 → v1.9.0)', () => {
  // server/utils/environment.ts at v1.8.1 and v1.9.0, the `_FILE` secrets part; server/env.ts reads through its default export.
  const before = [
    'export function resolveFileSecrets(env: Record<string, string | undefined>): void {',
    '  for (const key of Object.keys(env)) {',
    '    if (key.endsWith("_FILE") && env[key.slice(0, -5)] === undefined) env[key.slice(0, -5)] = readFileSync(env[key]!, "utf8").trim();',
    '  }',
    '}',
    'resolveFileSecrets(process.env);',
    'export default process.env;',
  ].join('\n');
  const after = [
    'export function withFileSecrets(env: Record<string, string | undefined>): Record<string, string | undefined> {',
    '  return new Proxy(env, {',
    '    get(target, prop, receiver) {',
    '      if (typeof prop !== "string" || prop.endsWith("_FILE")) return Reflect.get(target, prop, receiver);',
    '      if (target[prop] !== undefined) return target[prop];',
    '      const filePath = target[`${prop}_FILE`];',
    '      if (filePath) target[prop] = readFileSync(filePath, "utf8").trim();',
    '      return target[prop];',
    '    },',
    '  });',
    '}',
    'export default withFileSecrets(process.env);',
  ].join('\n');
  const envModule = (extra: string) =>
    [
      'import environment from "./utils/environment";',
      'export class Environment {',
      '  public SECRET_KEY = environment.SECRET_KEY ?? "";',
      '  public URL = environment.URL ?? "";',
      extra,
      '}',
    ].join('\n');

  it('reads through withFileSecrets(process.env) are reads: no phantom removals, and a real removal is still found', async () => {
    const repo = repoOf([
      ['1.8.1', { 'server/utils/environment.ts': before, 'server/env.ts': envModule('  public SMTP_HOST = environment.SMTP_HOST;') }],
      ['1.9.0', { 'server/utils/environment.ts': after }],
      ['1.9.1', { 'server/env.ts': envModule('') }],
    ]);
    const sources = ['server/**/*.ts'];
    const moved = await envOf(repo, '1.8.1', '1.9.0', sources);
    // At 1.8.1 process.env handed to resolveFileSecrets() (its computed reads) is not read; it is gone at 1.9.0.
    expect(moved.changes).toEqual([]);
    const removed = await envOf(repo, '1.9.0', '1.9.1', sources);
    expect(removed.changes).toEqual([{ type: 'removed', name: 'SMTP_HOST', previousDefault: null }]);
    expect(removed.verdict).toEqual({ checked: true, breaking: true });
  });

  it('a function that returns something other than a Proxy over its parameter is not a wrapper: unknown, with the call', async () => {
    const other = after.replace('return new Proxy(env, {', 'return new Proxy(Object.fromEntries(Object.entries(env).map(([k, v]) => ["APP_" + k, v])), {');
    const repo = repoOf([
      ['1.0.0', { 'server/utils/environment.ts': after, 'server/env.ts': envModule('') }],
      ['1.1.0', { 'server/utils/environment.ts': other }],
    ]);
    const result = await envOf(repo, '1.0.0', '1.1.0', ['server/**/*.ts']);
    // Its reads through `environment` are no longer variables (removals), and the call is not followed.
    expect(result.verdict.checked).toBe(false);
    expect(result.notes.join('\n')).toContain('server/utils/environment.ts:12: process.env is passed to withFileSecrets()');
  });
});

describe('trigger.dev: names built from a prefix (`process.env[`${prefix}BUCKET`]`, apps/webapp/app/v3/objectStore.server.ts)', () => {
  // getObjectStoreConfig as at v4.5.12, cut down; `protocol` comes from a stored URI or OBJECT_STORE_DEFAULT_PROTOCOL.
  const store = (named: string, extra = '') =>
    [
      'import { env } from "~/env.server";',
      'function getObjectStoreConfig(protocol?: string) {',
      '  if (protocol) {',
      '    const prefix = `OBJECT_STORE_${protocol.toUpperCase()}_`;',
      '    const baseUrl = process.env[`${prefix}BASE_URL`];',
      '    if (!baseUrl) return undefined;',
      `    return { baseUrl, ${named} };`,
      '  }',
      '  return { baseUrl: process.env.OBJECT_STORE_BASE_URL };',
      '}',
      `export function hasObjectStoreClient(): boolean {${extra}`,
      '  return getObjectStoreConfig(process.env.OBJECT_STORE_DEFAULT_PROTOCOL) !== undefined;',
      '}',
    ].join('\n');
  const bucket = 'bucket: process.env[`${prefix}BUCKET`] || undefined';
  const sources = ['apps/webapp/app/**/*.ts'];

  it('the same families read alike at both refs, in a file that changed: decided, with a note per family', async () => {
    const repo = repoOf([
      ['4.5.11', { 'apps/webapp/app/v3/objectStore.server.ts': store(bucket) }],
      ['4.5.12', { 'apps/webapp/app/v3/objectStore.server.ts': store(bucket, '\n  // the default provider first') }],
    ]);
    const result = await envOf(repo, '4.5.11', '4.5.12', sources);
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(result.changes).toEqual([]);
    expect(result.notes.join('\n')).toContain('reads the variables named OBJECT_STORE_*_BUCKET');
    expect(result.notes.join('\n')).toContain('the same family of names (OBJECT_STORE_*_BUCKET default none) is read alike at both refs');
  });

  it('a family that appears, or a family whose default changed, stays unknown with the file and line', async () => {
    const repo = repoOf([
      ['1.0.0', { 'apps/webapp/app/v3/objectStore.server.ts': store(bucket) }],
      ['1.1.0', { 'apps/webapp/app/v3/objectStore.server.ts': store(`${bucket}, region: process.env[\`\${prefix}REGION\`] || undefined`) }],
      ['1.2.0', { 'apps/webapp/app/v3/objectStore.server.ts': store('bucket: process.env[`${prefix}BUCKET`] || "uploads"') }],
    ]);
    const added = await envOf(repo, '1.0.0', '1.1.0', sources);
    expect(added.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(added.notes.join('\n')).toContain(
      'apps/webapp/app/v3/objectStore.server.ts:7: process.env[`${prefix}REGION`] reads the variables named OBJECT_STORE_*_REGION (a part of the name is computed), which cannot be listed (at head (to))',
    );
    const defaulted = await envOf(repo, '1.0.0', '1.2.0', sources);
    expect(defaulted.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(defaulted.notes.join('\n')).toContain('OBJECT_STORE_*_BUCKET (a part of the name is computed), which cannot be listed (at base (from))');
  });
});

describe('differential soundness for an env object that leaves its file (returned by a method)', () => {
  // A method's returns are not followed (only a function defined once by a declaration or a variable is an env source).
  const envModule = 'export const loader = { getEnv() {\n  return process.env;\n} };\nexport const a = process.env.A;\n';
  const sources = ['src/**/*.ts'];

  it('an unchanged getEnv() whose changed importer now reads a new variable through it: unknown, never "no change"', async () => {
    const repo = repoOf([
      ['1.0.0', { 'src/env.ts': envModule, 'src/a.ts': "import { loader } from './env';\nexport const x = 1;\n" }],
      ['1.1.0', { 'src/a.ts': "import { loader } from './env';\nexport const x = loader.getEnv().NEW_VAR;\n" }],
    ]);
    const result = await envOf(repo, '1.0.0', '1.1.0', sources);
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes.join('\n')).toContain('src/env.ts:2: process.env is returned by getEnv()');
  });

  it("an exported function returning it is an env source: a changed importer's reads through it are read (a dropped one is found)", async () => {
    const getEnv = 'export function getEnv() {\n  return process.env;\n}\n';
    const repo = repoOf([
      ['1.0.0', { 'src/env.ts': getEnv, 'src/a.ts': "import { getEnv } from './env';\nexport const x = getEnv().OLD_VAR;\n" }],
      ['1.1.0', { 'src/a.ts': "import { getEnv } from './env';\nexport const x = getEnv().NEW_VAR;\n" }],
    ]);
    const result = await envOf(repo, '1.0.0', '1.1.0', sources);
    expect(result.notes).toEqual([]);
    // Read at the same place: paired as a rename (breaking like a removal).
    expect(result.changes).toEqual([{ type: 'renamed', name: 'NEW_VAR', previousName: 'OLD_VAR', defaultValue: null }]);
    expect(result.verdict).toEqual({ checked: true, breaking: true });
  });

  it('the same getEnv() while no changed file reaches it or what it imports: no change, said in a note', async () => {
    const repo = repoOf([
      [
        '1.0.0',
        {
          'src/env.ts': envModule,
          'src/a.ts': "import { loader } from './env';\nexport const x = loader.getEnv().B;\n",
          'src/other.ts': 'export const y = 1;\n',
        },
      ],
      ['1.1.0', { 'src/other.ts': 'export const y = 2;\n' }],
    ]);
    const result = await envOf(repo, '1.0.0', '1.1.0', sources);
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(result.notes.join('\n')).toContain('no changed file reaches it or what it imports): no change');
  });
});

describe('outline: the shared env module is `typeof window === "undefined" ? process.env : window.env` (shared/env.ts, v0.85.1 … v1.0.1)', () => {
  // shared/env.ts as at v1.0.1 (whole file); shared/utils/urls.ts cut down from v1.0.1 (it reads env.URL and env.CDN_URL).
  const sharedEnv = ['const env = typeof window === "undefined" ? process.env : window.env;', '', 'export default env as Record<string, any>;'].join('\n');
  const urls = (extra: string) =>
    [
      'import env from "../env";',
      'export function cdnPath(path: string): string {',
      '  return `${env.CDN_URL ?? ""}${path}`;',
      '}',
      'export function isInternalUrl(href: string) {',
      '  const outline = new URL(env.URL);',
      `  return href.startsWith(outline.origin);${extra}`,
      '}',
    ].join('\n');
  const sources = ['shared/**/*.ts'];

  it('the server branch is process.env: reads through the module are reads, and a removed one is found', async () => {
    const repo = repoOf([
      ['0.87.0', { 'shared/env.ts': sharedEnv, 'shared/utils/urls.ts': urls('') }],
      ['0.87.1', { 'shared/utils/urls.ts': urls('\n  // comment') }],
      ['0.87.2', { 'shared/utils/urls.ts': urls('').replace('${env.CDN_URL ?? ""}', '') }],
    ]);
    const same = await envOf(repo, '0.87.0', '0.87.1', sources);
    expect(same.notes).toEqual([]);
    expect(same.verdict).toEqual({ checked: true, breaking: false });
    const removed = await envOf(repo, '0.87.1', '0.87.2', sources);
    expect(removed.changes).toEqual([{ type: 'removed', name: 'CDN_URL', previousDefault: '' }]);
    expect(removed.verdict).toEqual({ checked: true, breaking: true });
  });

  it('the object handed on from the conditional is still not followed: unknown, with the file and line', async () => {
    const handed = `${sharedEnv}\nexport const snapshot = JSON.stringify(typeof window === "undefined" ? process.env : window.env);`;
    const repo = repoOf([
      ['1.0.0', { 'shared/env.ts': sharedEnv, 'shared/utils/urls.ts': urls('') }],
      ['1.0.1', { 'shared/env.ts': handed }],
    ]);
    const result = await envOf(repo, '1.0.0', '1.0.1', sources);
    expect(result.verdict.checked).toBe(false);
    expect(result.notes.join('\n')).toContain('shared/env.ts:4: process.env is passed to JSON.stringify()');
  });
});

describe('trigger.dev: process.env spread into the env of a tinyexec child process (internal-packages/testcontainers/src/utils.ts, v4.4.3, v4.5.3)', () => {
  // createPostgresContainer as at v4.4.3, cut down: `x` from tinyexec runs `prisma db push` with nodeOptions.env.
  const utils = (call: string, extra = '') =>
    [
      'import { x } from "tinyexec";',
      'export async function pushSchema(databasePath: string, uri: string) {',
      `  await ${call}(\`\${databasePath}/node_modules/.bin/prisma\`, ["db", "push"], {`,
      '    nodeOptions: {',
      '      env: {',
      '        ...process.env,',
      '        DATABASE_URL: uri,',
      '      },',
      '    },',
      '  });',
      `  return process.env.TESTCONTAINERS_CPU;${extra}`,
      '}',
    ].join('\n');
  const sources = ['internal-packages/testcontainers/src/**/*.ts'];

  it('the environment handed to another program is no read of the service: decided, and a removed read is still found', async () => {
    const repo = repoOf([
      ['4.4.2', { 'internal-packages/testcontainers/src/utils.ts': utils('x') }],
      ['4.4.3', { 'internal-packages/testcontainers/src/utils.ts': utils('x', '\n  // changed') }],
      ['4.4.4', { 'internal-packages/testcontainers/src/utils.ts': utils('x').replace('process.env.TESTCONTAINERS_CPU', 'undefined') }],
    ]);
    const same = await envOf(repo, '4.4.2', '4.4.3', sources);
    expect(same.notes).toEqual([]);
    expect(same.verdict).toEqual({ checked: true, breaking: false });
    const removed = await envOf(repo, '4.4.3', '4.4.4', sources);
    expect(removed.changes).toEqual([{ type: 'removed', name: 'TESTCONTAINERS_CPU', previousDefault: null }]);
  });

  it('nodeOptions of a call that is not tinyexec hands the object to code not followed: unknown, with the file and line', async () => {
    const local = (extra: string) => utils('run', extra).replace('import { x } from "tinyexec";', 'import { run } from "./run";');
    const repo = repoOf([
      ['1.0.0', { 'internal-packages/testcontainers/src/utils.ts': local('') }],
      ['1.0.1', { 'internal-packages/testcontainers/src/utils.ts': local('\n  // changed') }],
    ]);
    const result = await envOf(repo, '1.0.0', '1.0.1', sources);
    expect(result.verdict.checked).toBe(false);
    expect(result.notes.join('\n')).toContain('internal-packages/testcontainers/src/utils.ts:5: process.env is spread into');
  });
});

describe('formbricks: a function whose result is process.env (`getAIEnvironment`, packages/ai/src/shared.ts, 4.9.1 … 5.3.3)', () => {
  // packages/ai/src/shared.ts as at 5.3.3, cut down to normalizeValue and getAIEnvironment; provider.ts cut down from 5.3.3
  // (getActiveAiProvider, getActiveAiModel, getAiConfigurationStatus read the variables off its result).
  const shared = (body = 'environment ?? process.env') =>
    [
      'export const normalizeValue = (value?: string | null): string | undefined => {',
      '  if (typeof value !== "string") return undefined;',
      '  const trimmed = value.trim();',
      '  return trimmed.length > 0 ? trimmed : undefined;',
      '};',
      `export const getAIEnvironment = (environment?: AIEnvironment): AIEnvironment => ${body};`,
    ].join('\n');
  const provider = (extra = '', model = 'normalizeValue(getAIEnvironment(environment).AI_MODEL) ?? null') =>
    [
      'import { getAIEnvironment, normalizeValue } from "./shared";',
      'export const getActiveAiProvider = (environment?: AIEnvironment) => getAIEnvironment(environment).AI_PROVIDER;',
      `export const getActiveAiModel = (environment?: AIEnvironment): string | null => ${model};`,
      'export const getAiConfigurationStatus = (environment?: AIEnvironment) => {',
      '  const resolvedEnvironment = getAIEnvironment(environment);',
      '  const { AI_AZURE_API_VERSION: version = "2024-10-21" } = resolvedEnvironment;',
      `  return { provider: normalizeValue(resolvedEnvironment.AI_PROVIDER), version };${extra}`,
      '};',
    ].join('\n');
  const sources = ['packages/ai/src/**/*.ts'];

  it('the variables read off its result are reads: an unchanged surface is decided, a removed read and a changed default are found', async () => {
    const repo = repoOf([
      ['5.3.2', { 'packages/ai/src/shared.ts': shared(), 'packages/ai/src/provider.ts': provider() }],
      ['5.3.3', { 'packages/ai/src/provider.ts': provider('\n  // changed') }],
      ['5.3.4', { 'packages/ai/src/provider.ts': provider('', 'null').replace('"2024-10-21"', '"2025-01-01"') }],
    ]);
    const same = await envOf(repo, '5.3.2', '5.3.3', sources);
    expect(same.notes).toEqual([]);
    expect(same.verdict).toEqual({ checked: true, breaking: false });
    const changed = await envOf(repo, '5.3.3', '5.3.4', sources);
    expect(changed.changes).toEqual([
      { type: 'defaultChanged', name: 'AI_AZURE_API_VERSION', previousDefault: '2024-10-21', defaultValue: '2025-01-01' },
      { type: 'removed', name: 'AI_MODEL', previousDefault: null },
    ]);
    expect(changed.verdict).toEqual({ checked: true, breaking: true });
  });

  it('through a namespace import too', async () => {
    const viaNamespace = ['import * as shared from "./shared";', 'export const model = () => shared.getAIEnvironment().AI_MODEL;'].join('\n');
    const repo = repoOf([
      ['1.0.0', { 'packages/ai/src/shared.ts': shared(), 'packages/ai/src/model.ts': viaNamespace }],
      ['1.0.1', { 'packages/ai/src/model.ts': 'export const model = () => null;' }],
    ]);
    const result = await envOf(repo, '1.0.0', '1.0.1', sources);
    expect(result.changes).toEqual([{ type: 'removed', name: 'AI_MODEL', previousDefault: null }]);
    expect(result.verdict).toEqual({ checked: true, breaking: true });
  });

  it.each([
    [
      'its result handed to a function not followed (the adapter of provider.ts)',
      'packages/ai/src/provider.ts',
      provider('\n  adapter.validate(resolvedEnvironment);'),
      'packages/ai/src/provider.ts:8: resolvedEnvironment is passed to adapter.validate()',
    ],
    [
      'the function itself handed on as a value',
      'packages/ai/src/provider.ts',
      provider('\n  const pick = getAIEnvironment;'),
      'packages/ai/src/provider.ts:8: getAIEnvironment returns the env object and is used here other than called',
    ],
    [
      'a function that returns process.env in one place and another value in another',
      'packages/ai/src/shared.ts',
      shared('{ if (environment) return environment; return { ...process.env, AI_MODEL: "x" }; }'),
      'packages/ai/src/shared.ts:6: process.env is spread into',
    ],
  ])('%s: unknown, with the file and line', async (_name, path, changed, reason) => {
    const repo = repoOf([
      ['1.0.0', { 'packages/ai/src/shared.ts': shared(), 'packages/ai/src/provider.ts': provider() }],
      ['1.0.1', { [path]: changed }],
    ]);
    const result = await envOf(repo, '1.0.0', '1.0.1', sources);
    expect(result.verdict.checked).toBe(false);
    expect(result.notes.join('\n')).toContain(reason);
  });
});

describe('an env module imported through a tsconfig alias or a workspace package (outline `@shared/env`, formbricks `@formbricks/ai`)', () => {
  // Before: only relative imports were linked, so `env.X` through `@shared/env` was no read at all, and a removed one passed as `true`.
  const sharedEnv = 'const env = typeof window === "undefined" ? process.env : window.env;\nexport default env as Record<string, any>;\n';
  const tsconfig = '{ "compilerOptions": { "paths": { "@shared/*": ["./shared/*"] } } }\n';

  it('a tsconfig paths alias: the reads through it are reads, and a removed one is found', async () => {
    const slack = (read: string) => `import env from "@shared/env";\nexport const clientId = () => ${read};\n`;
    const repo = repoOf([
      ['1.0.0', { 'tsconfig.json': tsconfig, 'shared/env.ts': sharedEnv, 'server/slack.ts': slack('env.SLACK_CLIENT_ID') }],
      ['1.0.1', { 'server/slack.ts': slack('undefined') }],
    ]);
    const result = await envOf(repo, '1.0.0', '1.0.1', ['server/**/*.ts', 'shared/**/*.ts']);
    expect(result.changes).toEqual([{ type: 'removed', name: 'SLACK_CLIENT_ID', previousDefault: null }]);
    expect(result.verdict).toEqual({ checked: true, breaking: true });
  });

  it('a workspace package: an env source imported by its package name is followed', async () => {
    const web = (read: string) => `import { getAIEnvironment } from "@formbricks/ai";\nexport const model = () => ${read};\n`;
    const repo = repoOf([
      [
        '1.0.0',
        {
          'package.json': '{ "name": "root", "private": true, "workspaces": ["apps/*", "packages/*"] }\n',
          'packages/ai/package.json': '{ "name": "@formbricks/ai", "main": "./src/index.ts" }\n',
          'packages/ai/src/index.ts': 'export const getAIEnvironment = (environment?: Record<string, string>) => environment ?? process.env;\n',
          'apps/web/lib/ai.ts': web('getAIEnvironment().AI_MODEL'),
        },
      ],
      ['1.0.1', { 'apps/web/lib/ai.ts': web('null') }],
    ]);
    const result = await envOf(repo, '1.0.0', '1.0.1', ['apps/web/**/*.ts', 'packages/ai/src/**/*.ts']);
    expect(result.changes).toEqual([{ type: 'removed', name: 'AI_MODEL', previousDefault: null }]);
  });
});

describe('an env source behind `export * from` (a package index)', () => {
  it('the importer of the index reads through it: a removed read is found', async () => {
    const web = (read: string) => `import { getEnv } from "./lib";\nexport const model = () => ${read};\n`;
    const repo = repoOf([
      [
        '1.0.0',
        {
          'src/lib/index.ts': 'export * from "./env";\nexport * from "./other";\n',
          'src/lib/other.ts': 'export const other = 1;\n',
          'src/lib/env.ts': 'export function getEnv() {\n  return process.env;\n}\n',
          'src/web.ts': web('getEnv().AI_MODEL'),
        },
      ],
      ['1.0.1', { 'src/web.ts': web('null') }],
    ]);
    const result = await envOf(repo, '1.0.0', '1.0.1', ['src/**/*.ts']);
    expect(result.changes).toEqual([{ type: 'removed', name: 'AI_MODEL', previousDefault: null }]);
  });

  it('and through a namespace import of the index', async () => {
    const web = (read: string) => `import * as lib from "./lib";\nexport const model = () => ${read};\n`;
    const repo = repoOf([
      [
        '1.0.0',
        {
          'src/lib/index.ts': 'export * from "./env";\n',
          'src/lib/env.ts': 'export const getEnv = () => process.env;\n',
          'src/web.ts': web('lib.getEnv().AI_MODEL'),
        },
      ],
      ['1.0.1', { 'src/web.ts': web('null') }],
    ]);
    const result = await envOf(repo, '1.0.0', '1.0.1', ['src/**/*.ts']);
    expect(result.changes).toEqual([{ type: 'removed', name: 'AI_MODEL', previousDefault: null }]);
  });
});
