import { describe, expect, it } from 'vitest';
import { MemoryDerivedCache } from '../../../src/cache/derived-cache.js';
import type { DerivedCache } from '../../../src/stages/contract.js';
import { configStage } from '../../../src/stages/env/index.js';
import { dependenciesOf, importSpecifiers } from '../../../src/stages/env/import-list.js';
import { runStage } from '../../../src/stages/contract.js';
import { fakeBlobId, stageInput } from '../../helpers/stage-input.js';

/**
 * What an env source imports is kept in the derived cache by blob id (import-list.ts), so a release
 * that changed only script files no source imports (an added migration) is answered without reading
 * the sources again nor loading the parser. Resolution against the tree is per ref: a cached import
 * list must still see a file that appeared.
 */

const ENV = { sources: ['src/config/**/*.ts'] };
const SETTINGS = "import { DEFAULT_PORT } from '../shared/defaults';\nexport const port = Number(process.env.PORT || DEFAULT_PORT);\n";
const RELEASED = { 'src/config/settings.ts': SETTINGS, 'db/001.ts': 'export async function up() {}\n' };

async function run(base: Record<string, string>, head: Record<string, string>, derivedCache?: DerivedCache) {
  const input = { ...stageInput({ base, head }, { env: ENV }), derivedCache };
  const result = await runStage(configStage, input);
  return { result, settingsReads: input.reads.get('head:src/config/settings.ts') ?? 0 };
}

describe('env sources: import lists cached by blob id', () => {
  it('a release adding a script no source imports reads the sources once, then not at all', async () => {
    const head = { ...RELEASED, 'db/002.ts': 'export async function up() {}\n' };
    const cache = new MemoryDerivedCache();
    const first = await run(RELEASED, head, cache);
    expect(first.settingsReads).toBe(1);
    expect(first.result.section).toEqual({ checked: true, breaking: false, changes: [] });
    const second = await run(RELEASED, head, cache);
    expect(second.settingsReads).toBe(0);
    expect(second.result).toEqual(first.result);
    expect(cache.get(JSON.stringify(['env-import-specifiers/2', fakeBlobId(SETTINGS)]))).toEqual(['../shared/defaults']);
  });

  it('a cached import list is resolved again at each ref: an imported file that appears is compared', async () => {
    const cache = new MemoryDerivedCache();
    await run(RELEASED, { ...RELEASED, 'db/002.ts': '' }, cache);
    const withDefaults = { ...RELEASED, 'src/shared/defaults.ts': "export const DEFAULT_PORT = '8080';\n" };
    const { result } = await run(RELEASED, withDefaults, cache);
    expect(result.section).toEqual({
      checked: true,
      breaking: true,
      changes: [{ type: 'defaultChanged', name: 'PORT', previousDefault: null, defaultValue: '8080' }],
    });
  });

  it('an entry of the wrong shape is read again, never trusted', async () => {
    const tree = { blobOf: () => 'blob-1', read: async () => "export * from './b';\n" };
    const other = {
      blobOf: (path: string) => (path === 'src/b.ts' ? 'blob-2' : 'blob-1'),
      read: async (path: string) => (path === 'src/a.ts' ? "export * from './b';\n" : ''),
    };
    for (const bad of [['/etc/passwd'], 'x', [1], { length: 0 }]) {
      const cache = new MemoryDerivedCache();
      cache.set(JSON.stringify(['env-import-specifiers/2', 'blob-1']), bad);
      expect(await dependenciesOf('src/a.ts', other, cache)).toEqual(['src/b.ts']);
    }
    expect(await dependenciesOf('src/a.ts', { ...tree, blobOf: (path: string) => (path === 'src/a.ts' ? 'blob-1' : undefined) })).toEqual([]);
  });

  it('finds every import form, once each (a package or an alias too: the layout resolves it, or it is not ours)', () => {
    const text =
      "import a from './a';\nexport { b } from \"../b.js\";\nconst c = require('./c');\nimport './side';\nconst d = await import('./d');\nimport x from 'pkg';\nimport a2 from './a';\n";
    expect(importSpecifiers(text)).toEqual(['./a', '../b.js', './c', './side', './d', 'pkg']);
  });
});

describe('env sources: extractions cached by blob, config and the blobs of what they import (issue: env stage cost)', () => {
  const SETTINGS_V2 = `${SETTINGS}export const host = process.env.HOST;\n`;
  const DEFAULTS = 'export const DEFAULT_PORT = 3000;\n';
  const base = { 'src/config/settings.ts': SETTINGS, 'src/shared/defaults.ts': DEFAULTS };
  const head = { 'src/config/settings.ts': SETTINGS_V2, 'src/shared/defaults.ts': DEFAULTS };

  it('a second run over a changed pair takes each extraction from the derived cache (the entry is what is used)', async () => {
    const cache = new MemoryDerivedCache();
    const written: string[] = [];
    const recording: DerivedCache = { get: (key) => cache.get(key), set: (key, value) => (written.push(key), cache.set(key, value)) };
    const first = await run(base, head, recording);
    expect(first.result.section).toEqual({ checked: true, breaking: false, changes: [] });
    const keys = written.filter((key) => key.startsWith('["env-extraction/2"'));
    expect(keys).toHaveLength(2); // the source at each ref
    const headKey = keys.find((key) => key.includes(fakeBlobId(SETTINGS_V2)))!;
    const entry = cache.get(headKey) as { reads: Array<{ name: string }> };
    cache.set(headKey, { ...entry, reads: entry.reads.map((read) => ({ ...read, name: read.name === 'HOST' ? 'FROM_CACHE' : read.name })) });
    const second = await run(base, head, cache);
    expect(second.result.findings.map((finding) => finding.params?.name)).toContain('FROM_CACHE');
  });

  it('a changed imported constant changes the key: the default it gives is read again', async () => {
    const cache = new MemoryDerivedCache();
    await run(base, head, cache);
    const changed = await run(base, { ...head, 'src/shared/defaults.ts': 'export const DEFAULT_PORT = 4000;\n' }, cache);
    expect(changed.result.section.changes).toEqual([{ type: 'defaultChanged', name: 'PORT', previousDefault: '3000', defaultValue: '4000' }]);
  });

  it('an entry that is not an extraction is ignored', async () => {
    const poisoned: DerivedCache = {
      get: (key) => (key.startsWith('["env-extraction/2"') ? { ok: true, reads: [{ name: 1 }], unresolved: [] } : undefined),
      set: () => {},
    };
    const result = await run(base, head, poisoned);
    expect(result.result.section).toEqual({ checked: true, breaking: false, changes: [] });
  });
});
