import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ReleaseSafetyArtifact } from '../../../src/artifact/types.js';
import { runCli } from '../../helpers/cli.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';

/**
 * TypeORM `queryRunner` builder calls compiled by TypeORM's own PostgresQueryRunner (SQL-memory mode,
 * no database), through the built CLI over a real git repository laid out as TypeORM projects lay
 * out their migrations (`src/migrations/<timestamp>-<Name>.ts`, fixtures/orm/typeorm-builder).
 */

const DIR = 'src/migrations';
const CONFIG = JSON.stringify({
  migrations: [{ dir: DIR, edition: 'core' }],
  openapi: false,
  routes: false,
  mcpTools: false,
  env: false,
  graphql: false,
  trpc: false,
});
const fixture = (name: string) => readFileSync(new URL(`../../../fixtures/orm/typeorm-builder/${name}`, import.meta.url), 'utf8');
const migration = (name: string, up: string) =>
  `import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';\n\nexport class ${name} implements MigrationInterface {\n  public async up(queryRunner: QueryRunner): Promise<void> {\n${up}\n  }\n\n  public async down(queryRunner: QueryRunner): Promise<void> {\n    await queryRunner.dropTable('users');\n  }\n}\n`;

let repo: TestRepo;
let out: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'rs-typeorm-'));
  repo = createRepo();
  repo.commit(
    {
      'release-safety.config.json': CONFIG,
      [`${DIR}/1690000000000-Init.ts`]: migration(
        'Init1690000000000',
        '    await queryRunner.query(`CREATE TABLE "users" ("id" uuid PRIMARY KEY, "email" text)`);\n    await queryRunner.query(`CREATE TABLE "orders" ("id" uuid PRIMARY KEY, "status" text)`);',
      ),
    },
    { tag: '1.0.0' },
  );
  // A nullable column added with the builder (behind a hasColumn guard, after SET lock_timeout): light, true.
  repo.commit({ [`${DIR}/1700000000001-AddNicknameToUsers.ts`]: fixture('1700000000001-AddNicknameToUsers.ts') }, { tag: '1.1.0' });
  // An index built without CONCURRENTLY on an existing table: heavy.
  repo.commit({ [`${DIR}/1700000000003-IndexOrdersStatus.ts`]: fixture('1700000000003-IndexOrdersStatus.ts') }, { tag: '1.2.0' });
  // A column whose definition comes from the environment: unknown.
  repo.commit(
    {
      [`${DIR}/1700000000005-AddColumnFromEnv.ts`]: migration(
        'AddColumnFromEnv1700000000005',
        "    await queryRunner.addColumn('users', new TableColumn({ name: process.env.COLUMN_NAME!, type: 'text', isNullable: true }));",
      ),
    },
    { tag: '1.3.0' },
  );
  // The same addColumn without a lock_timeout: the brief ACCESS EXCLUSIVE lock can queue (require-timeout-settings).
  repo.commit(
    {
      [`${DIR}/1700000000006-AddBioToUsers.ts`]: migration(
        'AddBioToUsers1700000000006',
        "    await queryRunner.addColumn('users', new TableColumn({ name: 'bio', type: 'text', isNullable: true }));",
      ),
    },
    { tag: '1.3.1' },
  );
  // The released builder migration reformatted by a code formatter: same SQL, not a change.
  repo.commit(
    {
      [`${DIR}/1700000000001-AddNicknameToUsers.ts`]: fixture('1700000000001-AddNicknameToUsers.ts')
        .replaceAll("'", '"')
        .replace(/new TableColumn\(\{[^}]*\}\)/, 'new TableColumn({ name: "nickname", type: "varchar", length: "50", isNullable: true })'),
    },
    { tag: '1.4.0' },
  );
});
afterAll(() => {
  repo.cleanup();
  rmSync(out, { recursive: true, force: true });
});

function generate(from: string, to: string): { artifact: ReleaseSafetyArtifact; report: string } {
  const target = join(out, `${from}-${to}.json`);
  const run = runCli(['generate', '--repo', repo.dir, '--from', from, '--to', to, '--out', target]);
  expect(run.stderr).toBe('');
  return { artifact: JSON.parse(readFileSync(target, 'utf8')) as ReleaseSafetyArtifact, report: run.stdout };
}

describe('TypeORM builder calls, built CLI', () => {
  test('addColumn of a nullable column: compiled, light, true', () => {
    const { artifact } = generate('1.0.0', '1.1.0');
    expect(artifact.migrations.files).toEqual([
      {
        name: '1700000000001-AddNicknameToUsers.ts',
        edition: 'core',
        tables: ['users'],
        heaviness: { locksTable: false, rewritesTable: false, scansTable: false },
      },
    ]);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  test('addColumn without a lock_timeout: compiled, the brief lock flagged, not true', () => {
    const { artifact, report } = generate('1.3.0', '1.3.1');
    expect(report).toContain('require-timeout-settings');
    expect(report).toContain('ALTER TABLE "users" ADD "bio" text');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  test('createIndex without isConcurrent: compiled, heavy, not true', () => {
    const { artifact, report } = generate('1.1.0', '1.2.0');
    expect(artifact.migrations.files).toMatchObject([{ name: '1700000000003-IndexOrdersStatus.ts', heaviness: { locksTable: true } }]);
    expect(report).toContain('CREATE INDEX "IDX_orders_status" ON "orders" ("status")');
    // The fix names TypeORM's own switch, not knex's.
    expect(report).toContain('a TypeORM migration class with `transaction = false`');
    expect(report).not.toContain('knex');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  test('an argument known only at run time: unknown, naming file and line', () => {
    const { artifact, report } = generate('1.2.0', '1.3.0');
    expect(artifact.migrations.files).toMatchObject([{ heaviness: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' } }]);
    expect(report).toContain('src/migrations/1700000000005-AddColumnFromEnv.ts:5');
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
  });

  test('a released builder migration reformatted by a code formatter: compared by its SQL, not a break', () => {
    const { artifact, report } = generate('1.3.1', '1.4.0');
    expect(report).toContain('released-migration-reformatted');
    expect(report).not.toContain('released-migration-modified');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });
});
