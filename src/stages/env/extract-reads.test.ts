import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { extractEnvReads, factsOf, parseSource, type EnvRead } from './extract-reads.js';

const HELPERS = ['getIntegerFromEnvironmentVariable'];
const summary = (reads: EnvRead[]) => reads.map((read) => `${read.line} ${read.name}=${read.default ?? '∅'} @${read.shape}`);

function readsOf(text: string, path = 'src/config.ts'): string[] {
  const extraction = extractEnvReads(text, path, HELPERS);
  if (!extraction.ok) throw new Error(extraction.message);
  return summary(extraction.reads);
}

describe('defaults that are another variable (defaultFrom)', () => {
  const fromOf = (text: string) => {
    const extraction = extractEnvReads(text, 'src/config.ts', []);
    if (!extraction.ok) throw new Error(extraction.message);
    return extraction.reads.filter((read) => read.name === 'R').map((read) => ({ defaultFrom: read.defaultFrom, opaque: read.opaque }));
  };
  // Modelled on lightdash 0.1623.0, packages/backend/src/config/parseConfig.ts (parseResultsS3Config).
  const base = 'const parseBase = () => {\n  const bucket = process.env.S3_BUCKET;\n  return { bucket };\n};\n';
  it('follows a destructured result of a same-file function to the variable it holds', () => {
    expect(fromOf(`${base}export const f = () => {\n  const { bucket: b } = parseBase();\n  return process.env.R || b;\n};`)).toEqual([
      { defaultFrom: ['S3_BUCKET'], opaque: undefined },
    ]);
  });
  it.each([
    [
      'a function that takes a parameter',
      'const parseBase = (x) => {\n  const bucket = process.env.S3_BUCKET;\n  return { bucket };\n};\nexport const f = () => {\n  const { bucket: b } = parseBase();\n  return process.env.R || b;\n};',
    ],
    ['a let binding', `${base}export const f = () => {\n  let { bucket: b } = parseBase();\n  return process.env.R || b;\n};`],
    [
      'an object whose member is assigned',
      `${base}export const f = () => {\n  const o = parseBase();\n  o.bucket = 'x';\n  return process.env.R || o.bucket;\n};`,
    ],
    ['a parameter that shadows the name', `const b = process.env.S3_BUCKET;\nexport const f = (b) => process.env.R || b;`],
    [
      'a function that returns in two places',
      "const parseBase = () => {\n  if (process.env.X) return { bucket: 'a' };\n  return { bucket: process.env.S3_BUCKET };\n};\nexport const f = () => {\n  const { bucket: b } = parseBase();\n  return process.env.R || b;\n};",
    ],
    [
      'an object with a spread',
      `${base}export const f = (extra) => {\n  const o = { bucket: process.env.S3_BUCKET, ...extra };\n  return process.env.R || o.bucket;\n};`,
    ],
  ])('does not follow %s (the default stays opaque)', (_name, text) => {
    const [read] = fromOf(text);
    expect(read?.defaultFrom).toBeUndefined();
    expect(read?.opaque).toBeDefined();
  });
});

describe('names computed from constants (src/syntax/constants.ts)', () => {
  const read = (text: string) => {
    const extraction = extractEnvReads(text, 'src/config.ts', []);
    if (!extraction.ok) throw new Error(extraction.message);
    return { reads: summary(extraction.reads), unresolved: extraction.unresolved.map((entry) => `${entry.line}: ${entry.reason}`) };
  };
  // rallly v4.12.3, packages/emails/src/transport.ts (written so a bundler does not inline it).
  it('reads a name concatenated from literals', () => {
    expect(read('const ses = { region: process.env["AWS" + "_REGION"] as string };')).toEqual({ reads: ['1 AWS_REGION=∅ @ses.region'], unresolved: [] });
  });
  it('reads a name built from a module-level constant', () => {
    expect(read("const PREFIX = 'APP_';\nexport const port = process.env[`${PREFIX}PORT`] || '80';")).toEqual({
      reads: ['2 APP_PORT=80 @port'],
      unresolved: [],
    });
  });
  it('does not take a parameter for the module-level constant it shadows', () => {
    expect(read("const PREFIX = 'APP_';\nexport const get = (PREFIX) => process.env[PREFIX + 'PORT'];").unresolved).toHaveLength(1);
  });
  // rallly v4.12.3, apps/web/src/lib/outbound-proxy.ts.
  const proxy = [
    'const PROXY_ENV_VARS = [', //
    '  "HTTP_PROXY",',
    '  "HTTPS_PROXY",',
    '] as const;',
    'export function setupOutboundProxy() {', // 5
    '  const configured = PROXY_ENV_VARS.filter((name) => process.env[name]);',
    '  if (configured.length === 0) return;',
    '  log(Object.fromEntries(configured.map((name) => [name, process.env[name] as string])));',
    '}',
  ].join('\n');
  it('reads each name of a constant list a callback is called with', () => {
    expect(read(proxy)).toEqual({
      reads: [
        '6 HTTPS_PROXY=∅ @setupOutboundProxy.configured',
        '6 HTTP_PROXY=∅ @setupOutboundProxy.configured',
        '8 HTTPS_PROXY=∅ @setupOutboundProxy',
        '8 HTTP_PROXY=∅ @setupOutboundProxy',
      ],
      unresolved: [],
    });
  });
  it('does not read a list that is not constant', () => {
    expect(read('export function f(names) {\n  return names.filter((name) => process.env[name]);\n}').unresolved).toHaveLength(1);
    expect(
      read("const LIST = ['A'];\nexport function f() {\n  LIST.push(other());\n  return LIST.map((name) => process.env[name]);\n}").unresolved,
    ).toHaveLength(1);
  });
});

describe('extractEnvReads', () => {
  it('finds every supported form with its default and place', () => {
    const text = [
      "import { env as nodeEnv } from 'node:process';", // 1
      "const PORT_NAME = 'PORT';",
      "const DEFAULT_HOST = 'localhost';",
      'const env = process.env;',
      "const { A, B: bee = 'd', ['C']: c } = process.env;", // 5
      'export const config = {',
      "  port: parseInt(process.env.PORT || '10', 10),",
      "  host: process.env['HOST'] ?? DEFAULT_HOST,",
      "  debug: process.env.DEBUG === 'true',",
      "  cache: process.env.CACHE !== 'false',", // 10
      "  url: process.env.NEW || process.env.OLD || 'x',",
      '  viaAlias: env.ALIASED,',
      "  viaImport: nodeEnv.IMPORTED?.trim() || 'imp',",
      '  helper: getIntegerFromEnvironmentVariable(',
      '    PORT_NAME,', // 15
      '    42,',
      '  ),',
      "  method: this.getIntegerFromEnvironmentVariable('H2') || 7,",
      '  num: Number(process.env.NUM) || -3,',
      '  cast: (process.env.CAST as string) ?? `tpl`,', // 20
      '};',
    ].join('\n');
    expect(readsOf(text)).toEqual([
      '5 A=∅ @A',
      '5 B=d @bee',
      '5 C=∅ @c',
      '7 PORT=10 @config.port',
      '8 HOST=localhost @config.host',
      '9 DEBUG=false @config.debug',
      '10 CACHE=true @config.cache',
      '11 NEW=x @config.url',
      '11 OLD=x @config.url',
      '12 ALIASED=∅ @config.viaAlias',
      '13 IMPORTED=imp @config.viaImport',
      '14 PORT=42 @config.helper',
      '18 H2=7 @config.method',
      '19 NUM=-3 @config.num',
      '20 CAST=tpl @config.cast',
    ]);
  });

  it('takes the false branch of a conditional read, folding numeric constants', () => {
    const text = [
      'const DEFAULT_TIMEOUT = 1000 * 60 * 10;',
      'export const scheduler = {',
      '  timeout: process.env.JOB_TIMEOUT ? parseInt(process.env.JOB_TIMEOUT, 10) : DEFAULT_TIMEOUT,',
      "  mode: process.env.MODE ? 'custom' : 'auto',",
      "  concat: process.env.CONCAT || '10' + 5,",
      '  computed: process.env.COMPUTED ? 1 : compute(),',
      '};',
    ].join('\n');
    expect(readsOf(text)).toEqual([
      '3 JOB_TIMEOUT=600000 @scheduler.timeout',
      '3 JOB_TIMEOUT=600000 @scheduler.timeout',
      '4 MODE=auto @scheduler.mode',
      '5 CONCAT=∅ @scheduler.concat',
      '6 COMPUTED=∅ @scheduler.computed',
    ]);
  });

  it('names the enclosing function and class when there is no property', () => {
    const text =
      "export class Settings {\n  load() {\n    if (process.env.FEATURE_X) return 1;\n  }\n}\nexport function boot() { return process.env.BOOT ?? 'fast'; }";
    expect(readsOf(text)).toEqual(['3 FEATURE_X=∅ @Settings.load', '6 BOOT=fast @boot']);
  });

  it('ignores writes, method calls, dynamic names and non-literal defaults', () => {
    const text =
      "process.env.TZ = 'UTC';\ndelete process.env.GONE;\nprocess.env.hasOwnProperty('X');\nexport const f = (name: string) => process.env[name];\nexport const g = getIntegerFromEnvironmentVariable(`P_${1}`);\nexport const h = process.env.H || compute();";
    expect(readsOf(text)).toEqual(['6 H=∅ @h']);
  });

  it('a constant bound twice with different values resolves to nothing', () => {
    const text =
      "function a() { const NAME = 'ONE'; return getIntegerFromEnvironmentVariable(NAME); }\nfunction b() { const NAME = 'TWO'; return getIntegerFromEnvironmentVariable(NAME); }";
    expect(readsOf(text)).toEqual([]);
  });

  it('reads JavaScript and TSX files by their extension', () => {
    expect(readsOf('module.exports = { port: process.env.PORT || 80 };', 'config/index.cjs')).toEqual(['1 PORT=80 @port']);
    expect(readsOf("export const App = () => <div title={process.env.TITLE ?? 'app'} />;", 'src/app.tsx')).toEqual(['1 TITLE=app @App']);
  });

  it('reads through optional chaining, TypeScript wrappers and parentheses', () => {
    const text = [
      'export const c = {',
      "  a: process.env?.A ?? 'a',",
      "  b: process.env?.['B'] || 'b',",
      "  c: ((process.env.C as string | undefined)) ?? 'c',",
      "  d: process.env.D! || 'd',",
      "  e: (process.env.E satisfies string | undefined) ?? 'e',",
      "  f: <string>process.env.F || 'f',",
      "  g: process.env.G?.trim().toLowerCase() || 'g',",
      '  h: process.env.H ? Number(process.env.H) : -(1),',
      '};',
      "process.env.W ??= 'w';",
      "delete process.env['X'];",
    ].join('\n');
    // `??=` reads before it writes: the literal is what an unset W becomes (a plain `delete` reads nothing).
    expect(readsOf(text)).toEqual([
      '2 A=a @c.a',
      '3 B=b @c.b',
      '4 C=c @c.c',
      '5 D=d @c.d',
      '6 E=e @c.e',
      '7 F=f @c.f',
      '8 G=g @c.g',
      '9 H=∅ @c.h',
      '9 H=∅ @c.h',
      '11 W=w @<top>',
    ]);
  });

  it('names class members, getters and computed keys as written; setters and constructors add no name', () => {
    const text = [
      'export class Settings {',
      "  #secret = process.env.SECRET ?? 's';",
      '  static [KEY] = process.env.KEYED;',
      "  'quoted-key' = process.env.QUOTED;",
      '  get port() { return process.env.PORT; }',
      '  set port(value) { this.p = process.env.SETTER; }',
      '  constructor() { this.c = process.env.CTOR; }',
      '}',
      'export const o = { method() { return process.env.IN_METHOD; }, get g() { return process.env.IN_GETTER; } };',
      "export function f({ p = process.env.PARAM ?? 'pp' }, [q = process.env.ARRAY]) {}",
    ].join('\n');
    expect(readsOf(text)).toEqual([
      '2 SECRET=s @Settings.#secret',
      '3 KEYED=∅ @Settings.[KEY]',
      "4 QUOTED=∅ @Settings.'quoted-key'",
      '5 PORT=∅ @Settings.port',
      '6 SETTER=∅ @Settings',
      '7 CTOR=∅ @Settings',
      '9 IN_GETTER=∅ @o.g',
      '9 IN_METHOD=∅ @o.method',
      '10 ARRAY=∅ @f.q',
      '10 PARAM=pp @f.p',
    ]);
  });

  it('quotes an env object handed on as written, parentheses included', () => {
    const extraction = extractEnvReads('doSomething((process.env as NodeJS.ProcessEnv));\nfor (const key in (process.env)) {}', 'src/config.ts', HELPERS);
    expect(extraction.ok && extraction.unresolved).toEqual([
      {
        line: 1,
        escape: true,
        reason:
          '(process.env as NodeJS.ProcessEnv) is passed to doSomething(), which may read any variable: the names it reads cannot be followed (safe fixes: read the variables by name; or list the parameter that receives it in env.objects, so its property reads are read as variables; never exclude the file, which hides them)',
      },
      { line: 2, reason: 'for (… in (process.env)) reads every variable by a computed name, so they cannot be named' },
    ]);
  });

  it('a called method of process.env is no read, parenthesized or not', () => {
    expect(readsOf("process.env.hasOwnProperty('A');\n(process.env.hasOwnProperty)('B');\nexport const c = process.env.C;")).toEqual(['3 C=∅ @c']);
  });

  it('module facts of CommonJS and of ES modules: what importers see, and which imports are used as values', () => {
    const facts = (text: string, path: string) => {
      const parsed = parseSource(text, path);
      if (!parsed.ok) throw new Error(parsed.message);
      const result = factsOf(parsed.sourceFile, { helpers: [], objects: [] });
      return { exports: Object.fromEntries(result.exports), imports: result.imports.map((entry) => `${entry.local}<-${entry.specifier}:${entry.imported}`) };
    };
    expect(facts('module.exports = { ...process.env, PORT: process.env.PORT || 80 };', 'config/env.cjs')).toEqual({
      exports: { default: { kind: 'env', ownKeys: ['PORT'] } },
      imports: [],
    });
    const esm = [
      "import base, { DEFAULT_PORT, type Options } from './base';",
      "import * as constants from './constants';",
      "import { Parent } from './parent';",
      "import { unused } from './unused';",
      'export const PORT = 3000;',
      "export const DEFAULTS = { host: 'localhost', retries: -1 };",
      'export default new Proxy(process.env, {});',
      "export { base as reexported, DEFAULT_PORT } from './base';",
      'export class Env extends Parent { opts?: Options; p = constants.PORT; }',
      'unused();',
    ].join('\n');
    expect(facts(esm, 'src/env.ts')).toEqual({
      exports: {
        PORT: { kind: 'constant', value: '3000' },
        DEFAULTS: { kind: 'object', values: { host: 'localhost', retries: '-1' } },
        default: { kind: 'env', ownKeys: [] },
        reexported: { kind: 'reexport', specifier: './base', imported: 'base' },
        DEFAULT_PORT: { kind: 'reexport', specifier: './base', imported: 'DEFAULT_PORT' },
      },
      // A called import (`unused()`) is linked too: it may be an env source (formbricks' getAIEnvironment); a type (`Options`) and a class heritage (`Parent`) are not.
      imports: ['base<-./base:default', 'DEFAULT_PORT<-./base:DEFAULT_PORT', 'constants<-./constants:*', 'unused<-./unused:unused'],
    });
  });

  it('reads declaration files and .mts/.cjs sources by their extension; a JavaScript file may hold JSX', () => {
    expect(readsOf('export declare const a: string;\nexport const b: number;\n', 'src/types.d.ts')).toEqual([]);
    expect(readsOf("export const port = process.env.PORT ?? '1';", 'src/env.mts')).toEqual(['1 PORT=1 @port']);
    expect(readsOf("if (!process.env.NEEDED) return;\nexports.x = process.env.X || 'x';", 'src/env.cjs')).toEqual(['1 NEEDED=∅ @<top>', '2 X=x @<top>']);
    expect(readsOf("export const App = () => <p>{process.env.TITLE || 'app'}</p>;", 'src/app.js')).toEqual(['1 TITLE=app @App']);
  });

  it('reads configured dotted objects: import.meta.env and this.config.env', () => {
    const text = [
      "export const api = import.meta.env.VITE_API_URL ?? 'http://localhost';",
      "const { VITE_MODE = 'dev' } = import.meta.env;",
      "class A { constructor(private readonly config: Cfg) {} get x() { return this.config.env.CFG_X || 'cx'; } }",
    ].join('\n');
    const extraction = extractEnvReads(text, 'src/client.ts', [], { objects: ['import.meta.env', 'this.config.env'] });
    expect(extraction.ok && summary(extraction.reads)).toEqual(['1 VITE_API_URL=http://localhost @api', '2 VITE_MODE=dev @VITE_MODE', '3 CFG_X=cx @A.x']);
  });

  it('reports the first syntax error with file and line', () => {
    expect(extractEnvReads('export const a = 1;\nexport const b = ;', 'src/bad.ts', HELPERS)).toEqual({ ok: false, line: 2, message: 'Unexpected token' });
  });

  it('climbs through a function given the value first (outline: `this.toOptionalNumber(environment.X) ?? 10 * 1000`)', () => {
    const text =
      'export class Environment {\n  public REQUEST_TIMEOUT = this.toOptionalNumber(process.env.REQUEST_TIMEOUT) ?? 10 * 1000;\n  public SECURE = this.toBoolean(process.env.SMTP_SECURE ?? "true");\n}';
    expect(readsOf(text)).toEqual(['2 REQUEST_TIMEOUT=10000 @Environment.REQUEST_TIMEOUT', '3 SMTP_SECURE=true @Environment.SECURE']);
  });

  it('lists reads it cannot name apart from the reads (for…in, Object.keys, a computed key)', () => {
    const extraction = extractEnvReads(
      'for (const key in process.env) console.log(key);\nexport const keys = Object.keys(process.env);\nexport const a = process.env.A;',
      'src/config.ts',
      HELPERS,
    );
    expect(extraction.ok && extraction.unresolved.map((entry) => entry.line)).toEqual([1, 2]);
    expect(extraction.ok && summary(extraction.reads)).toEqual(['3 A=∅ @a']);
  });
});

// Issue 32: 13 of the reference service's 381 releases were `unknown` because a configured helper that
// takes a value (`getPemFileContent(process.env.CERT)`) was read as reading a variable by a computed name.
describe('configured helpers that take a value, not a name', () => {
  const helpers = ['getObjectFromEnvironmentVariable', 'getMaybeBase64EncodedFromEnvironmentVariable', 'getPemFileContent'];
  const lightdash = readFileSync(new URL('../../../fixtures/env/value-helpers/parseConfig.ts', import.meta.url), 'utf8');

  it('reads the variable passed as the value; the call reads nothing by a computed name', () => {
    const extraction = extractEnvReads(lightdash, 'src/config/parseConfig.ts', helpers);
    if (!extraction.ok) throw new Error(extraction.message);
    expect(extraction.unresolved).toEqual([]);
    expect(extraction.reads.map((read) => read.name).sort()).toEqual(['AUTH_AZURE_AD_OID', 'AUTH_AZURE_AD_PRIVATE_KEY', 'AUTH_AZURE_AD_X509_CERT']);
  });

  it('a helper that uses its parameter as a name stays unresolved when given a computed one', () => {
    const text = [
      'const getObjectFromEnvironmentVariable = (name: string) => JSON.parse(process.env[name] ?? "{}");',
      'const viaAlias = (name: string) => { const key = name; return process.env[key]; };',
      'const viaHelper = (name: string) => getObjectFromEnvironmentVariable(name);',
      'export const a = getObjectFromEnvironmentVariable(process.env.WHICH as string);',
      'export const b = viaAlias(process.env.WHICH2 as string);',
      'export const c = viaHelper(process.env.WHICH3 as string);',
    ].join('\n');
    const extraction = extractEnvReads(text, 'src/config.ts', ['getObjectFromEnvironmentVariable', 'viaAlias', 'viaHelper']);
    if (!extraction.ok) throw new Error(extraction.message);
    expect(extraction.unresolved.map((entry) => entry.line)).toEqual([4, 5, 6]);
  });
});
