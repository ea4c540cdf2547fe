import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskDerivedCache } from '../../src/cache/derived-cache.js';
import { runStage } from '../../src/stages/contract.js';
import { memoryStageInput } from '../../src/stages/memory-input.js';
import { migrationsStage } from '../../src/stages/migrations/index.js';
import { traceRelease } from '../../src/trace/trace.js';

/**
 * Two repositories sharing one cache folder (a self-hosted runner's home): the same released knex
 * migration blob, importing a constant that differs. What one repository derived must never decide
 * the other's verdict (issue 28): every cached derivation is keyed by everything it read.
 */
const folders: string[] = [];
const scratch = () => {
  const folder = mkdtempSync(join(tmpdir(), 'rs-poison-'));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const CONFIG = { migrations: [{ dir: 'db/migrations', edition: 'core' as const }] };
const RELEASED = `import { USERS } from '../../src/tables';
export async function up(knex) {
  await knex.schema.createTable(USERS, (t) => { t.integer('id'); t.string('nick', 50); });
}
export async function down() {}
`;
/** Widening varchar(50) to varchar(100) is catalog-only: safe when users.nick is known to be varchar(50). */
const WIDEN = "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN nick TYPE varchar(100);\n";
const repository = (table: string) => {
  const base = { 'db/migrations/001_users.ts': RELEASED, 'src/tables.ts': `export const USERS = '${table}';\n` };
  return memoryStageInput({ base, head: { ...base, 'db/migrations/002_widen.sql': WIDEN } }, CONFIG);
};
const rewrites = async (input: ReturnType<typeof repository>) => (await runStage(migrationsStage, input)).section.files[0]!.heaviness.rewritesTable;

describe('a derivation cached for one repository is never used for another', () => {
  it('the replayed schema and the trace state of repository A do not decide repository B', async () => {
    const cacheDir = scratch();
    const a = { ...repository('users'), derivedCache: new DiskDerivedCache(cacheDir, () => 'build') };
    const traced = await traceRelease(a, (input) => runStage(migrationsStage, input), { seedRows: 10, cacheDirectory: cacheDir });
    // In A, users.nick is varchar(50): the widening is proven catalog-only.
    expect(traced.staticResult.section.files[0]!.heaviness.rewritesTable).toBe(false);

    // B: the same migration blob creates `accounts`: users.nick's type is not known.
    const fresh = await rewrites(repository('accounts'));
    expect(fresh).toBe('unknown');
    expect(await rewrites({ ...repository('accounts'), derivedCache: new DiskDerivedCache(cacheDir, () => 'build') })).toBe('unknown');
    const tracedB = await traceRelease(
      { ...repository('accounts'), derivedCache: new DiskDerivedCache(cacheDir, () => 'build') },
      (input) => runStage(migrationsStage, input),
      {
        seedRows: 10,
        cacheDirectory: cacheDir,
      },
    );
    expect(tracedB.staticResult.section.files[0]!.heaviness.rewritesTable).not.toBe(false);
  }, 120_000);

  it('clean-up removes only the folders the cache wrote, never a user folder named derived-*', () => {
    const cacheDir = scratch();
    mkdirSync(join(cacheDir, 'derived-photos'));
    writeFileSync(join(cacheDir, 'derived-photos', 'keep.txt'), 'mine\n');
    new DiskDerivedCache(cacheDir, () => 'build-a').set('k', 1);
    new DiskDerivedCache(cacheDir, () => 'build-b').set('k', 2);
    expect(existsSync(join(cacheDir, 'derived-photos', 'keep.txt'))).toBe(true);
    expect(readdirSync(cacheDir).sort()).toEqual(['derived-build-b', 'derived-photos']);
  });
});
