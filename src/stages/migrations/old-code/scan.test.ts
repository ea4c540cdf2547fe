import { beforeAll, describe, expect, it } from 'vitest';
import { memoryStageInput } from '../../memory-input.js';
import { loadParser } from '../sql.js';
import { scanOldCode } from './scan.js';

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
