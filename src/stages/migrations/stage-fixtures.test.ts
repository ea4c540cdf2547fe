import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ReleaseSafetyConfig } from '../../config/types.js';
import { buildFixtureRepo, type TestRepo } from '../../../test/helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../../test/helpers/git-stage-input.js';
import type { StageInput } from '../contract.js';
import { extractMigration } from './extract/index.js';
import { runMigrationsStage } from './stage.js';

/**
 * The "Done when" list as one real git repository (fixtures/migrations/knex-release):
 * release 1.0.0 creates the tables, release 1.1.0 adds one migration per case.
 */

const CORE = 'packages/backend/src/database/migrations';
const EE = 'packages/backend/src/ee/database/migrations';
const CONFIG: ReleaseSafetyConfig = {
  migrations: [
    { dir: CORE, edition: 'core' },
    { dir: `./${EE}/`, edition: 'ee' },
  ],
};

let repo: TestRepo;
let input: StageInput;

beforeAll(async () => {
  repo = buildFixtureRepo('fixtures/migrations/knex-release');
  input = await gitStageInput(repo.dir, '1.0.0', '1.1.0', CONFIG);
});
afterAll(async () => {
  await closeGitStageInputs();
  repo.cleanup();
});

async function extracted(name: string) {
  const path = `${name.endsWith('.sql') ? EE : CORE}/${name}`;
  const text = await input.read('head', path);
  return extractMigration(path, text!, (p) => input.read('head', p));
}

describe('knex-release fixture: extracted SQL per case', () => {
  const cases: Array<{ file: string; sql: string[]; inTransaction?: boolean; unresolved?: RegExp }> = [
    { file: '20240201000001_index_users_email.ts', sql: ['create index "users_email_idx" on "users" ("email")'] },
    {
      file: '20240201000002_index_projects_concurrently.ts',
      sql: ['CREATE INDEX CONCURRENTLY IF NOT EXISTS projects_organization_id_idx ON projects (organization_id)'],
      inTransaction: false,
    },
    { file: '20240201000003_users_constant_default.ts', sql: ['alter table "users" add column "is_marketing_opted_in" boolean not null default \'0\''] },
    { file: '20240201000004_users_volatile_default.ts', sql: ['alter table "users" add column "user_uuid" uuid not null default gen_random_uuid()'] },
    {
      file: '20240201000005_users_first_name_to_text.ts',
      sql: [
        'alter table "users" alter column "first_name" drop default',
        'alter table "users" alter column "first_name" drop not null',
        'alter table "users" alter column "first_name" type text using ("first_name"::text)',
      ],
    },
    {
      file: '20240201000006_projects_name_to_text_not_null.ts',
      sql: [
        'alter table "projects" alter column "name" drop default',
        'alter table "projects" alter column "name" drop not null',
        'alter table "projects" alter column "name" type text using ("name"::text)',
        'alter table "projects" alter column "name" set not null',
      ],
    },
    {
      file: '20240201000007_projects_organization_fk.ts',
      sql: [
        'alter table "projects" add constraint "projects_organization_id_foreign" foreign key ("organization_id") references "organizations" ("organization_id") on delete CASCADE',
      ],
    },
    {
      file: '20240201000008_users_organization_fk_not_valid.ts',
      sql: ['ALTER TABLE users ADD CONSTRAINT users_organization_id_fk FOREIGN KEY (organization_id) REFERENCES organizations (organization_id) NOT VALID'],
    },
    { file: '20240201000010_projects_settings_backfill.ts', sql: ['update "projects" set "settings" = \'<unresolved>\''] },
    { file: '20240201000012_users_drop_legacy_avatar.ts', sql: ['alter table "users" drop column "legacy_avatar"'] },
    { file: '20240201000014_active_users_view.ts', sql: ['CREATE OR REPLACE VIEW active_users AS SELECT * FROM users WHERE is_active'] },
    { file: '20240201000015_backfill_via_helper.ts', sql: [], unresolved: /^SQL built by helper backfillColumn\(\) in \.\.\/sql\/views/ },
    { file: '20231215000000_late_merged_branch.ts', sql: ['alter table "organizations" add column "default_colour_palette" text'] },
  ];
  test.each(cases)('$file', async ({ file, sql, inTransaction = true, unresolved }) => {
    const result = await extracted(file);
    expect(result.statements.map((s) => s.sql)).toEqual(sql);
    expect(result.inTransaction).toBe(inTransaction);
    if (unresolved)
      expect(result.unresolved).toMatchObject([{ reason: expect.stringMatching(unresolved), affects: ['locksTable', 'rewritesTable', 'scansTable'] }]);
    else expect(result.unresolved).toEqual([]);
  });

  test('generated column: the same-file constants are interpolated', async () => {
    const [statement] = (await extracted('20240201000009_users_search_generated_column.ts')).statements;
    expect(statement!.sql.replace(/\s+/g, ' ').trim()).toBe(
      "ALTER TABLE users ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce(email, '') || ' ' || coalesce(first_name, ''))) STORED",
    );
  });

  test('drop column behind hasColumn is guarded; DO block kept whole; .sql split', async () => {
    expect((await extracted('20240201000012_users_drop_legacy_avatar.ts')).statements[0]).toMatchObject({ guarded: true, line: 5 });
    expect((await extracted('20240201000011_users_do_block.ts')).statements[0]!.sql).toMatch(
      /^\s*DO \$\$[\s\S]*UPDATE users SET legacy_avatar = NULL;[\s\S]*\$\$;\s*$/,
    );
    expect((await extracted('20240201000016_ai_agent_threads.sql')).statements.map((s) => [s.line, s.sql.slice(0, 28)])).toEqual([
      [2, 'CREATE TABLE ai_agent_thread'],
      [8, 'CREATE INDEX ai_agent_thread'],
    ]);
  });
});

describe('knex-release fixture: the stage', () => {
  test('added = files added in the configured folders, in file-name order, with their edition', async () => {
    const result = await stageResult();
    expect(result.section.files.map((f) => [f.name, f.edition])).toEqual([
      ['20231215000000_late_merged_branch.ts', 'core'],
      ['20240201000001_index_users_email.ts', 'core'],
      ['20240201000002_index_projects_concurrently.ts', 'core'],
      ['20240201000003_users_constant_default.ts', 'core'],
      ['20240201000004_users_volatile_default.ts', 'core'],
      ['20240201000005_users_first_name_to_text.ts', 'core'],
      ['20240201000006_projects_name_to_text_not_null.ts', 'core'],
      ['20240201000007_projects_organization_fk.ts', 'core'],
      ['20240201000008_users_organization_fk_not_valid.ts', 'core'],
      ['20240201000009_users_search_generated_column.ts', 'core'],
      ['20240201000010_projects_settings_backfill.ts', 'core'],
      ['20240201000011_users_do_block.ts', 'core'],
      ['20240201000012_users_drop_legacy_avatar.ts', 'core'],
      ['20240201000013_create_dashboards.ts', 'core'],
      ['20240201000014_active_users_view.ts', 'core'],
      ['20240201000015_backfill_via_helper.ts', 'core'],
      ['20240201000016_ai_agent_threads.sql', 'ee'],
    ]);
    expect(result.section).toMatchObject({ present: true, count: 17, coreCount: 16, eeCount: 1 });
    expect(result.verdict).toEqual({ checked: true, breaking: true });
  });

  const F = false;
  const T = true;
  const U = 'unknown' as const;
  const heavinessCases: Array<{
    file: string;
    locks: boolean | 'unknown';
    rewrites: boolean | 'unknown';
    scans: boolean | 'unknown';
    rule?: string;
    tables?: string[];
  }> = [
    { file: '20240201000001_index_users_email.ts', locks: T, rewrites: F, scans: T, rule: 'require-concurrent-index-creation' },
    { file: '20240201000002_index_projects_concurrently.ts', locks: F, rewrites: F, scans: T },
    { file: '20240201000003_users_constant_default.ts', locks: T, rewrites: F, scans: F },
    { file: '20240201000004_users_volatile_default.ts', locks: T, rewrites: T, scans: T, rule: 'adding-field-with-default' },
    { file: '20240201000005_users_first_name_to_text.ts', locks: T, rewrites: F, scans: F },
    { file: '20240201000006_projects_name_to_text_not_null.ts', locks: T, rewrites: F, scans: T, rule: 'adding-not-nullable-field' },
    {
      file: '20240201000007_projects_organization_fk.ts',
      locks: T,
      rewrites: F,
      scans: T,
      rule: 'adding-foreign-key-constraint',
      tables: ['organizations', 'projects'],
    },
    { file: '20240201000008_users_organization_fk_not_valid.ts', locks: T, rewrites: F, scans: F },
    { file: '20240201000009_users_search_generated_column.ts', locks: T, rewrites: T, scans: T, rule: 'adding-field-with-default' },
    { file: '20240201000010_projects_settings_backfill.ts', locks: T, rewrites: T, scans: T, rule: 'update-without-where' },
    { file: '20240201000011_users_do_block.ts', locks: T, rewrites: T, scans: T, rule: 'update-without-where' },
    { file: '20240201000012_users_drop_legacy_avatar.ts', locks: T, rewrites: F, scans: F, rule: 'ban-drop-column' },
    { file: '20240201000013_create_dashboards.ts', locks: F, rewrites: F, scans: F, tables: ['dashboards'] },
    { file: '20231215000000_late_merged_branch.ts', locks: T, rewrites: F, scans: F },
    { file: '20240201000014_active_users_view.ts', locks: F, rewrites: F, scans: F },
    { file: '20240201000015_backfill_via_helper.ts', locks: U, rewrites: U, scans: U, rule: 'migration-part-unresolved', tables: [] },
    { file: '20240201000016_ai_agent_threads.sql', locks: T, rewrites: F, scans: F, tables: ['ai_agent_threads', 'ai_agents'] },
  ];
  test.each(heavinessCases)('heaviness of $file', async ({ file, locks, rewrites, scans, rule, tables }) => {
    const result = await stageResult();
    const entry = result.section.files.find((f) => f.name === file)!;
    expect(entry.heaviness).toEqual({ locksTable: locks, rewritesTable: rewrites, scansTable: scans });
    if (tables) expect(entry.tables).toEqual(tables);
    if (rule) expect(result.findings.filter((f) => f.evidence.file?.endsWith(file)).map((f) => f.rule)).toContain(rule);
  });

  test('the drop column is a compatibility break for old code', async () => {
    const result = await stageResult();
    const drop = result.findings.find((f) => f.rule === 'ban-drop-column')!;
    expect(drop).toEqual({
      rule: 'ban-drop-column',
      params: {
        table: 'users',
        column: 'legacy_avatar',
        // Issue 33: the previous release's code reads it (packages/backend/src/models/UserModel.ts), cited.
        oldCode: 'old instances still read or write users.legacy_avatar at packages/backend/src/models/UserModel.ts:4 (knex)',
        viaFix:
          ' With knex: remove legacy_avatar from every select, where, insert and update on users (and from its row types) in this release, then drop it in the next.',
      },
      evidence: { file: `${CORE}/20240201000012_users_drop_legacy_avatar.ts`, line: 5, statement: 'alter table "users" drop column "legacy_avatar"' },
    });
  });
});

let cachedResult: ReturnType<typeof runMigrationsStage> | undefined;
function stageResult() {
  cachedResult ??= runMigrationsStage(input);
  return cachedResult;
}
