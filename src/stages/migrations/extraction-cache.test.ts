import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { stageInput } from '../../../test/helpers/stage-input.js';
import { DiskDerivedCache, MemoryDerivedCache } from '../../cache/derived-cache.js';
import { runStage, type DerivedCache } from '../contract.js';
import { migrationsStage } from './index.js';

/**
 * An added migration's extraction is kept per content (extraction-cache.ts): a cached one must give
 * the result a fresh one gives, and one made from other text, other imports or by another build of
 * the tool must never be used. The imported constant's file is read only when the file is extracted,
 * which tells an extraction from a cache hit.
 */

const DIR = 'db/migrations';
const CONFIG = { migrations: [{ dir: DIR, edition: 'core' as const }] };
const RELEASED = { [`${DIR}/001.sql`]: 'CREATE TABLE users (id int, score int);' };
const tables = (name: string) => ({ 'src/tables.ts': `export const USERS = '${name}';\n` });
const added = (column: string) => ({
  [`${DIR}/002.ts`]: `import { USERS } from '../../src/tables';\nexport async function up(knex) {\n  await knex.schema.alterTable(USERS, (t) => { t.bigInteger('${column}').alter(); });\n}\nexport async function down() {}\n`,
});

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function run(head: Record<string, string>, derivedCache?: DerivedCache) {
  const base = { ...RELEASED, ...tables('users') };
  const input = { ...stageInput({ base, head: { ...base, ...head } }, CONFIG), derivedCache };
  return { result: await runStage(migrationsStage, input), importRead: input.reads.get('head:src/tables.ts') ?? 0 };
}

describe('added migrations extracted once per content', () => {
  test('a second run uses the extraction and gives the same result', async () => {
    const fresh = await run(added('score'));
    expect(fresh.result.section.files[0]!.heaviness).toMatchObject({ rewritesTable: true });
    const cache = new MemoryDerivedCache();
    expect((await run(added('score'), cache)).importRead).toBe(1);
    const second = await run(added('score'), cache);
    expect(second.importRead).toBe(0);
    expect(second.result).toEqual(fresh.result);
  });

  test('other text, or an imported file that changed, is extracted again', async () => {
    const cache = new MemoryDerivedCache();
    await run(added('score'), cache);
    const otherText = await run(added('id'), cache);
    expect(otherText.importRead).toBe(1);
    expect(otherText.result).toEqual((await run(added('id'))).result);

    // Same migration text, but USERS now names another table: the statement is another one.
    const otherImport = { ...added('score'), ...tables('accounts') };
    const changed = await run(otherImport, cache);
    expect(changed.importRead).toBe(1);
    expect(changed.result).toEqual((await run(otherImport)).result);
    expect(changed.result.section.files[0]!.tables).toEqual(['accounts']);
  });

  test('on disk: a corrupt entry or another build of the tool is not used', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-extraction-cache-'));
    folders.push(dir);
    const fresh = await run(added('score'));
    await run(added('score'), new DiskDerivedCache(dir, () => 'build-a'));
    expect((await run(added('score'), new DiskDerivedCache(dir, () => 'build-a'))).importRead).toBe(0);

    const folder = join(dir, 'derived-build-a');
    for (const name of readdirSync(folder).filter((file) => file.endsWith('.json'))) {
      const record = JSON.parse(readFileSync(join(folder, name), 'utf8')) as { key: string; value: { extracted?: { statements?: unknown } } };
      if (!record.key.includes('migration-extraction')) continue;
      // The right key, a value of the wrong shape (a statement without its SQL).
      record.value.extracted!.statements = [{ line: 3, origin: 'knex-schema-builder' }];
      writeFileSync(join(folder, name), JSON.stringify(record));
    }
    const corrupt = await run(added('score'), new DiskDerivedCache(dir, () => 'build-a'));
    expect(corrupt.importRead).toBe(1);
    expect(corrupt.result).toEqual(fresh.result);

    const otherBuild = await run(added('score'), new DiskDerivedCache(dir, () => 'build-b'));
    expect(otherBuild.importRead).toBe(1);
    expect(otherBuild.result).toEqual(fresh.result);
  });

  test('a file the extractor cannot read stays unknown on every run, cached or not', async () => {
    const broken = { [`${DIR}/002.ts`]: 'export async function up(knex) {\n  await knex.schema.alterTable(\n' };
    const cache = new MemoryDerivedCache();
    const first = await run(broken, cache);
    const second = await run(broken, cache);
    expect(second.result).toEqual(first.result);
    expect(second.result.section.files[0]!.heaviness).toEqual({ locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' });
  });
});
