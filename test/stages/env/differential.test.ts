import { describe, expect, it } from 'vitest';
import { runEnvStage } from './run-env-stage.js';

/**
 * Differential soundness (issue 30): an env read the reader cannot name, in a file that is
 * identical at both refs with everything it depends on, is no change; it stays unknown when
 * something it depends on changed — an import, or a changed caller of the function it sits in.
 * The constructs are the real ones of issue 30.
 */

const SERVER_BASE = 'export const port = process.env.PORT;\n';
const SERVER_HEAD = 'export const port = process.env.PORT;\nexport const host = process.env.HOST;\n';
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
    expect(notes).toEqual([
      expect.stringMatching(
        /^env surface: not read but identical at both refs: src\/mail\.ts:2: .*unchanged with everything it depends on \(2 files\): no change$/,
      ),
    ]);
  });

  it('the same, when the imported list changed: unknown', async () => {
    const mail = "import { NAMES } from './names';\nexport const mail = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));\n";
    const { verdict, notes } = await run(
      { 'src/mail.ts': mail },
      { 'src/names.ts': "export const NAMES = ['SMTP_HOST', 'SMTP_PORT'];\n" },
      { 'src/names.ts': "export const NAMES = ['SMTP_HOST'];\n" },
    );
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
    const utils = (keep: string) =>
      `export function removeEmptyEnvVariables(source: Record<string, string | undefined>) {\n  return Object.fromEntries(Object.entries(source).filter(([, value]) => ${keep}));\n}\n`;
    const unchanged = await run({ 'src/env.ts': env, 'src/utils.ts': utils("value !== ''") });
    expect(unchanged.verdict).toEqual({ checked: true, breaking: false });
    const changed = await run({ 'src/env.ts': env }, { 'src/utils.ts': utils("value !== ''") }, { 'src/utils.ts': utils('value !== undefined') });
    expect(changed.verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  // Declaration files are not env sources any more (types only: zero-config, issue 30), so the
  // unparseable file here is a source module.
  it('a source file that does not parse, identical at both refs: decided (it was unreadable); changed: still unreadable', async () => {
    const broken = 'export const port = process.env.PORT ?? (\n';
    const unchanged = await run({ 'src/broken.ts': broken });
    expect(unchanged.verdict).toEqual({ checked: true, breaking: false });
    expect(unchanged.notes).toEqual([
      expect.stringMatching(/^env surface: not read but identical at both refs: src\/broken\.ts:\d+: .*\(does not parse at either ref\)/),
    ]);
    const changed = await run({}, { 'src/broken.ts': broken }, { 'src/broken.ts': `${broken}\n` });
    expect(changed.verdict).toEqual({ checked: false, breaking: 'unknown' });
  });

  it('a real break elsewhere still breaks', async () => {
    const mail = "const NAMES = ['SMTP_HOST'];\nexport const mail = NAMES.map((name) => process.env[name]);\n";
    const result = await runEnvStage({ 'src/mail.ts': mail, 'src/server.ts': SERVER_HEAD }, { 'src/mail.ts': mail, 'src/server.ts': SERVER_BASE }, ENV);
    expect(result.verdict).toEqual({ checked: true, breaking: true });
  });
});

/**
 * A decorator that reads the variable named by the property it decorates (outline v1.9.2,
 * server/models/decorators/Deprecated.ts, applied in server/env.ts): its decorator sites in
 * env.sources are read; a changed file outside them that imports the decorator cannot be bounded.
 */
describe('a property-key decorator (process.env[propertyKey])', () => {
  const DEPRECATED = [
    'const Deprecated =',
    '  (message?: string) => (_target: object, propertyKey: string) => {',
    '    if (process.env[propertyKey]) {',
    '      console.warn(`The environment variable ${propertyKey} is deprecated and will be removed in a future release. ${message}`);',
    '    }',
    '  };',
    '',
    'export default Deprecated;',
    '',
  ].join('\n');
  const envFile = (properties: string) =>
    [
      'import Deprecated from "./models/decorators/Deprecated";',
      'export class Environment {',
      '  public PORT = process.env.PORT;',
      properties,
      '}',
      'export default new Environment();',
      '',
    ].join('\n');
  const legacy =
    '  @Deprecated("Use FILE_STORAGE_UPLOAD_MAX_SIZE instead")\n  public AWS_S3_UPLOAD_MAX_SIZE = this.toOptionalNumber(process.env.AWS_S3_UPLOAD_MAX_SIZE);';
  const decorator = { 'src/models/decorators/Deprecated.ts': DEPRECATED };

  it('unchanged, its sites in the sources read, other changed files not importing it: decided', async () => {
    const { verdict, notes } = await run(
      { ...decorator, 'src/app.ts': 'import env from "./env";\nexport const a = env.PORT;\n' },
      { 'src/env.ts': envFile(legacy) },
      { 'src/env.ts': envFile(`${legacy}\n  public HOST = process.env.HOST;`) },
    );
    expect(verdict).toEqual({ checked: true, breaking: false });
    expect(notes).toEqual([
      expect.stringMatching(/^env surface: not read but identical at both refs: src\/models\/decorators\/Deprecated\.ts:3: .*decorat.*no change$/),
    ]);
  });

  it('reads the decorated property: a property whose only read is the decorator, removed, is a removed variable', async () => {
    const result = await runEnvStage(
      { ...decorator, 'src/env.ts': envFile(`${legacy}\n  @Deprecated("gone soon")\n  public LEGACY_SECRET?: string;`) },
      { ...decorator, 'src/env.ts': envFile(legacy) },
      ENV,
    );
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.section.changes).toEqual([{ type: 'removed', name: 'LEGACY_SECRET', previousDefault: null }]);
  });

  it('a changed file outside the sources that imports it: unknown, naming the file and the safe fix', async () => {
    const other = (name: string) =>
      `import Deprecated from "../src/models/decorators/Deprecated";\nexport class Other {\n  @Deprecated()\n  public ${name}?: string;\n}\n`;
    const { verdict, notes } = await run({ ...decorator, 'src/env.ts': envFile(legacy) }, { 'lib/other.ts': other('A') }, { 'lib/other.ts': other('B') });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(
      notes.some(
        (note) =>
          note.includes('src/models/decorators/Deprecated.ts:3') && note.includes('lib/other.ts changed') && note.includes('add the file to env.sources'),
      ),
    ).toBe(true);
  });

  it('called as a function from a changed source (not as a decorator): unknown', async () => {
    const caller = (name: string) => `import Deprecated from "./models/decorators/Deprecated";\nDeprecated("x")({}, "${name}");\n`;
    const { verdict, notes } = await run({ ...decorator, 'src/env.ts': envFile(legacy) }, { 'src/warn.ts': caller('A') }, { 'src/warn.ts': caller('B') });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
    // The call is linked (a called import may be an env source): the caller itself names the call it cannot follow.
    expect(
      notes.some((note) => note.includes('src/warn.ts:2: Deprecated reads the variable its second argument names and is used here other than as a decorator')),
    ).toBe(true);
  });

  it('the decorator itself changed: unknown', async () => {
    const { verdict } = await run({ 'src/env.ts': envFile(legacy) }, decorator, { 'src/models/decorators/Deprecated.ts': `${DEPRECATED}// changed\n` });
    expect(verdict).toEqual({ checked: false, breaking: 'unknown' });
  });
});
