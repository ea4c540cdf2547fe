import { describe, expect, it } from 'vitest';
import { runEnvStage } from './run-env-stage.js';

/**
 * Env reads where real services put them: through an imported wrapper module, with defaults from
 * constants of other files, under default excludes; renames found anywhere in a file; reads that
 * cannot be named make the surface unknown.
 */
const SERVER = { sources: ['server/**/*.ts'] };
const changesOf = (result: Awaited<ReturnType<typeof runEnvStage>>) => result.section.changes.map((change) => JSON.stringify(change));

/** outline's shape: `server/utils/environment.ts` exports `process.env`; `server/env.ts` reads `environment.X`. */
const OUTLINE_ENVIRONMENT = 'import dotenv from "dotenv";\nprocess.env = { ...dotenv.parse(""), ...process.env };\nexport default process.env;\n';

describe('reads through wrapper modules', () => {
  it.each([
    ['a module that exports process.env', OUTLINE_ENVIRONMENT],
    [
      'a Proxy over process.env',
      'const environment = new Proxy(process.env, { get: (target, key: string) => target[key]?.trim() });\nexport default environment;\n',
    ],
    [
      'a Proxy that forwards to process.env[key]',
      'export default new Proxy({} as Record<string, string | undefined>, {\n  get(_target, key: string) {\n    return process.env[key];\n  },\n});\n',
    ],
    ['an object spread of process.env', 'const env = { ...process.env, isProduction: process.env.NODE_ENV === "production" };\nexport default env;\n'],
  ])('%s: its importers property reads are env reads', async (_name, wrapper) => {
    const env = (smtp: string) =>
      `import environment from "./utils/environment";\nexport class Environment {\n  public SMTP_HOST = environment.${smtp};\n  public PORT = environment.PORT ?? "3000";\n  public PROD = environment.isProduction;\n}\n`;
    const result = await runEnvStage(
      { 'server/utils/environment.ts': wrapper, 'server/env.ts': env('SMTP_HOST') },
      { 'server/utils/environment.ts': wrapper, 'server/env.ts': env('SMTP_SERVER') },
      SERVER,
    );
    expect(result.notes).toEqual([]);
    expect(changesOf(result)).toEqual(['{"type":"renamed","name":"SMTP_SERVER","previousName":"SMTP_HOST","defaultValue":null}']);
  });

  it('a wrapper outside env.sources is followed; a re-export chain and a named export too', async () => {
    const files = (port: string) => ({
      'lib/raw-env.ts': 'export const env = process.env;\n',
      'lib/index.ts': "export { env as environment } from './raw-env';\n",
      'server/config.ts': `import { environment } from '../lib/index.js';\nexport const port = environment.PORT ?? '${port}';\n`,
    });
    const result = await runEnvStage(files('3000'), files('8080'), SERVER);
    expect(changesOf(result)).toEqual(['{"type":"defaultChanged","name":"PORT","previousDefault":"3000","defaultValue":"8080"}']);
  });

  it('env.objects names an object the wrappers do not reveal', async () => {
    const source = (name: string) => `export const url = this.config.env.${name};\n`;
    const result = await runEnvStage({ 'server/a.ts': source('A_URL') }, { 'server/a.ts': source('B_URL') }, { ...SERVER, objects: ['this.config.env'] });
    expect(changesOf(result)).toEqual(['{"type":"renamed","name":"B_URL","previousName":"A_URL","defaultValue":null}']);
  });
});

describe('defaults held in constants of other files', () => {
  it('a constant imported from another file, named, namespaced or a property of an object constant', async () => {
    const constants = (port: number) => `export const DEFAULT_PORT = ${port};\nexport const DEFAULTS = { host: 'localhost', timeout: 10 * 1000 } as const;\n`;
    const server = [
      "import { DEFAULT_PORT, DEFAULTS } from '../shared/constants';",
      "import * as C from '../shared/constants';",
      'export const port = Number(process.env.PORT ?? DEFAULT_PORT);',
      'export const host = process.env.HOST || DEFAULTS.host;',
      'export const timeout = process.env.TIMEOUT ?? C.DEFAULTS.timeout;',
      'export const admin = process.env.ADMIN_PORT ?? C.DEFAULT_PORT;',
    ].join('\n');
    const result = await runEnvStage(
      { 'shared/constants.ts': constants(3000), 'server/config.ts': server },
      { 'shared/constants.ts': constants(8080), 'server/config.ts': server },
      SERVER,
    );
    expect(result.notes).toEqual([]);
    expect(changesOf(result)).toEqual([
      '{"type":"defaultChanged","name":"ADMIN_PORT","previousDefault":"3000","defaultValue":"8080"}',
      '{"type":"defaultChanged","name":"PORT","previousDefault":"3000","defaultValue":"8080"}',
    ]);
    const reads = (
      await runEnvStage(
        { 'shared/constants.ts': constants(3000), 'server/config.ts': server },
        { 'shared/constants.ts': constants(3000), 'server/config.ts': `${server}\n` },
        SERVER,
      )
    ).findings;
    expect(reads).toEqual([]);
  });

  it('a release that changes only the constants file is not skipped as "no configured file changed"', async () => {
    const server = "import { DEFAULT_LEVEL } from './defaults';\nexport const level = process.env.LOG_LEVEL ?? DEFAULT_LEVEL;\n";
    const result = await runEnvStage(
      { 'server/config.ts': server, 'server/defaults.ts': "export const DEFAULT_LEVEL = 'info';" },
      { 'server/config.ts': server, 'server/defaults.ts': "export const DEFAULT_LEVEL = 'debug';" },
      { sources: ['server/config.ts'] },
    );
    expect(changesOf(result)).toEqual(['{"type":"defaultChanged","name":"LOG_LEVEL","previousDefault":"info","defaultValue":"debug"}']);
  });
});

describe('scope: files that are not the server', () => {
  it('a dev-tool config does not join its PORT default with the server’s, nor do tests and stories', async () => {
    const tree = (vitePort: number) => ({
      'src/server.ts': "export const port = process.env.PORT || '3000';",
      'src/emails/vite.config.ts': `export default { server: { port: Number(process.env.PORT ?? ${vitePort}) } };`,
      'src/server.test.ts': "process.env.TEST_ONLY = '1'; export const t = process.env.TEST_DB_URL;",
      'src/button.stories.tsx': 'export const s = process.env.STORYBOOK_THEME;',
    });
    const result = await runEnvStage(tree(5173), { ...tree(6006), 'src/server.test.ts': 'export {};' }, { sources: ['src/**/*.{ts,tsx}'] });
    expect(result.section).toEqual({ checked: true, breaking: false, changes: [] });
  });

  it("declaration files hold no code that runs: one that does not parse (hoppscotch's `export declare global`) is not read", async () => {
    // packages/hoppscotch-common/src/shims.d.ts: TypeScript accepts `export declare global {…}`; Babel refuses it.
    const shims = (hook: string) => `export declare global {\n  interface Window {\n    ${hook}: unknown\n  }\n}\n`;
    const server = (port: string) => `export const port = process.env.PORT ?? '${port}';\n`;
    const result = await runEnvStage(
      { 'src/shims.d.ts': shims('__A__'), 'src/server.ts': server('3000') },
      { 'src/shims.d.ts': shims('__B__'), 'src/server.ts': server('8080') },
      { sources: ['src/**/*.ts'] },
    );
    expect(result.notes).toEqual([]);
    expect(changesOf(result)).toEqual(['{"type":"defaultChanged","name":"PORT","previousDefault":"3000","defaultValue":"8080"}']);
  });

  it('env.exclude adds globs; a literal source path is read even when a default exclude matches it', async () => {
    const tree = (value: string) => ({
      'src/server.ts': 'export const a = 1;',
      'src/scripts/seed.ts': `export const s = process.env.SEED ?? '${value}';`,
      'vite.config.ts': `export const v = process.env.VITE_PORT ?? '${value}';`,
    });
    const excluded = await runEnvStage(tree('a'), tree('b'), { sources: ['src/**/*.ts'], exclude: ['src/scripts/**'] });
    expect(excluded.section.changes).toEqual([]);
    const literal = await runEnvStage(tree('a'), tree('b'), { sources: ['vite.config.ts'] });
    expect(changesOf(literal)).toEqual(['{"type":"defaultChanged","name":"VITE_PORT","previousDefault":"a","defaultValue":"b"}']);
  });

  it('a glob that selects only excluded files fails closed and says so', async () => {
    const result = await runEnvStage({ 'src/a.test.ts': 'process.env.A' }, { 'src/a.test.ts': 'process.env.B' }, { sources: ['src/**/*.ts'] });
    expect(result.notes[0]).toBe(
      'env surface could not be checked: env source glob "src/**/*.ts" select no file (2 excluded as not the server) at either ref: the layout of this release is not covered by the config (add the folder it used to the globs)',
    );
  });
});

describe('renames', () => {
  it('moved to another section of the same file, with the same default: renamed', async () => {
    const filler = Array.from({ length: 80 }, (_, i) => `  SETTING_${i}: process.env.SETTING_${i},`).join('\n');
    const base = `export const config = {\n  search: {\n${filler}\n    cacheAutocomplete: process.env.CACHE_AUTOCOMPLETE_RESULTS === 'true',\n  },\n};\n`;
    const head = `export const config = {\n  cache: { autocomplete: process.env.AUTOCOMPLETE_CACHE_ENABLED === 'true' },\n  search: {\n${filler}\n  },\n};\n`;
    const result = await runEnvStage({ 'src/config.ts': base }, { 'src/config.ts': head });
    expect(changesOf(result)).toEqual([
      '{"type":"renamed","name":"AUTOCOMPLETE_CACHE_ENABLED","previousName":"CACHE_AUTOCOMPLETE_RESULTS","defaultValue":"false"}',
    ]);
  });

  it('the old name of a fallback chain dropped later: renamed to the name it fell back from', async () => {
    const result = await runEnvStage(
      { 'src/config.ts': 'export const url = process.env.PUBLIC_URL ?? process.env.SITE_URL;\nexport const x = process.env.X;' },
      { 'src/config.ts': 'export const x = process.env.X;\nexport const url = process.env.PUBLIC_URL;' },
    );
    expect(changesOf(result)).toEqual(['{"type":"renamed","name":"PUBLIC_URL","previousName":"SITE_URL","defaultValue":null}']);
  });

  it('ambiguous pairs (two vanished, two new, same default) stay removed + added', async () => {
    const result = await runEnvStage(
      { 'src/config.ts': "export const a = process.env.A === 'true';\nexport const b = process.env.B === 'true';" },
      { 'src/config.ts': "export const c = process.env.C === 'true';\nexport const d = process.env.D === 'true';" },
    );
    expect(result.section.changes.map((change) => `${change.type}:${change.name}`)).toEqual(['removed:A', 'removed:B']);
  });
});

describe('reads that cannot be named make the surface unknown, with the reason', () => {
  it.each([
    [
      'a computed name',
      'export const flags = FLAGS.map((flag) => process.env[`FEATURE_${flag}`]);',
      'src/config.ts:2: process.env[`FEATURE_${flag}`] reads the variables named FEATURE_* (a part of the name is computed), which cannot be listed (at head (to))',
    ],
    [
      'process.env passed to a function',
      'export const config = loadConfig(process.env);',
      'src/config.ts:2: process.env is passed to loadConfig(), which may read any variable: the names it reads cannot be followed (safe fixes: read the variables by name; or list the parameter that receives it in env.objects, so its property reads are read as variables; never exclude the file, which hides them) (at head (to))',
    ],
    [
      'an env-reading helper of the repo',
      'export function setting(key: string) { return process.env[key]; }\nexport const port = setting("PORT");',
      'src/config.ts:2: process.env[key] reads a variable named by the callers of setting(): list "setting" in env.helpers so its calls are read (at head (to))',
    ],
  ])('%s', async (_name, head, note) => {
    const result = await runEnvStage({ 'src/config.ts': 'export const a = process.env.A;' }, { 'src/config.ts': `export const a = process.env.A;\n${head}` });
    expect(result.section).toEqual({ checked: false, breaking: 'unknown', changes: [] });
    expect(result.notes).toEqual([`env surface not fully read: ${note}`]);
  });

  it('a proven break stays a break (false), with the unknown noted', async () => {
    const result = await runEnvStage(
      { 'src/config.ts': 'export const a = process.env.A;\nexport const b = process.env.B;' },
      { 'src/config.ts': 'export const a = process.env.A;\nexport const c = load(process.env);' },
    );
    expect(result.section).toEqual({ checked: false, breaking: true, changes: [{ type: 'removed', name: 'B', previousDefault: null }] });
  });

  it('the helper listed in env.helpers: its body is followed through its calls, and the surface is checked', async () => {
    const source = (name: string) => `export function setting(key: string) { return process.env[key]; }\nexport const port = setting("${name}");`;
    const result = await runEnvStage(
      { 'src/config.ts': source('PORT') },
      { 'src/config.ts': source('HTTP_PORT') },
      { sources: ['src/**/*.ts'], helpers: ['setting'] },
    );
    expect(result.section).toEqual({
      checked: true,
      breaking: true,
      changes: [{ type: 'renamed', name: 'HTTP_PORT', previousName: 'PORT', defaultValue: null }],
    });
  });
});
