import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ReleaseSafetyConfig } from '../../config/types.js';
import { createRepo, type TestRepo } from '../../../test/helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../../test/helpers/git-stage-input.js';
import { runStage } from '../contract.js';
import { migrationsStage } from './index.js';

/**
 * Holes an adversarial review found in the migrations stage (issue 11, items 2 and 3), each over a
 * real git repository: release 1.0.0 creates the tables, each later tag adds one hostile migration.
 */

const DIR = 'db/migrations';
const CONFIG: ReleaseSafetyConfig = { migrations: [{ dir: DIR, edition: 'core' }] };
const knexFile = (body: string) =>
  `import type { Knex } from 'knex';\n\nexport async function up(knex: Knex): Promise<void> {\n  ${body}\n}\n\nexport async function down(knex: Knex): Promise<void> {}\n`;

let repo: TestRepo;
const cases: Record<string, Record<string, string>> = {
  // knex quotes every identifier: `Orders` is another table than the released `orders`.
  'quoted-new-table': {
    [`${DIR}/20240301000000_orders_v2.ts`]: knexFile(
      `await knex.schema.createTable('Orders', (t) => { t.increments(); });\n  await knex.schema.dropTable('orders');`,
    ),
  },
  'sql-quoted-new-table': {
    [`${DIR}/20240301000000_orders_v2.sql`]: 'SET lock_timeout = \'2s\';\nCREATE TABLE "Orders" (id int);\nDROP TABLE orders;\n',
  },
  // A TypeScript overload signature declares an `up` that never runs; the implementation drops orders.
  'knex-overload': {
    [`${DIR}/20240301000000_drop_orders.ts`]: `import type { Knex } from 'knex';\n\nexport function up(knex: Knex): Promise<void>;\nexport async function up(knex: Knex): Promise<void> {\n  await knex.schema.dropTable('orders');\n}\n`,
  },
  // `exports.up` assigned inside a condition: which `up` runs is not proven.
  'knex-conditional-export': {
    [`${DIR}/20240301000000_maybe.js`]: `exports.up = (knex) => knex.raw('select 1');\nif (process.env.LEGACY) exports.up = (knex) => knex.schema.dropTable('orders');\nexports.down = () => {};\n`,
  },
};

beforeAll(() => {
  repo = createRepo();
  repo.commit({ [`${DIR}/20240101000000_init.sql`]: 'CREATE TABLE orders (id serial PRIMARY KEY, total int NOT NULL DEFAULT 0);\n' }, { tag: '1.0.0' });
  for (const [tag, files] of Object.entries(cases)) {
    repo.git('checkout', '-q', '1.0.0');
    repo.git('checkout', '-q', '-b', tag);
    repo.commit(files, { tag: `case-${tag}` });
  }
});
afterAll(async () => {
  await closeGitStageInputs();
  repo.cleanup();
});

async function stageOf(tag: string) {
  return runStage(migrationsStage, await gitStageInput(repo.dir, '1.0.0', `case-${tag}`, CONFIG));
}

describe('quoted identifiers are exact, unquoted ones fold to lower case', () => {
  test.each(['quoted-new-table', 'sql-quoted-new-table'])('%s: creating "Orders" does not make dropping orders safe', async (tag) => {
    const result = await stageOf(tag);
    expect(result.verdict.breaking).toBe(true);
    expect(result.findings.map((finding) => finding.rule)).toContain('ban-drop-table');
  });
});

describe('knex: the `up` that runs', () => {
  test('the implementation after an overload signature is read', async () => {
    const result = await stageOf('knex-overload');
    expect(result.verdict.breaking).toBe(true);
    expect(result.findings.map((finding) => finding.rule)).toContain('ban-drop-table');
  });

  test('an `up` written inside a condition is unknown with the reason, never light', async () => {
    const result = await stageOf('knex-conditional-export');
    expect(result.verdict.breaking).toBe('unknown');
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        rule: 'migration-part-unresolved',
        params: expect.objectContaining({ reason: expect.stringContaining('is written inside a block or function') }),
      }),
    );
  });
});
