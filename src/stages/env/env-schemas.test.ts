import { describe, expect, it } from 'vitest';
import { extractEnvReads, type Extraction } from './extract-reads.js';

/** Shapes modelled on real services: a zod schema parsed from process.env, t3-env's createEnv, envalid's cleanEnv. */
function summary(extraction: Extraction): { reads: string[]; unresolved: string[] } {
  if (!extraction.ok) throw new Error(extraction.message);
  return {
    reads: extraction.reads.map((read) => `${read.line} ${read.name}=${read.default ?? '∅'}`),
    unresolved: extraction.unresolved.map((entry) => `${entry.line} ${entry.reason}`),
  };
}
const readsOf = (text: string) => summary(extractEnvReads(text, 'src/env.ts', []));

describe('env schemas over process.env', () => {
  it('zod: z.object(…).parse(process.env), with coerce, enum, preprocess, extend and a schema constant', () => {
    const text = [
      "import { z } from 'zod';",
      "const logLevel = z.enum(['debug', 'info', 'warn']).default('info');",
      'const envSchema = z',
      '  .object({',
      '    PORT: z.coerce.number().int().default(3000),', // 5
      '    DATABASE_URL: z.string().url(),',
      '    LOG_LEVEL: logLevel,',
      "    ENABLE_CACHE: z.preprocess((value) => value === 'true', z.boolean().default(false)),",
      '    SESSION_TTL: z.coerce.number().default(() => 60 * 60),',
      '  })', // 10
      '  .extend({ SENTRY_DSN: z.string().optional() })',
      '  .strict();',
      'export const env = envSchema.parse(process.env);',
    ].join('\n');
    expect(readsOf(text)).toEqual({
      reads: ['5 PORT=3000', '6 DATABASE_URL=∅', '7 LOG_LEVEL=info', '8 ENABLE_CACHE=false', '9 SESSION_TTL=3600', '11 SENTRY_DSN=∅'],
      unresolved: [],
    });
  });

  it('t3-env: server, client and shared keys with their zod defaults; runtimeEnv reads add no default', () => {
    const text = [
      "import { createEnv } from '@t3-oss/env-nextjs';",
      "import { z } from 'zod';",
      'export const env = createEnv({',
      '  server: {',
      '    DATABASE_URL: z.string().url(),', // 5
      "    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),",
      '  },',
      '  client: { NEXT_PUBLIC_APP_URL: z.string().url().default("http://localhost:3000") },',
      '  runtimeEnv: process.env,',
      '});',
    ].join('\n');
    expect(readsOf(text)).toEqual({ reads: ['5 DATABASE_URL=∅', '6 NODE_ENV=development', '8 NEXT_PUBLIC_APP_URL=http://localhost:3000'], unresolved: [] });
  });

  it('envalid: cleanEnv(process.env, spec) takes `default`, never `devDefault`', () => {
    const text = [
      "import { bool, cleanEnv, port, str } from 'envalid';",
      'const DEFAULT_PORT = 3000;',
      'export const env = cleanEnv(process.env, {',
      "  NODE_ENV: str({ choices: ['development', 'production'], default: 'production' }),",
      '  PORT: port({ default: DEFAULT_PORT, devDefault: 4000 }),', // 5
      '  API_KEY: str({ desc: "the upstream key" }),',
      '  FEATURE_X: bool({ default: false }),',
      '});',
    ].join('\n');
    expect(readsOf(text)).toEqual({ reads: ['4 NODE_ENV=production', '5 PORT=3000', '6 API_KEY=∅', '7 FEATURE_X=false'], unresolved: [] });
  });

  it('a schema that cannot be read is unresolved, with the expression', () => {
    const text = [
      "import { z } from 'zod';",
      "import { baseSchema } from './base';",
      'export const a = baseSchema.parse(process.env);',
      'const spec = { ...shared, PORT: z.coerce.number() };',
      'export const b = z.object(spec).parse(process.env);',
      'export const c = cleanEnv(process.env, makeSpec());',
    ].join('\n');
    expect(readsOf(text)).toEqual({
      reads: ['4 PORT=∅'],
      unresolved: [
        '3 baseSchema.parse(process.env): the schema is not a z.object(…) defined in this file, so its variables cannot be read',
        '4 schema entry ...shared (a spread or method) cannot be read as variables',
        '6 cleanEnv(process.env, …): the validator spec is not an object literal of this file, so its variables cannot be read',
      ],
    });
  });
  it('zod extend/merge chains, an optional call, and envalid shorthand, template and spread keys', () => {
    const text = [
      "import { z } from 'zod';",
      "const base = z.object({ A: z.string().default('a') });",
      'export const e1 = base.extend({ B: z.string().optional() }).merge(z.object({ C: z.number().default(-1) })).passthrough().parse(process.env);',
      'export const e2 = schema?.parse(process.env);',
      'const PORT = port({ default: 8080 });',
      "export const e3 = cleanEnv(process.env, { PORT, [`HOST`]: str({ default: 'h' }), ...shared });",
    ].join('\n');
    expect(readsOf(text)).toEqual({
      // The shorthand `PORT` names the validator constant of line 5: its default is read there.
      reads: ['2 A=a', '3 B=∅', '3 C=-1', '6 HOST=h', '6 PORT=8080'],
      unresolved: [
        '4 schema?.parse(process.env): the schema is not a z.object(…) defined in this file, so its variables cannot be read',
        '6 schema entry ...shared (a spread or method) cannot be read as variables',
      ],
    });
  });
  it('t3-env: a shorthand `server` naming a constant is read; a spread in the options is unresolved, never skipped', () => {
    const text = [
      'const server = { DATABASE_URL: z.string(), PORT: z.coerce.number().default(3000) };',
      'export const env = createEnv({ server, ...extra, runtimeEnv: process.env });',
    ].join('\n');
    expect(readsOf(text)).toEqual({
      reads: ['1 DATABASE_URL=∅', '1 PORT=3000'],
      unresolved: ['2 createEnv({ ...extra }): may hold server, client or shared variables that cannot be read'],
    });
  });

  it('t3-env as typebot.io writes it: per-feature groups spread into createEnv, a callback method beside them', () => {
    // Modelled on typebot.io v3.18.0 packages/env/src/index.ts.
    const text = [
      'const boolean = z.enum(["true", "false"]).transform((value) => value === "true");',
      'const baseEnv = {',
      '  server: {',
      '    DATABASE_URL: z.string().url(),',
      '    DISABLE_SIGNUP: boolean.optional().default(false),', // 5
      '  },',
      '  client: { NEXT_PUBLIC_VIEWER_URL: z.string().url() },',
      '  runtimeEnv: { NEXT_PUBLIC_VIEWER_URL: getRuntimeVariable("NEXT_PUBLIC_VIEWER_URL") },',
      '};',
      'const smtpEnv = { server: { SMTP_PORT: z.coerce.number().optional().default(25) } };', // 10
      'const hidden = { server: { ...unknownGroup }, ["ser" + "ver"]: {} };',
      'export const env = createEnv({',
      '  server: { ...baseEnv.server, ...smtpEnv.server, ...hidden.server },',
      '  client: { ...baseEnv.client },',
      '  experimental__runtimeEnv: { ...baseEnv.runtimeEnv },', // 15
      '  skipValidation: process.env.SKIP_ENV_CHECK === "true",',
      '  onValidationError(issues) { throw new Error(String(issues)); },',
      '  onInvalidAccess: (variable) => { throw new Error(variable); },',
      '});',
    ].join('\n');
    expect(readsOf(text)).toEqual({
      reads: ['4 DATABASE_URL=∅', '5 DISABLE_SIGNUP=false', '7 NEXT_PUBLIC_VIEWER_URL=∅', '10 SMTP_PORT=25', '16 SKIP_ENV_CHECK=false'],
      // A group whose key is computed beside it cannot be told to hold only what is written: unresolved.
      unresolved: ['13 schema entry ...hidden.server (a spread or method) cannot be read as variables'],
    });
    const extraction = extractEnvReads(text, 'src/env.ts', []);
    if (!extraction.ok) throw new Error(extraction.message);
    expect(extraction.reads.filter((read) => read.optional !== undefined).map((read) => `${read.name}:${String(read.optional)}`)).toEqual([
      'DATABASE_URL:false',
      'DISABLE_SIGNUP:true',
      'NEXT_PUBLIC_VIEWER_URL:false',
      'SMTP_PORT:true',
    ]);
  });

  it('t3-env: a method named like a schema key is unresolved, never skipped', () => {
    const text = 'export const env = createEnv({ server() { return { A: z.string() }; }, runtimeEnv: process.env });';
    expect(readsOf(text).unresolved).toEqual([
      '1 createEnv({ server() { return { A: z.string() }; } }): may hold server, client or shared variables that cannot be read',
    ]);
  });

  it('zod: `.and(…)` of a preprocess over a discriminated union of objects (trigger.dev env.server.ts): every branch key, optional unknown', () => {
    const text = [
      'const GithubAppEnvSchema = z.preprocess(',
      '  (val) => (val && val.GITHUB_APP_ENABLED ? val : { ...val, GITHUB_APP_ENABLED: "0" }),',
      '  z.discriminatedUnion("GITHUB_APP_ENABLED", [',
      '    z.object({ GITHUB_APP_ENABLED: z.literal("1"), GITHUB_APP_ID: z.string() }),',
      '    z.object({ GITHUB_APP_ENABLED: z.literal("0") }),', // 5
      '  ])',
      ');',
      'const EnvironmentSchema = z',
      '  .object({ DATABASE_URL: z.string() })',
      '  .and(GithubAppEnvSchema)', // 10
      '  .and(z.union([z.object({ A: z.string() }), other]))',
      '  .superRefine((env, ctx) => {});',
      'export const env = EnvironmentSchema.parse(process.env);',
    ].join('\n');
    const extraction = extractEnvReads(text, 'src/env.ts', []);
    if (!extraction.ok) throw new Error(extraction.message);
    // The second `.and` holds a branch this file cannot read: the whole schema stays unresolved.
    expect(extraction.unresolved.map((entry) => entry.line)).toEqual([13]);
    const readable = extractEnvReads(text.replace('  .and(z.union([z.object({ A: z.string() }), other]))\n', ''), 'src/env.ts', []);
    if (!readable.ok) throw new Error(readable.message);
    expect(readable.unresolved).toEqual([]);
    expect(readable.reads.map((read) => `${read.line} ${read.name}:${String(read.optional)}${read.opaque ? ' opaque' : ''}`)).toEqual([
      '4 GITHUB_APP_ENABLED:null opaque',
      '4 GITHUB_APP_ID:null opaque',
      '5 GITHUB_APP_ENABLED:null opaque',
      '9 DATABASE_URL:false',
    ]);
  });

  it('whether each key accepts the variable unset: true, false, or null when the schema cannot be read that far', () => {
    const text = [
      "import { z } from 'zod';",
      'const dsn = z.string().url().optional();',
      'export const env = z.object({',
      '  REQUIRED: z.string().min(1).describe("x"),',
      '  NULLABLE: z.string().nullable(),', // 5
      '  OPTIONAL: dsn,',
      '  DEFAULTED: z.coerce.number().default(3),',
      '  NULLISH: z.string().nullish(),',
      '  FLAG: z.coerce.boolean(),',
      '  PORT: z.coerce.number(),', // 10
      '  REFINED: z.string().refine((v) => v.length > 2),',
      '  REFINED_OPTIONAL: z.string().optional().refine((v) => v !== ""),',
      '  UNION: z.union([z.string(), z.undefined()]),',
      '  HELPER: optionalUrl(),',
      "  PREPROCESSED: z.preprocess((v) => v ?? '', z.string()),", // 15
      '  ANY: z.any(),',
      '  OR: z.string().or(z.undefined()),',
      '}).parse(process.env);',
      'export const partial = z.object({ P: z.string() }).partial().parse(process.env);',
      "export const e = cleanEnv(process.env, { E_REQ: str(), E_DEV: str({ devDefault: 'x' }), E_OPT: str({ default: undefined }), E_SPREAD: str({ ...common }) });", // 20
    ].join('\n');
    const extraction = extractEnvReads(text, 'src/env.ts', []);
    if (!extraction.ok) throw new Error(extraction.message);
    expect(extraction.reads.map((read) => `${read.name}:${String(read.optional)}`)).toEqual([
      'REQUIRED:false',
      'NULLABLE:false',
      'OPTIONAL:true',
      'DEFAULTED:true',
      'NULLISH:true',
      'FLAG:true',
      'PORT:false',
      'REFINED:false',
      'REFINED_OPTIONAL:null',
      'UNION:null',
      'HELPER:null',
      'PREPROCESSED:null',
      'ANY:true',
      'OR:null',
      'P:true',
      'E_DEV:false',
      'E_OPT:true',
      'E_REQ:false',
      'E_SPREAD:null',
    ]);
  });
});
