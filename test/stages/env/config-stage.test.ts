import { describe, expect, it } from 'vitest';
import { configStage } from '../../../src/stages/env/index.js';
import { extractionCacheSize } from '../../../src/stages/env/module-links.js';
import { runStage } from '../../../src/stages/contract.js';
import { stageInput } from '../../helpers/stage-input.js';
import { runEnvStage, SOURCES_ONLY } from './run-env-stage.js';

const WITH_EXAMPLE = { ...SOURCES_ONLY, envFiles: ['.env.example'] };

describe('configStage: configuration', () => {
  it('env false: the service has no env surface, checked and not breaking, nothing read', async () => {
    const input = stageInput({ base: { 'src/a.ts': 'process.env.A' }, head: { 'src/a.ts': 'process.env.B' } }, { env: false });
    const result = await configStage.run(input);
    expect(result).toEqual({ section: { checked: true, breaking: false, changes: [] }, verdict: { checked: true, breaking: false }, findings: [], notes: [] });
    expect(input.reads.size).toBe(0);
  });

  it('env missing: not configured, unchecked and unknown with the reason', async () => {
    const result = await configStage.run(stageInput({ base: {}, head: {} }, {}));
    expect(result.section).toEqual({ checked: false, breaking: 'unknown', changes: [] });
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes).toEqual(['env surface not configured']);
  });

  it('an empty sources list fails closed', async () => {
    const result = await runEnvStage({ 'src/a.ts': '' }, { 'src/a.ts': '' }, { sources: [] });
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes).toEqual(['env surface could not be checked: env.sources must be a non-empty list of globs']);
  });
});

describe('configStage: fail closed', () => {
  it('globs that select nothing at one ref are unknown, naming the globs and the ref: the layout moved away from them', async () => {
    const result = await runEnvStage({ 'lib/config.ts': 'process.env.A' }, { 'src/config.ts': 'process.env.A' });
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes).toEqual([
      'env surface could not be checked: env source glob "src/**/*.ts" select no file at the base (from) ref: the layout of this release is not covered by the config (add the folder it used to the globs)',
    ]);
  });

  it('one glob that selects nothing at a ref while another selects files: a note, and the files each ref has are compared', async () => {
    const env = { sources: ['src/**/*.ts', 'server/**/*.ts'] };
    const kept = await runEnvStage({ 'src/a.ts': 'process.env.A' }, { 'src/a.ts': 'process.env.A', 'server/b.ts': 'process.env.B' }, env);
    expect(kept.verdict).toEqual({ checked: true, breaking: false });
    expect(kept.notes).toEqual([
      'env source glob "server/**/*.ts" selects no file at the base (from) ref (the other globs do: the files each ref has were compared)',
    ]);
    // A variable whose only read left every glob looks removed: towards false, never a silent true.
    const removed = await runEnvStage({ 'src/a.ts': 'process.env.A', 'server/b.ts': 'process.env.B' }, { 'src/a.ts': 'process.env.A' }, env);
    expect(removed.verdict).toEqual({ checked: true, breaking: true });
  });

  it('a configured env file missing at a ref is a note; the variables are compared as each ref documents them', async () => {
    const result = await runEnvStage({ 'src/a.ts': 'process.env.A', '.env.example': 'A=1' }, { 'src/a.ts': 'process.env.A' }, WITH_EXAMPLE);
    expect(result.verdict).toEqual({ checked: true, breaking: false });
    expect(result.notes).toEqual(['env file ".env.example" selects no file at the head (to) ref: compared as that ref has it (none)']);
  });

  it('an unparseable source is unknown, with file, line and parser message', async () => {
    const result = await runEnvStage(
      { 'src/a.ts': "export const a = process.env.A || 'x';" },
      { 'src/a.ts': "export const a = {\n  value: process.env.A ||| 'y',\n};" },
    );
    expect(result.section).toEqual({ checked: false, breaking: 'unknown', changes: [] });
    expect(result.findings).toEqual([]);
    expect(result.notes).toEqual(['env surface could not be checked: src/a.ts:2: Unexpected token (at head (to))']);
  });

  it('runStage keeps a thrown read failure as the reason', async () => {
    const input = stageInput({ base: { 'src/a.ts': 'process.env.A // base' }, head: { 'src/a.ts': 'process.env.A // head' } }, { env: SOURCES_ONLY });
    const result = await runStage(configStage, {
      ...input,
      read: async () => {
        throw new Error('blob 1234 unreadable');
      },
    });
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes).toEqual(['config stage failed: blob 1234 unreadable']);
  });
});

describe('configStage: reads and changes', () => {
  it('identical configured files at both refs: no changes, nothing read', async () => {
    const files = { 'src/config.ts': "export const a = process.env.A || 'x';", 'docs/readme.md': 'v1' };
    const result = await runEnvStage(files, { ...files, 'docs/readme.md': 'v2' });
    expect(result.section).toEqual({ checked: true, breaking: false, changes: [] });
    expect(result.reads.size).toBe(0);
  });

  it('a comment-only change is checked and not breaking', async () => {
    const result = await runEnvStage(
      { 'src/config.ts': "export const a = process.env.A || 'x';" },
      { 'src/config.ts': "// the A setting\nexport const a = process.env.A || 'x';" },
    );
    expect(result.section).toEqual({ checked: true, breaking: false, changes: [] });
    expect(result.findings).toEqual([]);
  });

  it('renamed through a destructuring alias (same binding name) and read through an alias of process.env', async () => {
    const base = "const { OLD_PORT: port = '80' } = process.env;\nconst env = process.env;\nexport const flags = { beta: env.BETA === 'true' };";
    const head = "const { PORT: port = '80' } = process.env;\nconst env = process.env;\nexport const flags = { beta: env.BETA !== 'false' };";
    const result = await runEnvStage({ 'src/config.ts': base }, { 'src/config.ts': head });
    expect(result.section.changes).toEqual([
      { type: 'defaultChanged', name: 'BETA', previousDefault: 'false', defaultValue: 'true' },
      { type: 'renamed', name: 'PORT', previousName: 'OLD_PORT', defaultValue: '80' },
    ]);
    expect(result.verdict).toEqual({ checked: true, breaking: true });
  });

  it('reads through `import { env } from "node:process"` and a default-imported process', async () => {
    const base = "import { env as e } from 'node:process';\nimport proc from 'process';\nexport const a = e.A ?? '1';\nexport const b = proc.env['B'] ?? '1';";
    const head = base.replaceAll("'1'", "'2'");
    const result = await runEnvStage({ 'src/config.ts': base }, { 'src/config.ts': head });
    expect(result.section.changes.map((change) => change.name)).toEqual(['A', 'B']);
  });

  it('a variable moved to another file is not removed, and its reads are found in both', async () => {
    const result = await runEnvStage(
      { 'src/a.ts': "export const a = process.env.A || 'x';", 'src/b.ts': 'export {};' },
      { 'src/a.ts': 'export {};', 'src/b.ts': "export const a = process.env.A || 'x';" },
    );
    expect(result.section).toEqual({ checked: true, breaking: false, changes: [] });
  });

  it('writes to process.env and dynamic reads name no variable', async () => {
    const base = 'export {};';
    const head =
      "process.env.TZ = 'UTC';\ndelete process.env.DEBUG;\nexport const read = (name: string) => process.env[name];\nprocess.env.hasOwnProperty('X');";
    const result = await runEnvStage({ 'src/config.ts': base }, { 'src/config.ts': head });
    expect(result.findings).toEqual([]);
  });

  it('.env.example documents names, never defaults: a changed example value and a dropped listed-only name are no config change', async () => {
    const source = "export const port = parseInt(process.env.PORT || '8080', 10);";
    const result = await runEnvStage(
      { 'src/config.ts': source, '.env.example': '# settings\nLOG_LEVEL=info\nPORT=8080\nREDIS_URL=redis://cache\n' },
      { 'src/config.ts': source, '.env.example': '# settings\nLOG_LEVEL=debug\nPORT=9090\n' },
      WITH_EXAMPLE,
    );
    expect(result.section).toEqual({ checked: true, breaking: false, changes: [] });
    expect(result.findings.map((finding) => `${finding.rule}:${finding.params.name}`)).toEqual(['env-example-variable-removed:REDIS_URL']);
  });

  it('.env.example: dropping a listing of a variable the code still reads changes nothing', async () => {
    const source = 'export const url = process.env.DATABASE_URL;';
    const result = await runEnvStage(
      { 'src/config.ts': source, '.env.example': 'DATABASE_URL=postgres://db\n' },
      { 'src/config.ts': source, '.env.example': '# nothing\n' },
      WITH_EXAMPLE,
    );
    expect(result.section).toEqual({ checked: true, breaking: false, changes: [] });
  });

  it('a defaults file that is not an example (.env.defaults) still gives defaults', async () => {
    const source = 'export const level = process.env.LOG_LEVEL;';
    const env = { ...SOURCES_ONLY, envFiles: ['.env.defaults'] };
    const result = await runEnvStage(
      { 'src/config.ts': source, '.env.defaults': 'LOG_LEVEL=info' },
      { 'src/config.ts': source, '.env.defaults': 'LOG_LEVEL=debug' },
      env,
    );
    expect(result.section.changes).toEqual([{ type: 'defaultChanged', name: 'LOG_LEVEL', previousDefault: 'info', defaultValue: 'debug' }]);
    expect(result.findings[0]?.evidence).toEqual({ file: '.env.defaults', line: 1, statement: 'LOG_LEVEL=debug' });
  });

  it('changes and findings come out in a stable order whatever the file order', async () => {
    const base = {
      'src/z.ts': "export const z = process.env.ZED || 'a';",
      'src/a.ts': "export const a = process.env.ALPHA || 'a';\nexport const m = process.env.MID;",
    };
    const head = {
      'src/a.ts': "export const a = process.env.ALPHA || 'b';",
      'src/z.ts': "export const z = process.env.ZED || 'b';\nexport const n = process.env.NEW;",
    };
    const first = await runEnvStage(base, head);
    const reversed = await runEnvStage(Object.fromEntries(Object.entries(base).reverse()), Object.fromEntries(Object.entries(head).reverse()));
    expect(first.section.changes.map((change) => `${change.type}:${change.name}`)).toEqual(['defaultChanged:ALPHA', 'removed:MID', 'defaultChanged:ZED']);
    expect(first.findings.map((finding) => `${finding.rule}:${finding.params.name}`)).toEqual([
      'env-default-changed:ALPHA',
      'env-default-changed:ZED',
      'env-variable-added:NEW',
      'env-variable-removed:MID',
    ]);
    expect(JSON.stringify(reversed)).toBe(JSON.stringify(first));
  });

  it('reads a blob found at two paths once', async () => {
    const shared = "export const s = process.env.SHARED_TWICE || 'x'; // twin";
    const result = await runEnvStage({ 'src/one.ts': shared, 'src/two.ts': shared }, { 'src/one.ts': shared, 'src/two.ts': `${shared}\n` });
    expect(result.section).toEqual({ checked: true, breaking: false, changes: [] });
    expect([...result.reads.keys()].sort()).toEqual(['base:src/one.ts', 'head:src/two.ts']);
  });

  it('extracts each blob once across runs (the backfill cache is keyed by blob id)', async () => {
    const files = {
      'src/cached-a.ts': "export const a = process.env.CACHED_A || 'x'; // unique-1",
      'src/cached-b.ts': 'export const b = process.env.CACHED_B; // unique-1',
    };
    const before = extractionCacheSize();
    const first = await runEnvStage(files, { ...files, 'src/cached-b.ts': 'export const b = process.env.CACHED_B; // unique-2' });
    expect(extractionCacheSize() - before).toBe(3);
    const second = await runEnvStage(files, { ...files, 'src/cached-b.ts': 'export const b = process.env.CACHED_B; // unique-2' });
    expect(extractionCacheSize() - before).toBe(3);
    expect(second.reads.size).toBe(0);
    expect(second.section).toEqual(first.section);
  });
});
