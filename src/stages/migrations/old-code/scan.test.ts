import { beforeAll, describe, expect, it } from 'vitest';
import { memoryStageInput } from '../../memory-input.js';
import { loadParser } from '../sql.js';
import { scanOldCode, treeScanKey } from './scan.js';
import { DiskDerivedCache, MemoryDerivedCache } from '../../../cache/derived-cache.js';
import type { DerivedCache } from '../../contract.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

beforeAll(() => loadParser());

/**
 * Imported table constants are resolved through modules whose parses are kept across the pairs of a
 * process by path and blob id (issue 36): a module that changes between releases (another blob) must
 * be read again, and one whose imports change must be followed along its new edges.
 */
const repository = "import knex from 'knex';\nimport { UsersTable } from './tables';\nexport const list = () => knex(UsersTable).select('nickname');\n";
const scan = (files: Record<string, string>) =>
  scanOldCode(memoryStageInput({ base: files, head: files }), { migrationFolders: [{ dir: 'migrations', edition: 'core' }] });
const tablesOf = async (files: Record<string, string>) => {
  const index = await scan(files);
  return { tables: index.references.map((reference) => reference.table), dynamic: index.dynamic.map((mark) => mark.reason) };
};

describe('old-code scan across releases (modules cached by path and blob id)', () => {
  it('follows each release’s own constants, imports and re-exports', async () => {
    expect(await tablesOf({ 'src/repo.ts': repository, 'src/tables.ts': "export const UsersTable = 'users';\n" })).toEqual({ tables: ['users'], dynamic: [] });
    // The constant's module changed (another blob at the same path): the new value.
    expect(await tablesOf({ 'src/repo.ts': repository, 'src/tables.ts': "export const UsersTable = 'accounts';\n" })).toEqual({
      tables: ['accounts'],
      dynamic: [],
    });
    // Same path, now a re-export of another module: followed along the new edge.
    const reexported = { 'src/repo.ts': repository, 'src/tables.ts': "export * from './names';\n", 'src/names.ts': "export const UsersTable = 'members';\n" };
    expect(await tablesOf(reexported)).toEqual({ tables: ['members'], dynamic: [] });
    // Back to the first blob: the first answer again.
    expect(await tablesOf({ 'src/repo.ts': repository, 'src/tables.ts': "export const UsersTable = 'users';\n" })).toEqual({ tables: ['users'], dynamic: [] });
    // The same blob at another path is another module: resolved from that path's own imports.
    const moved = {
      'src/repo.ts': repository.replace("'./tables'", "'./lib/tables'"),
      'src/lib/tables.ts': "export * from './names';\n",
      'src/lib/names.ts': "export const UsersTable = 'people';\n",
    };
    expect(await tablesOf(moved)).toEqual({ tables: ['people'], dynamic: [] });
    // No longer a constant: dynamic, never the cached value.
    const computed = await tablesOf({ 'src/repo.ts': repository, 'src/tables.ts': "export const UsersTable = process.env.T ?? 'users';\n" });
    expect(computed.tables).toEqual([]);
    expect(computed.dynamic).toEqual(['table name from an imported value that is not a constant (UsersTable)']);
  });
});

/**
 * The whole tree's index is kept in the derived cache under every path and blob id of the tree (issue
 * 36): a warm `generate` reads it with one file read and reads no file of the tree.
 */
describe('old-code scan: one derived-cache entry per tree', () => {
  const files = {
    'src/repo.ts': repository,
    'src/tables.ts': "export const UsersTable = 'users';\n",
    'src/raw.ts': "import knex from 'knex';\nexport const f = (t: string) => knex(t).select('email');\n",
    'README.md': 'the service\n',
  };
  const counted = (tree: Record<string, string>, derivedCache: DerivedCache) => {
    const input = { ...memoryStageInput({ base: tree, head: tree }), derivedCache };
    const reads: string[] = [];
    const read = input.read;
    input.read = async (side, path) => {
      reads.push(path);
      return read(side, path);
    };
    return { input, reads };
  };
  const options = { migrationFolders: [{ dir: 'migrations', edition: 'core' as const }] };

  it('a cached index equals a fresh one (through the disk too) and reads nothing', async () => {
    const fresh = await scanOldCode(memoryStageInput({ base: files, head: files }), options);
    expect(fresh.references.map((reference) => reference.table)).toEqual(['users']);
    const folder = mkdtempSync(join(tmpdir(), 'rs-old-code-'));
    try {
      const first = counted(files, new DiskDerivedCache(folder, () => 'test'));
      expect(await scanOldCode(first.input, options)).toEqual(fresh);
      expect(first.reads.length).toBeGreaterThan(0);
      // Another process (a new cache object over the same folder): the entry comes from disk.
      const second = counted(files, new DiskDerivedCache(folder, () => 'test'));
      expect(await scanOldCode(second.input, options)).toEqual(fresh);
      expect(second.reads).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a changed blob anywhere in the tree is another entry; an entry of the wrong shape is recomputed', async () => {
    const cache = new MemoryDerivedCache();
    await scanOldCode(counted(files, cache).input, options);
    // The constant's module changed: not the cached answer.
    const renamed = { ...files, 'src/tables.ts': "export const UsersTable = 'accounts';\n" };
    const again = counted(renamed, cache);
    expect((await scanOldCode(again.input, options)).references.map((reference) => reference.table)).toEqual(['accounts']);
    expect(again.reads).toContain('src/tables.ts');
    // Even a file the scan does not read (README) changes the key: which paths exist decides imports.
    expect(treeScanKey(memoryStageInput({ base: { ...files, 'README.md': 'x\n' }, head: files }).trees.base, ['migrations'])).not.toEqual(
      treeScanKey(memoryStageInput({ base: files, head: files }).trees.base, ['migrations']),
    );
    // So do the migrations folders left out.
    const tree = memoryStageInput({ base: files, head: files }).trees.base;
    expect(treeScanKey(tree, ['migrations'])).not.toEqual(treeScanKey(tree, ['db/migrations']));
    // A corrupt entry (a reference without its file) is no answer: the tree is scanned again.
    cache.set(treeScanKey(tree, ['migrations']), { references: [{ table: 'users' }], dynamic: [], mentions: [], filesRead: 1 });
    const corrupt = counted(files, cache);
    expect((await scanOldCode(corrupt.input, options)).references).toMatchObject([{ table: 'users', file: 'src/repo.ts', via: 'knex' }]);
    expect(corrupt.reads.length).toBeGreaterThan(0);
  });

  it('an incomplete scan is not kept', async () => {
    const cache = new MemoryDerivedCache();
    const unreadable = { ...files, 'src/tables.ts': null };
    const input = { ...memoryStageInput({ base: unreadable, head: unreadable }), derivedCache: cache };
    const index = await scanOldCode(input, options);
    expect(index.incomplete).toBeDefined();
    expect(cache.get(treeScanKey(input.trees.base, ['migrations']))).toBeUndefined();
  });
});
