import { describe, expect, test } from 'vitest';
import { stageInput } from '../../../test/helpers/stage-input.js';
import { runStage } from '../contract.js';
import { migrationsStage } from './index.js';
import { folderOf } from './folders.js';
import { knexFormat } from './formats/knex.js';

/** The migrations stage over in-memory refs: configuration, the file-set diff, verdict composition. */

const DIR = 'db/migrations';
const CONFIG = {
  migrations: [
    { dir: DIR, edition: 'core' as const },
    { dir: 'ee/migrations', edition: 'ee' as const },
  ],
};
const knexFile = (up: string) => `export async function up(knex) {\n  ${up}\n}\nexport async function down() {}\n`;

describe('configuration', () => {
  test('migrations: false → checked, not present, nothing read', async () => {
    const input = stageInput({ base: {}, head: { [`${DIR}/001.sql`]: 'DROP TABLE users;' } }, { migrations: false });
    const result = await runStage(migrationsStage, input);
    expect(result).toEqual({
      section: { present: false, count: 0, coreCount: 0, eeCount: 0, files: [] },
      verdict: { checked: true, breaking: false },
      findings: [],
      notes: [],
    });
    expect(input.reads.size).toBe(0);
  });

  test('not configured → unchecked, present unknown, with the reason', async () => {
    const result = await runStage(migrationsStage, stageInput({ base: {}, head: {} }, {}));
    expect(result.section.present).toBe('unknown');
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes).toEqual([expect.stringContaining('migrations not configured')]);
  });

  test('no migration added → present false, not breaking', async () => {
    const released = { [`${DIR}/001_init.sql`]: 'CREATE TABLE a (id int);' };
    const result = await runStage(migrationsStage, stageInput({ base: { ...released, 'src/a.ts': 'a' }, head: { ...released, 'src/a.ts': 'b' } }, CONFIG));
    expect(result.section).toEqual({ present: false, count: 0, coreCount: 0, eeCount: 0, files: [] });
    expect(result.verdict).toEqual({ checked: true, breaking: false });
  });

  test('no migration file in any configured folder at either ref → unknown, not "no migrations"', async () => {
    const result = await runStage(migrationsStage, stageInput({ base: { 'src/a.ts': 'a' }, head: { 'src/a.ts': 'b' } }, CONFIG));
    expect(result.section.present).toBe('unknown');
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
  });
});

describe('folder formats', () => {
  test('a changed folder whose format is not recognised is unknown, naming what it holds and the formats supported', async () => {
    const head = { 'src/migrations/1700000000000-AddUsers.ts': 'export class AddUsers { async up(runner) { await runner.run(`DROP TABLE users`); } }\n' };
    const result = await runStage(migrationsStage, stageInput({ base: {}, head }, { migrations: [{ dir: 'src/migrations', edition: 'core' }] }));
    expect(result.section.files).toMatchObject([{ name: 'src/migrations/1700000000000-AddUsers.ts', heaviness: { locksTable: 'unknown' } }]);
    expect(result.verdict).toEqual({ checked: true, breaking: 'unknown' });
    expect(result.notes).toEqual([
      expect.stringMatching(
        /^src\/migrations\/1700000000000-AddUsers\.ts: not read \(added, src\/migrations: no supported migration format recognised in 1 file \(1 \.ts\), e\.g\. 1700000000000-AddUsers\.ts; supported formats: prisma, .*knex, sql\./,
      ),
    ]);
  });

  test('a configured format is used as given: a goose file named as dbmate reads nothing and is unknown', async () => {
    const head = { 'db/001_users.sql': '-- +goose Up\nALTER TABLE users ADD COLUMN a int;\n' };
    const result = await runStage(migrationsStage, stageInput({ base: {}, head }, { migrations: [{ dir: 'db', edition: 'core', format: 'dbmate' }] }));
    expect(result.section.files).toMatchObject([{ name: '001_users.sql', heaviness: { locksTable: 'unknown' } }]);
  });
});

describe('which files are migrations', () => {
  test.each([
    ['20240101_add.ts', true],
    ['001_init.sql', true],
    ['002.js', true],
    ['003.cjs', true],
    ['004.mjs', true],
    ['types.d.ts', false],
    ['001_add.test.ts', false],
    ['001_add.spec.js', false],
    ['README.md', false],
    ['.eslintrc.js', false],
    ['001.ts.map', false],
  ])('%s → %s', (name, expected) => {
    expect(knexFormat.migrationName(name) !== undefined).toBe(expected);
  });

  test('a folder holds every file below it (the root: one sub-folder down); knex reads only its own files; ./ and trailing / are ignored', () => {
    const folders = [{ dir: './db/migrations/', edition: 'core' as const }];
    expect(folderOf('db/migrations/001.ts', folders)).toEqual({ folder: folders[0], relativePath: '001.ts' });
    expect(folderOf('db/migrations/helpers/columns.ts', folders)?.relativePath).toBe('helpers/columns.ts');
    expect(knexFormat.migrationName('helpers/columns.ts')).toBeUndefined();
    expect(folderOf('db/migrations/a/b/c.ts', folders)?.relativePath).toBe('a/b/c.ts');
    expect(folderOf('a/b/c.ts', [{ dir: '.', edition: 'ee' }])).toBeUndefined();
    expect(folderOf('db/migrations-old/001.ts', folders)).toBeUndefined();
    expect(folderOf('001.ts', [{ dir: '.', edition: 'ee' }])?.folder.edition).toBe('ee');
  });
});

describe('added, modified and deleted files', () => {
  const base = { [`${DIR}/001_released.sql`]: 'CREATE TABLE a (id int);', [`${DIR}/002_released.sql`]: 'CREATE TABLE b (id int);' };

  test('added files in name order with their edition; a file stamped earlier still counts as added', async () => {
    const input = stageInput(
      {
        base,
        head: {
          ...base,
          [`${DIR}/003_new.sql`]: 'CREATE TABLE c (id int);',
          [`${DIR}/000_late_merge.sql`]: 'CREATE TABLE d (id int);',
          'ee/migrations/005_ee.ts': knexFile(`await knex.schema.createTable('e', (t) => { t.increments(); });`),
          // knex loads only its folder's own files: a helper one folder down is ignored, with the reason (coverage.ts).
          'ee/migrations/helpers/not-a-migration.ts': 'export const x = 1;',
        },
      },
      CONFIG,
    );
    const result = await runStage(migrationsStage, input);
    expect(result.section.files.map((f) => [f.name, f.edition, f.tables])).toEqual([
      ['000_late_merge.sql', 'core', ['d']],
      ['003_new.sql', 'core', ['c']],
      ['005_ee.ts', 'ee', ['e']],
    ]);
    expect(result.section).toMatchObject({ present: true, count: 3, coreCount: 2, eeCount: 1 });
    expect(input.reads.has('head:ee/migrations/helpers/not-a-migration.ts')).toBe(false);
    expect(result.notes).toContain(
      'ee/migrations/helpers/not-a-migration.ts: ignored (knex loads only the files directly in its folder (a file a migration imports is read with it))',
    );
  });

  test('an edit that leaves every statement identical is only an info finding', async () => {
    const released = { [`${DIR}/003.ts`]: knexFile(`await knex.schema.dropTable('old');`) };
    const input = stageInput(
      { base: released, head: { [`${DIR}/003.ts`]: `// fixed a typo in a comment\n${knexFile(`await knex.schema.dropTable(OLD);`)}\nconst OLD = 'old';\n` } },
      CONFIG,
    );
    const result = await runStage(migrationsStage, input);
    expect(result.findings).toEqual([{ rule: 'released-migration-reformatted', params: { file: `${DIR}/003.ts` }, evidence: { file: `${DIR}/003.ts` } }]);
    expect(result.verdict).toEqual({ checked: true, breaking: false });
  });

  test('modified and deleted released migrations are breaking findings, not added', async () => {
    const input = stageInput({ base, head: { [`${DIR}/001_released.sql`]: 'CREATE TABLE a (id bigint);' } }, CONFIG);
    const result = await runStage(migrationsStage, input);
    expect(result.section.count).toBe(0);
    expect(result.findings).toEqual([
      {
        rule: 'released-migration-modified',
        params: { file: `${DIR}/001_released.sql`, change: 'statement 1 changed (line 1): `CREATE TABLE a (id int)` → `CREATE TABLE a (id bigint)`' },
        evidence: { file: `${DIR}/001_released.sql` },
      },
      { rule: 'released-migration-deleted', params: { file: `${DIR}/002_released.sql` }, evidence: { file: `${DIR}/002_released.sql` } },
    ]);
    expect(result.verdict).toEqual({ checked: true, breaking: true });
  });
});

describe('verdict', () => {
  test('a light migration on a new table is not breaking', async () => {
    const input = stageInput(
      {
        base: {},
        head: {
          [`${DIR}/001.ts`]: knexFile(
            `await knex.schema.createTable('t', (t) => { t.increments(); t.text('name'); });\n  await knex.schema.alterTable('t', (t) => { t.index(['name']); });`,
          ),
        },
      },
      CONFIG,
    );
    const result = await runStage(migrationsStage, input);
    expect(result.section.files).toEqual([
      { name: '001.ts', edition: 'core', tables: ['t'], heaviness: { locksTable: false, rewritesTable: false, scansTable: false } },
    ]);
    expect(result.verdict).toEqual({ checked: true, breaking: false });
  });

  test('tables created by an earlier migration of the same release are new in later ones', async () => {
    const input = stageInput(
      {
        base: {},
        head: {
          [`${DIR}/001.ts`]: knexFile(`await knex.schema.createTable('t', (t) => { t.increments(); t.text('name'); });`),
          [`${DIR}/002.ts`]: knexFile(`await knex.schema.alterTable('t', (t) => { t.index(['name']); });`),
        },
      },
      CONFIG,
    );
    const result = await runStage(migrationsStage, input);
    expect(result.section.files.map((f) => f.heaviness)).toEqual([
      { locksTable: false, rewritesTable: false, scansTable: false },
      { locksTable: false, rewritesTable: false, scansTable: false },
    ]);
  });

  test('a conditional create is new only when the released migrations do not create the table', async () => {
    const createIfMissing = (table: string) =>
      knexFile(
        `if (!(await knex.schema.hasTable('${table}'))) {\n    await knex.schema.createTable('${table}', (t) => { t.increments(); t.text('name').index(); });\n  }`,
      );
    const released = { [`${DIR}/001.ts`]: knexFile(`await knex.schema.createTable('users', (t) => { t.increments(); t.text('name'); });`) };
    const input = stageInput(
      { base: released, head: { ...released, [`${DIR}/002.ts`]: createIfMissing('users'), [`${DIR}/003.ts`]: createIfMissing('audit') } },
      CONFIG,
    );
    const result = await runStage(migrationsStage, input);
    const [existing, fresh] = result.section.files;
    expect(existing!.heaviness).toMatchObject({ locksTable: true, scansTable: true });
    expect(fresh!.heaviness).toEqual({ locksTable: false, rewritesTable: false, scansTable: false });
  });

  test('an unresolved part makes the verdict unknown (never light)', async () => {
    const input = stageInput({ base: {}, head: { [`${DIR}/001.ts`]: knexFile(`await knex.raw(buildSql());`) } }, CONFIG);
    const result = await runStage(migrationsStage, input);
    expect(result.section.files[0]!.heaviness).toEqual({ locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' });
    expect(result.verdict).toEqual({ checked: true, breaking: 'unknown' });
  });

  test('a heavy migration makes the verdict breaking', async () => {
    const base = { [`${DIR}/001.sql`]: 'CREATE TABLE users (id int, email text);' };
    const input = stageInput(
      { base, head: { ...base, [`${DIR}/002.ts`]: knexFile(`await knex.schema.alterTable('users', (t) => { t.index(['email']); });`) } },
      CONFIG,
    );
    const result = await runStage(migrationsStage, input);
    expect(result.section.files[0]!.heaviness).toEqual({ locksTable: true, rewritesTable: false, scansTable: true });
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.findings.map((f) => [f.rule, f.evidence.file, f.evidence.line])).toContainEqual(['require-concurrent-index-creation', `${DIR}/002.ts`, 2]);
  });

  test('ALTER COLUMN TYPE is judged against the type declared by released migrations', async () => {
    const base = {
      [`${DIR}/001.ts`]: knexFile(`await knex.schema.createTable('users', (t) => { t.increments('id'); t.string('name', 255); t.integer('score'); });`),
    };
    const widen = stageInput(
      {
        base,
        head: { ...base, [`${DIR}/002.ts`]: knexFile(`await knex.schema.alterTable('users', (t) => { t.text('name').alter({ alterNullable: false }); });`) },
      },
      CONFIG,
    );
    const widened = await runStage(migrationsStage, widen);
    expect(widened.section.files[0]!.heaviness).toMatchObject({ rewritesTable: false, scansTable: false });
    expect(widen.reads.get(`base:${DIR}/001.ts`)).toBe(1);

    const grow = stageInput(
      {
        base,
        head: {
          ...base,
          [`${DIR}/002.ts`]: knexFile(`await knex.schema.alterTable('users', (t) => { t.bigInteger('score').alter({ alterNullable: false }); });`),
        },
      },
      CONFIG,
    );
    expect((await runStage(migrationsStage, grow)).section.files[0]!.heaviness).toMatchObject({ rewritesTable: true, scansTable: true });
  });

  test('released migrations are not read when no added migration changes a column type', async () => {
    const base = { [`${DIR}/001.ts`]: knexFile(`await knex.schema.createTable('users', (t) => { t.increments('id'); });`) };
    const input = stageInput(
      { base, head: { ...base, [`${DIR}/002.ts`]: knexFile(`await knex.schema.alterTable('users', (t) => { t.text('bio'); });`) } },
      CONFIG,
    );
    await runStage(migrationsStage, input);
    expect(input.reads.has(`base:${DIR}/001.ts`)).toBe(false);
  });

  test('a file that cannot be read is unknown on its own, the others are still analysed', async () => {
    const input = stageInput({ base: {}, head: { [`${DIR}/001.sql`]: 'CREATE TABLE a (id int);', [`${DIR}/002.sql`]: 'CREATE TABLE b (id int);' } }, CONFIG);
    const failing = {
      ...input,
      read: async (side: 'base' | 'head', path: string) => (path.endsWith('001.sql') ? Promise.reject(new Error('blob missing')) : input.read(side, path)),
    };
    const result = await runStage(migrationsStage, failing);
    expect(result.section.files).toEqual([
      { name: '001.sql', edition: 'core', tables: [], heaviness: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' } },
      { name: '002.sql', edition: 'core', tables: ['b'], heaviness: { locksTable: false, rewritesTable: false, scansTable: false } },
    ]);
    expect(result.findings).toEqual([
      { rule: 'migration-extraction-failed', params: { file: `${DIR}/001.sql`, reason: 'blob missing' }, evidence: { file: `${DIR}/001.sql` } },
    ]);
    expect(result.notes).toEqual([`${DIR}/001.sql: not analysed (blob missing)`]);
    expect(result.verdict).toEqual({ checked: true, breaking: 'unknown' });
  });

  test('a file that cannot be read forgets the checks before it: a later SET NOT NULL is not proven cheap (the lint-migrations chain)', async () => {
    const head = {
      [`${DIR}/001.sql`]: "SET lock_timeout = '2s';\nALTER TABLE users ADD CONSTRAINT users_name_nn CHECK (name IS NOT NULL);",
      [`${DIR}/002.sql`]: 'ALTER TABLE users DROP CONSTRAINT users_name_nn;',
      [`${DIR}/003.sql`]: "SET lock_timeout = '2s';\nALTER TABLE users ALTER COLUMN name SET NOT NULL;",
    };
    const input = stageInput({ base: {}, head }, CONFIG);
    const failing = {
      ...input,
      read: async (side: 'base' | 'head', path: string) => (path.endsWith('002.sql') ? Promise.reject(new Error('blob missing')) : input.read(side, path)),
    };
    const result = await runStage(migrationsStage, failing);
    expect(result.section.files.map((file) => file.heaviness.scansTable)).toEqual([true, 'unknown', true]);
  });

  test('every finding id is in the stage catalogue, and the catalogue has no duplicates', async () => {
    const { indexCatalogue } = await import('../../rules/types.js');
    const byId = indexCatalogue(migrationsStage.rules);
    const base = { [`${DIR}/001.sql`]: 'CREATE TABLE users (id int, email text);' };
    const input = stageInput(
      {
        base,
        head: {
          [`${DIR}/002.ts`]: knexFile(
            `await knex.schema.alterTable('users', (t) => { t.dropColumn('email'); t.index(['id']); });\n  await knex.raw(helper());`,
          ),
        },
      },
      CONFIG,
    );
    const result = await runStage(migrationsStage, input);
    expect(result.findings.length).toBeGreaterThan(2);
    for (const finding of result.findings) expect(byId.has(finding.rule), finding.rule).toBe(true);
  });
});
