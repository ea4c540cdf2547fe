import { describe, expect, it } from 'vitest';
import { runEnvStage } from './run-env-stage.js';

/**
 * Forms of `process.env` real services use that the reader once skipped in silence, so a removed
 * variable or a changed default came out `checked: true, breaking: false`: each is now either read
 * or makes the surface unknown with the file and line.
 */
const changesOf = (result: Awaited<ReturnType<typeof runEnvStage>>) => result.section.changes.map((change) => JSON.stringify(change));
const pair = (base: string, head: string) => runEnvStage({ 'src/config.ts': base }, { 'src/config.ts': head });

describe('other spellings of process.env are read', () => {
  it.each([
    ["process['env']", "export const a = process['env'].A;\n"],
    ['globalThis.process.env', 'export const a = globalThis.process.env.A;\n'],
    ['global.process.env', 'export const a = global.process.env.A;\n'],
    ["require('node:process')", "const { env } = require('node:process');\nexports.a = env.A;\n"],
    ["require('process') bound to a name", "const proc = require('process');\nexports.a = proc.env.A;\n"],
    ["require('process').env inline", "exports.a = require('process').env.A;\n"],
    ['Bun.env', 'export const a = Bun.env.A;\n'],
    ['nested destructuring of process', 'const { env: { A } } = process;\nexport { A };\n'],
    ["'A' in process.env", "export const hasA = 'A' in process.env;\n"],
  ])('%s: a variable it read and the release dropped is removed', async (_name, reads) => {
    const kept = 'export const b = process.env.B;\n';
    const result = await pair(`${reads}${kept}`, kept);
    expect(result.notes).toEqual([]);
    expect(changesOf(result)).toEqual(['{"type":"removed","name":"A","previousDefault":null}']);
  });

  it('`process.env.TZ ??= lit` and `||=` set the default an unset variable gets: a changed literal is a changed default', async () => {
    const source = (tz: string, level: string) =>
      `process.env.TZ ??= '${tz}';\nprocess.env.LOG_LEVEL ||= '${level}';\nexport const tz = process.env.TZ;\nexport const level = process.env.LOG_LEVEL;`;
    const result = await pair(source('UTC', 'info'), source('Europe/Berlin', 'info'));
    expect(result.notes).toEqual([]);
    expect(changesOf(result)).toEqual(['{"type":"defaultChanged","name":"TZ","previousDefault":"UTC","defaultValue":"Europe/Berlin"}']);
  });

  it('a parameter destructured from process.env by default: its keys are variables with their defaults', async () => {
    const source = (port: string) => `export function load({ PORT = '${port}', HOST } = process.env) { return { PORT, HOST }; }`;
    const result = await pair(source('3000'), source('8080'));
    expect(result.notes).toEqual([]);
    expect(changesOf(result)).toEqual(['{"type":"defaultChanged","name":"PORT","previousDefault":"3000","defaultValue":"8080"}']);
  });

  it('`process.env || {}` (an isomorphic guard) is an alias: its reads are followed', async () => {
    const source = (name: string) => `const env = process.env || {};\nexport const host = env.${name};`;
    const result = await pair(source('SMTP_HOST'), source('SMTP_SERVER'));
    expect(result.notes).toEqual([]);
    expect(changesOf(result)).toEqual(['{"type":"renamed","name":"SMTP_SERVER","previousName":"SMTP_HOST","defaultValue":null}']);
  });
});

describe('process.env handed on where its reads cannot be followed: unknown, with file and line', () => {
  it.each([
    [
      'kept on this',
      'export class Config {\n  env: NodeJS.ProcessEnv;\n  constructor() { this.env = process.env; }\n  get host() { return this.env.SMTP_HOST; }\n}',
      3,
      'process.env is assigned to this.env',
    ],
    [
      'a class field',
      'export class Config {\n  private env = process.env;\n  get host() { return this.env.SMTP_HOST; }\n}',
      2,
      'process.env is the value of env',
    ],
    [
      'a constructor parameter default',
      'export class Config {\n  constructor(private readonly env = process.env) {}\n  get host() { return this.env.SMTP_HOST; }\n}',
      2,
      'process.env is the default of env',
    ],
    [
      'returned by a function that also returns another value',
      'function getEnv() {\n  if (isTest) return testValues();\n  return process.env;\n}\nexport const host = getEnv().SMTP_HOST;',
      3,
      'process.env is returned by getEnv()',
    ],
    [
      'a function returning it handed on as a value',
      'function getEnv() {\n  return process.env;\n}\nexport const loaders = [getEnv];',
      4,
      'getEnv returns the env object and is used here other than called',
    ],
    [
      'the result of a function returning it handed on',
      'function getEnv() {\n  return process.env;\n}\nexport const host = readHost(getEnv());',
      4,
      'getEnv() is passed to readHost()',
    ],
    [
      'the body of an arrow',
      'export const config = { env: () => process.env };\nexport const host = config.env().SMTP_HOST;',
      1,
      'process.env is returned by env()',
    ],
    [
      'a property of an options object',
      "import { createApp } from './app';\nexport const app = createApp({ env: process.env });",
      2,
      'process.env is the value of env',
    ],
    ['a conditional handed on', 'export const host = readHost(isTest ? testEnv : process.env);', 1, 'process.env is passed to readHost()'],
    [
      'a fallback of overrides read inline',
      'export const host = (overrides || process.env).SMTP_HOST;',
      1,
      'process.env is read through (overrides || process.env).SMTP_HOST',
    ],
    ['a conditional returned by a method', 'export const loader = { pick: () => (isTest ? testEnv : process.env) };', 1, 'process.env is returned by pick()'],
    ['assigned to a variable later', 'let env;\nenv = process.env;\nexport const host = env.SMTP_HOST;', 2, 'process.env is assigned to env'],
    [
      'a copy given to cleanEnv',
      "import { cleanEnv, str } from 'envalid';\nexport const env = cleanEnv({ ...process.env }, { SMTP_HOST: str() });",
      2,
      'process.env is spread into { ...process.env }, which is passed to cleanEnv()',
    ],
    [
      'a copy parsed by a zod schema',
      "import { z } from 'zod';\nexport const env = z.object({ SMTP_HOST: z.string() }).parse({ ...process.env });",
      2,
      'process.env is spread into { ...process.env }, which is passed to z.object({ SMTP_HOST: z.string() }).parse()',
    ],
    ['an array element', 'export const sources = [process.env, defaults];', 1, 'process.env is an element of an array'],
  ])('%s', async (_name, source, line, reason) => {
    const result = await pair('export const a = process.env.A;', `export const a = process.env.A;\n${source}`);
    expect(result.section).toEqual({ checked: false, breaking: 'unknown', changes: [] });
    expect(result.notes).toHaveLength(1);
    expect(result.notes[0]).toMatch(new RegExp(`^env surface not fully read: src/config\\.ts:${line + 1}: `));
    expect(result.notes[0]).toContain(reason);
  });

  it.each([
    ['a function returning it', 'function getEnv() {\n  return process.env;\n}\nexport const host = getEnv().SMTP_HOST;'],
    ['a function returning a conditional of it', 'const pick = () => (isTest ? testEnv : process.env);\nexport const { SMTP_HOST: host } = pick();'],
    ['one branch of a conditional', 'const env = isTest ? testEnv : process.env;\nexport const host = env.SMTP_HOST;'],
    ['the fallback of overrides', 'const env = overrides || process.env;\nexport const host = env.SMTP_HOST;'],
    ['the fallback of overrides (??)', 'const env = overrides ?? process.env;\nexport const { SMTP_HOST: host } = env;'],
  ])('%s held in a const: the value may be process.env, so its reads are reads (a dropped one is removed)', async (_name, source) => {
    const result = await pair(`${source}\nexport const a = process.env.A;`, 'export const a = process.env.A;');
    expect(result.notes).toEqual([]);
    expect(changesOf(result)).toEqual(['{"type":"removed","name":"SMTP_HOST","previousDefault":null}']);
  });

  it('what reads nothing or is already followed stays checked: a child process env, t3 runtimeEnv, tests of the object, wrappers', async () => {
    const source = [
      "import { spawn } from 'node:child_process';",
      "import { createEnv } from '@t3-oss/env-core';",
      "import { z } from 'zod';",
      "spawn('worker', [], { env: { ...process.env, MODE: 'child' } });",
      "execFileSync('tool', { env: process.env });",
      'export const env = createEnv({ server: { A: z.string() }, runtimeEnv: process.env });',
      "if (typeof process.env !== 'object' || !process.env) throw new Error('no env');",
      'process.env;',
      'Object.assign(process.env, { TZ: "UTC" });',
      'export const copy = { ...process.env, isProd: true };',
      'export default process.env;',
    ].join('\n');
    const result = await pair(source, `${source}\n`);
    expect(result.notes).toEqual([]);
    expect(result.section).toEqual({ checked: true, breaking: false, changes: [] });
  });
});

describe('a variable that became required', () => {
  const Z = "import { z } from 'zod';\n";
  const zodEnv = (shape: string) => `${Z}export const env = z.object({ ${shape} }).parse(process.env);`;

  it('optional → required is a proven break: breaking, although config.changes has no type for it (the finding says it)', async () => {
    const result = await pair(zodEnv('A: z.string(), SENTRY_DSN: z.string().optional()'), zodEnv('A: z.string(), SENTRY_DSN: z.string()'));
    expect(result.section).toEqual({ checked: true, breaking: true, changes: [] });
    expect(result.findings.map((finding) => `${finding.rule}:${String(finding.params.name)}`)).toEqual(['env-variable-became-required:SENTRY_DSN']);
  });

  it.each([
    [
      'a plain read without a default, now a required schema key',
      'export const dsn = process.env.SENTRY_DSN;',
      zodEnv('SENTRY_DSN: z.string()'),
      'SENTRY_DSN is required at the head (to) ref (src/config.ts:2)',
    ],
    [
      'optional, now a schema whose requiredness cannot be told',
      zodEnv('SENTRY_DSN: z.string().optional()'),
      zodEnv("SENTRY_DSN: z.preprocess((v) => v ?? '', z.string())"),
      'whether SENTRY_DSN is required at the head (to) ref (src/config.ts:2) cannot be told; at the base (from) ref it was not',
    ],
    [
      'a helper-built schema, now required',
      `${Z}import { optionalUrl } from './schemas';\nexport const env = z.object({ SENTRY_DSN: optionalUrl() }).parse(process.env);`,
      zodEnv('SENTRY_DSN: z.string()'),
      'whether SENTRY_DSN is required at the base (from) ref (src/config.ts:3) cannot be told, and it is required at the head (to) ref',
    ],
  ])('%s: unknown, with the reason', async (_name, base, head, reason) => {
    const result = await pair(base, head);
    expect(result.section).toEqual({ checked: false, breaking: 'unknown', changes: [] });
    expect(result.notes.join('\n')).toContain(reason);
  });
});

describe('a default the reader cannot evaluate, changed: unknown, not "no change"', () => {
  const Z = "import { z } from 'zod';\n";
  it.each([
    [
      'a conditional fallback',
      (level: string) => `export const level = process.env.LOG_LEVEL ?? (isProd ? '${level}' : 'debug');`,
      "`(isProd ? 'info' : 'debug')` (src/config.ts:1) at the base (from) ref",
    ],
    ['a call in the fallback', (level: string) => `export const level = process.env.LOG_LEVEL || pick('${level}');`, "pick('"],
    [
      'a zod default computed',
      (level: string) => `${Z}export const env = z.object({ LOG_LEVEL: z.string().default(isProd ? '${level}' : 'debug') }).parse(process.env);`,
      "z.string().default(isProd ? '",
    ],
    [
      'an envalid default computed',
      (level: string) =>
        `import { cleanEnv, str } from 'envalid';\nexport const env = cleanEnv(process.env, { LOG_LEVEL: str({ default: isProd ? '${level}' : 'debug' }) });`,
      "str({ default: isProd ? '",
    ],
    ['a destructuring default computed', (level: string) => `const { LOG_LEVEL = levelFor('${level}') } = process.env;\nexport { LOG_LEVEL };`, "levelFor('"],
    [
      'a helper-built schema',
      (level: string) => `${Z}import { level } from './schemas';\nexport const env = z.object({ LOG_LEVEL: level('${level}') }).parse(process.env);`,
      "level('",
    ],
  ])('%s', async (_name, source, excerpt) => {
    const result = await pair(source('info'), source('warn'));
    expect(result.section).toEqual({ checked: false, breaking: 'unknown', changes: [] });
    expect(result.notes).toHaveLength(1);
    expect(result.notes[0]).toContain('env surface not fully read: the default of LOG_LEVEL');
    expect(result.notes[0]).toContain(excerpt);
  });

  it('the same computed default at both refs, or one moved to another line, is no change', async () => {
    const source = "export const level = process.env.LOG_LEVEL ?? (isProd ? 'info' : 'debug');\nexport const host = process.env.HOST || os.hostname();";
    const result = await pair(source, `// moved\n${source.replace(' ?? ', '\n  ?? ')}`);
    expect(result.section).toEqual({ checked: true, breaking: false, changes: [] });
  });
});
