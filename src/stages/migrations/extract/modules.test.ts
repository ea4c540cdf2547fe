import { describe, expect, test } from 'vitest';
import { importCandidates } from './modules.js';
import { extractKnexMigration } from './knex.js';
import { stageInput } from '../../../../test/helpers/stage-input.js';
import { extractMigrationCached, repoFilesAt } from '../extraction-cache.js';
import { knexFormat } from '../formats/knex.js';
import type { MigrationPath } from '../discovery.js';

describe('import resolution inside the repository', () => {
  // The candidates are the toolkit's (src/syntax/modules.ts, every extension TypeScript resolves); the
  // migration loader adds the path as written first. The lists below were this reader's own copy
  // (.ts/.js only) before the toolkit: the first candidates and what is left out are what matter.
  test.each([
    [
      'db/migrations/001.ts',
      '../entities/tables',
      ['db/entities/tables', 'db/entities/tables.ts', 'db/entities/tables.tsx'],
      ['db/entities/tables.js', 'db/entities/tables/index.ts', 'db/entities/tables/index.js', 'db/entities/tables.mjs'],
    ],
    [
      'db/migrations/001.ts',
      './x.js',
      ['db/migrations/x.js', 'db/migrations/x.ts', 'db/migrations/x.tsx', 'db/migrations/x.mts', 'db/migrations/x.cts'],
      ['db/migrations/x.js/index.ts', 'db/migrations/x.js/index.js'],
    ],
    ['001.ts', '../outside', [], []],
  ])('%s imports %s', (from, specifier, first, alsoTried) => {
    const candidates = importCandidates(from, specifier);
    expect(candidates.slice(0, first.length)).toEqual(first);
    expect(candidates).toEqual(expect.arrayContaining(alsoTried));
    if (first.length === 0) expect(candidates).toEqual([]);
  });

  test('import cycles and deep chains end without looping', async () => {
    const files: Record<string, string> = {
      'db/a.ts': `export { B as A } from './b';`,
      'db/b.ts': `export { A as B } from './a';`,
    };
    const text = `import { A } from '../a';\nexport async function up(knex) { await knex.schema.dropTable(A); }`;
    const result = await extractKnexMigration('db/m/001.ts', text, { readRepoFile: async (path) => files[path] });
    expect(result.statements).toEqual([]);
    expect(result.unresolved).toHaveLength(1);
    expect(result.unresolved[0]!.affects).toEqual(['locksTable', 'rewritesTable', 'scansTable']);
  });

  test('each file is read once per migration even when imported twice', async () => {
    const reads: string[] = [];
    const files: Record<string, string> = { 'db/t.ts': `export const A = 'a';\nexport const B = 'b';` };
    const text = `import { A } from '../t';\nimport { B } from '../t.js';\nexport async function up(knex) { await knex.schema.dropTable(A).dropTable(B); }`;
    const result = await extractKnexMigration('db/m/001.ts', text, { readRepoFile: async (path) => (reads.push(path), files[path]) });
    expect(result.statements.map((s) => s.sql)).toEqual(['drop table "a"', 'drop table "b"']);
    expect(reads).toEqual(['db/t', 'db/t.ts']);
  });
});

describe('more shapes of up', () => {
  const read = async () => undefined;
  test.each([
    ['method in module.exports', `module.exports = { async up(knex) { await knex.schema.dropTable('a'); }, down() {} };`],
    ['export { up }', `const up = async (knex) => { await knex.schema.dropTable('a'); };\nexport { up };`],
    ['module.exports.up', `module.exports.up = async function (knex) { return knex.schema.dropTable('a'); };`],
    ['exports.up = local function', `async function up(knex) { await knex.schema.dropTable('a'); }\nexports.up = up;`],
    ['expression-bodied arrow', `export const up = (knex) => knex.schema.dropTable('a');`],
    ['export default { up }', `export default { up: async (knex) => { await knex.schema.dropTable('a'); } };`],
  ])('%s', async (_name, text) => {
    const result = await extractKnexMigration('m/001.js', text, { readRepoFile: read });
    expect(result.unresolved).toEqual([]);
    expect(result.statements.map((s) => s.sql)).toEqual(['drop table "a"']);
  });

  test('up without a knex parameter that still does something is unresolved', async () => {
    const result = await extractKnexMigration('m/001.ts', `import { db } from '../db';\nexport async function up() { await db.schema.dropTable('a'); }`, {
      readRepoFile: read,
    });
    expect(result.unresolved).toMatchObject([{ line: 2, reason: '`up` has no knex parameter: the database handle it uses is not followed' }]);
  });

  test('an empty up is simply empty', async () => {
    const result = await extractKnexMigration('m/001.ts', `export async function up() {}`, { readRepoFile: read });
    expect(result).toEqual({ file: 'm/001.ts', statements: [], unresolved: [], inTransaction: true });
  });
});

describe('source that does not parse', () => {
  const ALL = ['locksTable', 'rewritesTable', 'scansTable'];

  test('a migration with a syntax error is one unresolved part with the line and the parser’s reason, nothing extracted', async () => {
    const text = `export async function up(knex) {\n  await knex.schema.dropTable('a');\n  const = 1;\n}\n`;
    const result = await extractKnexMigration('m/001.ts', text, { readRepoFile: async () => undefined });
    expect(result.statements).toEqual([]);
    expect(result.unresolved).toEqual([{ line: 3, reason: expect.stringMatching(/^m\/001\.ts:3 does not parse: /), affects: ALL, evidence: 'const = 1;' }]);
  });

  test('type annotations in a .js migration do not parse (Node would not run it either)', async () => {
    const result = await extractKnexMigration('m/001.js', `exports.up = (knex: any) => knex.schema.dropTable('a');\n`, { readRepoFile: async () => undefined });
    expect(result.statements).toEqual([]);
    expect(result.unresolved).toMatchObject([{ line: 1, reason: expect.stringContaining('does not parse'), affects: ALL }]);
  });

  test('an imported file that does not parse leaves its constants unresolved, naming the import', async () => {
    const files: Record<string, string> = { 'db/t.ts': `export const A = ;` };
    const text = `import { A } from '../t';\nexport async function up(knex) { await knex.schema.dropTable(A); }`;
    const result = await extractKnexMigration('db/m/001.ts', text, { readRepoFile: async (path) => files[path] });
    expect(result.statements).toEqual([]);
    expect(result.unresolved).toEqual([
      {
        line: 2,
        reason: expect.stringMatching(/^import `\.\.\/t` from db\/m\/001\.ts is not read: db\/t\.ts:1 does not parse: /),
        affects: ALL,
        evidence: 'knex.schema.dropTable(A)',
      },
    ]);
  });
});

/**
 * Bare imports resolved through the ref's module layout (src/syntax/modules.ts), as routes and MCP
 * resolve them. Modelled on lightdash 0.1719 (packages/backend/src/database/migrations/
 * 20230801143252_add_project_dbt_version.ts: `defaultTo(SupportedDbtVersions.V1_4)` imported from the
 * workspace package `@lightdash/common`, whose package.json names `dist/cjs/index.js`).
 */
describe('aliases and workspace packages, when the ref is known', () => {
  const migration = [
    "import { SupportedDbtVersions } from '@lightdash/common';",
    "import { PROJECTS } from '@/database/tables';",
    "import { Knex } from 'knex';",
    'export async function up(knex: Knex): Promise<void> {',
    '  await knex.schema.alterTable(PROJECTS, (t) => {',
    "    t.string('dbt_version').notNullable().defaultTo(SupportedDbtVersions.V1_4);",
    '  });',
    '}',
  ].join('\n');
  const tree = {
    'packages/common/package.json': JSON.stringify({ name: '@lightdash/common', main: 'dist/cjs/index.js', types: 'dist/types/index.d.ts' }),
    'packages/common/src/index.ts': "export * from './types/projects';\nexport * from './types/charts';\n",
    'packages/common/src/types/projects.ts': "export enum SupportedDbtVersions {\n  V1_4 = 'v1_4',\n  V1_5 = 'v1_5',\n}\n",
    'packages/common/src/types/charts.ts': "export enum ChartKind {\n  LINE = 'line',\n}\n",
    'packages/backend/package.json': JSON.stringify({ name: 'backend', dependencies: { '@lightdash/common': '^0.1719.0' } }),
    'packages/backend/tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["./src/*"] } } }',
    'packages/backend/src/database/tables.ts': "export const PROJECTS = 'projects';\n",
  };
  const file = 'packages/backend/src/database/migrations/20230801143252_add_project_dbt_version.ts';

  test('a workspace package and a tsconfig alias: the constants are read', async () => {
    const input = stageInput({ base: tree, head: { ...tree, [file]: migration } });
    const result = await extractKnexMigration(file, migration, { readRepoFile: repoFilesAt(input, 'head') });
    expect(result.unresolved).toEqual([]);
    expect(result.statements.map((statement) => statement.sql)).toEqual([
      `alter table "projects" add column "dbt_version" varchar(255) not null default 'v1_4'`,
    ]);
  });

  test('plain files (no ref): the same imports are packages outside the files read, as before', async () => {
    const result = await extractKnexMigration(file, migration, { readRepoFile: async (path) => (tree as Record<string, string>)[path] });
    expect(result.unresolved.map((part) => part.reason)).toEqual([expect.stringContaining('is a package or path alias outside the repository files')]);
  });

  test('the extraction cache: a changed tsconfig alias is read again, not taken from the cache', async () => {
    const cache = new Map<string, unknown>();
    const at = (tables: string) => {
      const files = { ...tree, [file]: migration, 'packages/backend/src/db-tables.ts': "export const PROJECTS = 'renamed';\n" };
      const input = stageInput({
        base: files,
        head: { ...files, 'packages/backend/tsconfig.json': `{ "compilerOptions": { "paths": { "@/database/tables": ["${tables}"] , "@/*": ["./src/*"] } } }` },
      });
      return { ...input, derivedCache: cache } as typeof input;
    };
    const migrationPath = { path: file, folder: 'packages/backend/src/database/migrations', format: knexFormat } as unknown as MigrationPath;
    const first = await extractMigrationCached(at('./src/database/tables.ts'), 'head', migrationPath, migration);
    const second = await extractMigrationCached(at('./src/db-tables.ts'), 'head', migrationPath, migration);
    expect(first.extracted.statements[0]!.sql).toContain('alter table "projects"');
    expect(second.extracted.statements[0]!.sql).toContain('alter table "renamed"');
  });

  /**
   * lightdash packages/common/src/index.ts: 128 `export * from './types/…'` lines after imports of
   * its own helpers; `SupportedDbtVersions` sits in types/projects.ts, far past the 25 files the
   * loader used to stop at. Only what the name needs is followed (the other targets are read as
   * text, not followed further).
   */
  test('a barrel of 128 `export *` lines: the name is found wherever it sits, through a nested barrel', async () => {
    const modules = Array.from({ length: 128 }, (_, index) => `types/t${index}`);
    const barrel = [
      "import { z } from 'zod';",
      "import { friendlyName } from './types/field';",
      ...modules.map((module) => `export * from './${module}';`),
      "export * from './types/projects';",
    ].join('\n');
    const wide: Record<string, string> = {
      ...tree,
      'packages/common/src/index.ts': barrel,
      'packages/common/src/types/field.ts': 'export const friendlyName = (text: string) => text;\n',
      'packages/common/src/types/projects.ts': "export * from './projects/versions';\nexport type ProjectId = string;\n",
      'packages/common/src/types/projects/versions.ts':
        "import { V1_4 } from '../versions-base';\nexport enum SupportedDbtVersions {\n  V1_4 = V1_4,\n  V1_5 = 'v1_5',\n}\n",
      'packages/common/src/types/versions-base.ts': "export const V1_4 = 'v1_4';\n",
    };
    for (const [index, module] of modules.entries())
      wide[`packages/common/src/${module}.ts`] =
        `import { z } from 'zod';\nexport const Schema${index} = z.object({ id: z.string() });\nexport enum Kind${index} { A = 'a' }\n`;
    const input = stageInput({ base: wide, head: { ...wide, [file]: migration } });
    const reads: string[] = [];
    const read = repoFilesAt(input, 'head');
    const counting = Object.assign(async (path: string) => (reads.push(path), read(path)), { importLayout: read.importLayout });
    const result = await extractKnexMigration(file, migration, { readRepoFile: counting });
    expect(result.unresolved).toEqual([]);
    expect(result.statements.map((statement) => statement.sql)).toEqual([
      `alter table "projects" add column "dbt_version" varchar(255) not null default 'v1_4'`,
    ]);
    // Each star target read once as text; none of its own imports (zod) followed.
    expect(new Set(reads).size).toBe(reads.length);
    expect(reads.filter((path) => /\/types\/t\d+\.ts$/.test(path)).length).toBeLessThanOrEqual(128);
  });
});
