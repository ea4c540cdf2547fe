import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { stageInput } from '../../../test/helpers/stage-input.js';
import { DiskDerivedCache, MemoryDerivedCache } from '../../cache/derived-cache.js';
import { runStage } from '../contract.js';
import { migrationsStage } from './index.js';

/**
 * Released migrations are extracted and classified once per content (cached by the caller): a
 * cached result must equal a fresh one, and an entry made by another build, for another config,
 * or with other imports must never be used.
 */

const DIR = 'db/migrations';
const CONFIG = { migrations: [{ dir: DIR, edition: 'core' as const }] };
const knexFile = (up: string, imports = '') => `${imports}export async function up(knex) {\n  ${up}\n}\nexport async function down() {}\n`;
const RELEASED = {
  [`${DIR}/001.ts`]: knexFile(`await knex.schema.createTable('users', (t) => { t.increments('id'); t.string('name', 255); t.integer('score'); });`),
  [`${DIR}/002.sql`]: 'CREATE TABLE IF NOT EXISTS audit (id int, actor text);',
};
/** Needs the released schema twice over: a column type change and a conditional create. */
const ADDED = {
  [`${DIR}/003.ts`]: knexFile(
    `await knex.schema.alterTable('users', (t) => { t.text('name').alter({ alterNullable: false }); });\n  await knex.raw('CREATE TABLE IF NOT EXISTS audit (id int)');`,
  ),
};

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function scratch(): string {
  const folder = mkdtempSync(join(tmpdir(), 'rs-derived-'));
  folders.push(folder);
  return folder;
}

async function run(base: Record<string, string>, head: Record<string, string>, derivedCache?: MemoryDerivedCache | DiskDerivedCache, config: object = CONFIG) {
  const input = { ...stageInput({ base, head }, config), derivedCache };
  return { result: await runStage(migrationsStage, input), reads: input.reads };
}

describe('released migrations derived once per content', () => {
  test('a cached result equals a fresh one, and the released files are not read again', async () => {
    const fresh = await run(RELEASED, { ...RELEASED, ...ADDED });
    const cache = new MemoryDerivedCache();
    const first = await run(RELEASED, { ...RELEASED, ...ADDED }, cache);
    const second = await run(RELEASED, { ...RELEASED, ...ADDED }, cache);
    expect(first.result).toEqual(fresh.result);
    expect(second.result).toEqual(fresh.result);
    expect(first.reads.get(`base:${DIR}/001.ts`)).toBe(1);
    expect(second.reads.has(`base:${DIR}/001.ts`)).toBe(false);
    // Per released file its share and its extraction, the added file's extraction, and the whole released schema of this base.
    expect(cache.size).toBe(6);
  });

  test('on disk: a second run (a new process) uses the entries; another build of the tool does not', async () => {
    const dir = scratch();
    const fresh = await run(RELEASED, { ...RELEASED, ...ADDED });
    await run(RELEASED, { ...RELEASED, ...ADDED }, new DiskDerivedCache(dir, () => 'build-a'));
    const again = await run(RELEASED, { ...RELEASED, ...ADDED }, new DiskDerivedCache(dir, () => 'build-a'));
    expect(again.result).toEqual(fresh.result);
    expect(again.reads.has(`base:${DIR}/001.ts`)).toBe(false);

    const otherBuild = await run(RELEASED, { ...RELEASED, ...ADDED }, new DiskDerivedCache(dir, () => 'build-b'));
    expect(otherBuild.reads.get(`base:${DIR}/001.ts`)).toBe(1);
    expect(otherBuild.result).toEqual(fresh.result);
    // Only the running build's entries stay on disk.
    expect(readdirSync(dir)).toEqual(['derived-build-b']);
  });

  test('an entry that claims something other than what the file declares is not trusted when its shape is wrong', async () => {
    const dir = scratch();
    await run(RELEASED, { ...RELEASED, ...ADDED }, new DiskDerivedCache(dir, () => 'build-a'));
    const folder = join(dir, 'derived-build-a');
    // Corrupt every entry: truncated JSON, or a value of the wrong shape under the right key.
    const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
    expect(files).toHaveLength(6);
    const corruptions = ['{"key":', JSON.stringify({ key: 'not this key', value: { createdTables: [] } }), '\u0000garbage'];
    files.forEach((name, index) => writeFileSync(join(folder, name), corruptions[index % corruptions.length]!));
    const fresh = await run(RELEASED, { ...RELEASED, ...ADDED });
    const corrupt = await run(RELEASED, { ...RELEASED, ...ADDED }, new DiskDerivedCache(dir, () => 'build-a'));
    expect(corrupt.result).toEqual(fresh.result);
    expect(corrupt.reads.get(`base:${DIR}/001.ts`)).toBe(1);
  });

  test('the whole released schema is one entry: a later run reads it alone, with the same result', async () => {
    const cache = new MemoryDerivedCache();
    const fresh = await run(RELEASED, { ...RELEASED, ...ADDED });
    await run(RELEASED, { ...RELEASED, ...ADDED }, cache);
    // Only the summary survives: the per-file entries are gone, yet nothing is read again.
    const summaryOnly = new MemoryDerivedCache();
    const asked: string[] = [];
    const spy = { get: (key: string) => (asked.push(key), cache.get(key)), set: (key: string, value: unknown) => summaryOnly.set(key, value) };
    const input = { ...stageInput({ base: RELEASED, head: { ...RELEASED, ...ADDED } }, CONFIG), derivedCache: spy };
    const result = await runStage(migrationsStage, input);
    expect(result).toEqual(fresh.result);
    // The summary alone for the released files (the added file's extraction and the trace's replayed
    // schema of this `from`, src/stages/migrations/replayed-schema.ts, are asked for too).
    expect(asked.filter((key) => !key.includes('migration-extraction') && !key.includes('replayed-schema'))).toHaveLength(1);
    expect(input.reads.has(`base:${DIR}/001.ts`)).toBe(false);
  });

  test('a summary of the wrong shape is recomputed, never trusted', async () => {
    const cache = new MemoryDerivedCache();
    const fresh = await run(RELEASED, { ...RELEASED, ...ADDED });
    const input = { ...stageInput({ base: RELEASED, head: { ...RELEASED, ...ADDED } }, CONFIG), derivedCache: cache };
    await runStage(migrationsStage, input);
    const lying = { get: (key: string) => (key.includes('released-schema-summary') ? { tables: 'users', columnTypes: [] } : undefined), set: () => {} };
    const again = { ...stageInput({ base: RELEASED, head: { ...RELEASED, ...ADDED } }, CONFIG), derivedCache: lying };
    expect(await runStage(migrationsStage, again)).toEqual(fresh.result);
    expect(again.reads.get(`base:${DIR}/001.ts`)).toBe(1);
  });

  test('an entry made for another config (folder format) or another PostgreSQL version is not used', async () => {
    const cache = new MemoryDerivedCache();
    await run(RELEASED, { ...RELEASED, ...ADDED }, cache);
    const knexOnly = { migrations: [{ dir: DIR, edition: 'core' as const, format: 'knex' as const }] };
    const other = await run(RELEASED, { ...RELEASED, ...ADDED }, cache, knexOnly);
    expect(other.reads.get(`base:${DIR}/001.ts`)).toBe(1);
    const pg13 = { ...stageInput({ base: RELEASED, head: { ...RELEASED, ...ADDED } }, CONFIG, 13), derivedCache: cache };
    await runStage(migrationsStage, pg13);
    expect(pg13.reads.get(`base:${DIR}/001.ts`)).toBe(1);
  });

  test('an entry is not used when a file its extraction imported changed', async () => {
    const tables = (name: string) => ({ 'src/tables.ts': `export const USERS = '${name}';\n` });
    const importing = {
      [`${DIR}/001.ts`]: knexFile(`await knex.schema.createTable(USERS, (t) => { t.integer('score'); });`, "import { USERS } from '../../src/tables';\n"),
    };
    const alter = { [`${DIR}/003.ts`]: knexFile(`await knex.schema.alterTable('users', (t) => { t.bigInteger('score').alter({ alterNullable: false }); });`) };
    const cache = new MemoryDerivedCache();
    const before = { ...importing, ...tables('users') };
    const first = await run(before, { ...before, ...alter }, cache);
    expect(first.result.section.files[0]!.heaviness).toMatchObject({ rewritesTable: true });

    // Same migration blob, but the imported constant now names another table: users.score is of unknown type.
    const after = { ...importing, ...tables('accounts') };
    const fresh = await run(after, { ...after, ...alter });
    const cached = await run(after, { ...after, ...alter }, cache);
    expect(cached.reads.get(`base:${DIR}/001.ts`)).toBe(1);
    expect(cached.result).toEqual(fresh.result);
  });

  test('the next release (one more released file) finds every earlier file; an earlier file changed re-derives every file after it', async () => {
    const cache = new MemoryDerivedCache();
    await run(RELEASED, { ...RELEASED, ...ADDED }, cache);
    const next = { ...RELEASED, ...ADDED };
    const later = { [`${DIR}/004.ts`]: ADDED[`${DIR}/003.ts`]!.replace("'name'", "'score'") };
    const grown = await run(next, { ...next, ...later }, cache);
    expect(grown.reads.has(`base:${DIR}/001.ts`)).toBe(false);
    expect(grown.reads.get(`base:${DIR}/003.ts`)).toBe(1);
    expect(grown.result).toEqual((await run(next, { ...next, ...later })).result);

    const edited = { ...RELEASED, [`${DIR}/001.ts`]: RELEASED[`${DIR}/001.ts`]!.replace("t.integer('score')", "t.bigInteger('score')") };
    const afterEdit = await run(edited, { ...edited, ...ADDED }, cache);
    expect(afterEdit.reads.get(`base:${DIR}/002.sql`)).toBe(1);
    expect(afterEdit.result).toEqual((await run(edited, { ...edited, ...ADDED })).result);
  });

  test('a released file that cannot be read leaves the released tables unknown: a conditional create is not proven new', async () => {
    const added = { [`${DIR}/003.sql`]: 'CREATE TABLE IF NOT EXISTS audit (id int, actor text);\nCREATE INDEX audit_actor ON audit (actor);' };
    const complete = await run(RELEASED, { ...RELEASED, ...added });
    expect(complete.result.section.files[0]!.heaviness).toMatchObject({ locksTable: true });
    const input = stageInput({ base: RELEASED, head: { ...RELEASED, ...added } }, CONFIG);
    const failing = {
      ...input,
      read: async (side: 'base' | 'head', path: string) =>
        side === 'base' && path.endsWith('002.sql') ? Promise.reject(new Error('blob missing')) : input.read(side, path),
    };
    const result = await runStage(migrationsStage, failing);
    // Not "audit is new, so its index is light": the unread file may have created it.
    expect(result.section.files[0]!.heaviness).toEqual(complete.result.section.files[0]!.heaviness);
  });
});
