import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ReleaseSafetyConfig } from '../../config/types.js';
import { createRepo, type TestRepo } from '../../../test/helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../../test/helpers/git-stage-input.js';
import { runStage } from '../contract.js';
import { migrationsStage } from './index.js';

/**
 * ADD COLUMN of a user-defined type over a real git repository: what the type is comes from the
 * released migrations (release 1.0.0 creates a domain with a CHECK, a plain domain and a Prisma-style
 * enum); each later tag adds one migration. Before rules/user-types.ts, a column of the CHECK domain
 * was light (`false` everywhere) though PostgreSQL rewrites the table.
 */

const DIR = 'prisma/migrations';
const CONFIG: ReleaseSafetyConfig = { migrations: [{ dir: DIR, edition: 'core' }] };
const RELEASED = [
  'CREATE TABLE "Order" ("id" SERIAL NOT NULL, "total" INTEGER NOT NULL, CONSTRAINT "Order_pkey" PRIMARY KEY ("id"));',
  'CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0);',
  'CREATE DOMAIN label AS text;',
  "CREATE TYPE \"Status\" AS ENUM ('OPEN', 'PAID');",
].join('\n');
const added = (sql: string) => ({ [`${DIR}/20240301000000_change/migration.sql`]: `SET lock_timeout = '2s';\n${sql}\n` });

const cases: Record<string, { files: Record<string, string>; heaviness: Record<string, boolean | 'unknown'>; rules: string[] }> = {
  'check-domain': {
    files: added('ALTER TABLE "Order" ADD COLUMN "score" positive_int;'),
    heaviness: { locksTable: true, rewritesTable: true, scansTable: true },
    rules: ['adding-field-of-constrained-domain'],
  },
  'enum-and-plain-domain': {
    files: added('ALTER TABLE "Order" ADD COLUMN "status" "Status" NOT NULL DEFAULT \'OPEN\', ADD COLUMN "note" label;'),
    heaviness: { locksTable: false, rewritesTable: false, scansTable: false },
    rules: ['lock-timeout-bounds-brief-lock'],
  },
  'type-of-no-migration': {
    files: added('ALTER TABLE "Order" ADD COLUMN "score" counted_int;'),
    heaviness: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
    rules: ['adding-field-of-constrained-domain', 'lock-timeout-bounds-brief-lock'],
  },
};

let repo: TestRepo;
beforeAll(() => {
  repo = createRepo();
  repo.commit({ [`${DIR}/20240101000000_init/migration.sql`]: `${RELEASED}\n` }, { tag: '1.0.0' });
  for (const [tag, { files }] of Object.entries(cases)) {
    repo.git('checkout', '-q', '1.0.0');
    repo.git('checkout', '-q', '-b', tag);
    repo.commit(files, { tag: `case-${tag}` });
  }
});
afterAll(async () => {
  await closeGitStageInputs();
  repo.cleanup();
});

describe('ADD COLUMN of a type the released migrations create', () => {
  test.each(Object.entries(cases))('%s', async (tag, expected) => {
    const result = await runStage(migrationsStage, await gitStageInput(repo.dir, '1.0.0', `case-${tag}`, CONFIG));
    expect(result.section.files.map((file) => file.heaviness)).toEqual([expected.heaviness]);
    expect(result.findings.map((finding) => finding.rule)).toEqual(expected.rules);
  });
});
