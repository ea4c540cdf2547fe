import { describe, expect, it } from 'vitest';
import { runEnvStage } from './run-env-stage.js';

/**
 * Differential soundness (issue 30): an env read the reader cannot name, in a file that is
 * identical at both refs with everything it depends on, is no change; it stays unknown when
 * something it depends on changed — an import, or a changed caller of the function it sits in.
 * The constructs are the real ones of issue 30.
 */

const SERVER_BASE = "export const port = process.env.PORT;\n";
const SERVER_HEAD = "export const port = process.env.PORT;\nexport const host = process.env.HOST;\n";
const ENV = { sources: ['src/**/*.ts'] };

async function run(unchanged: Record<string, string>, base: Record<string, string> = {}, head: Record<string, string> = {}) {
  const result = await runEnvStage({ ...unchanged, 'src/server.ts': SERVER_BASE, ...base }, { ...unchanged, 'src/server.ts': SERVER_HEAD, ...head }, ENV);
  return { verdict: result.verdict, notes: result.notes };
}

describe('an unreadable env construct in an unchanged file', () => {
  it('`process.env[name]` over a literal list, identical with its imports: decided, and the report says why', async () => {
    const { verdict, notes } = await run({
      'src/names.ts': "export const NAMES = ['SMTP_HOST', 'SMTP_PORT'];\n",
      'src/mail.ts': "import { NAMES } from './names';\nexport const mail = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));\n",
    });
    expect(verdict).toEqual({ checked: true, breaking: false });
    expect(notes).toEqual([expect.stringMatching(/^env surface: not read but identical at both refs: src\/mail\.ts:2: .*unchanged with everything it depends on \(2 files\): no change$/)]);
  });

  it('the same, when the imported list changed: unknown', async () => {
    const mail = "import { NAMES } from './names';\nexport const mail = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));\n";
    const { verdict, notes } = await run({ 'src/mail.ts': mail }, { 'src/names.ts': "export const NAMES = ['SMTP_HOST', 'SMTP_PORT'];\n" }, { 'src/names.ts': "export const NAMES = ['SMTP_HOST'];\n" });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(notes.some((note) => note.startsWith('env surface not fully read: src/mail.ts:2'))).toBe(true);
  });

  it('an unchanged `getEnv(name)` helper called with a new name from a changed file: unknown', async () => {
    const helper = 'export function getEnv(name: string) {\n  return process.env[name];\n}\n';
    const { verdict } = await run(
      { 'src/get-env.ts': helper },
      { 'src/app.ts': "import { getEnv } from './get-env';\nexport const a = getEnv('A');\n" },
      { 'src/app.ts': "import { getEnv } from './get-env';\nexport const a = getEnv('B');\n" },
    );
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  it('the same helper, when no changed file reaches it (through any import): decided', async () => {
    const helper = 'export function getEnv(name: string) {\n  return process.env[name];\n}\n';
    const { verdict, notes } = await run({ 'src/get-env.ts': helper, 'src/app.ts': "import { getEnv } from './get-env';\nexport const a = getEnv('A');\n" });
    expect(verdict).toEqual({ checked: true, breaking: false });
    expect(notes).toEqual([expect.stringContaining('src/get-env.ts:2: ')]);
    expect(notes[0]).toContain('and no changed file calls into it');
  });

  it('a `NEXT_PUBLIC_*` prefix filter: decided; the same filter in the changed file: unknown', async () => {
    const filter = "export const publicEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('NEXT_PUBLIC_')));\n";
    expect((await run({ 'src/public-env.ts': filter })).verdict).toEqual({ checked: true, breaking: false });
    const changed = await run({}, { 'src/public-env.ts': filter }, { 'src/public-env.ts': `${filter}// moved\n` });
    expect(changed.verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  it('`removeEmptyEnvVariables(process.env)`: decided while the helper is unchanged, unknown when it changed', async () => {
    const env = "import { removeEmptyEnvVariables } from './utils';\nexport const env = removeEmptyEnvVariables(process.env);\n";
    const utils = (keep: string) => `export function removeEmptyEnvVariables(source: Record<string, string | undefined>) {\n  return Object.fromEntries(Object.entries(source).filter(([, value]) => ${keep}));\n}\n`;
    const unchanged = await run({ 'src/env.ts': env, 'src/utils.ts': utils("value !== ''") });
    expect(unchanged.verdict).toEqual({ checked: true, breaking: false });
    const changed = await run({ 'src/env.ts': env }, { 'src/utils.ts': utils("value !== ''") }, { 'src/utils.ts': utils('value !== undefined') });
    expect(changed.verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  it('a `.d.ts` that does not parse, identical at both refs: decided (it was unreadable); changed: still unreadable', async () => {
    const broken = 'declare namespace NodeJS {\n  interface ProcessEnv { PORT: string; \n';
    const unchanged = await run({ 'src/env.d.ts': broken });
    expect(unchanged.verdict).toEqual({ checked: true, breaking: false });
    expect(unchanged.notes).toEqual([expect.stringMatching(/^env surface: not read but identical at both refs: src\/env\.d\.ts:\d+: .*\(does not parse at either ref\)/)]);
    const changed = await run({}, { 'src/env.d.ts': broken }, { 'src/env.d.ts': `${broken}\n` });
    expect(changed.verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  it('a real break elsewhere still breaks', async () => {
    const mail = "const NAMES = ['SMTP_HOST'];\nexport const mail = NAMES.map((name) => process.env[name]);\n";
    const result = await runEnvStage({ 'src/mail.ts': mail, 'src/server.ts': SERVER_HEAD }, { 'src/mail.ts': mail, 'src/server.ts': SERVER_BASE }, ENV);
    expect(result.verdict).toEqual({ checked: true, breaking: true });
  });
});
