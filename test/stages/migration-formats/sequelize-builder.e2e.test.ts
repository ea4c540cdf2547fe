import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ReleaseSafetyArtifact } from '../../../src/artifact/types.js';
import { runCli } from '../../helpers/cli.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';

/**
 * Sequelize builder calls compiled by Sequelize itself, through the built CLI over a real git
 * repository laid out as outline's `server/migrations/<timestamp>-<name>.js` (fixtures/orm/outline-sequelize).
 */

const DIR = 'server/migrations';
const CONFIG = JSON.stringify({
  migrations: [{ dir: DIR, edition: 'core' }],
  openapi: false,
  routes: false,
  mcpTools: false,
  env: false,
  graphql: false,
  trpc: false,
});
const migration = (up: string) =>
  `"use strict";\n\n/** @type {import('sequelize-cli').Migration} */\nmodule.exports = {\n  async up(queryInterface, Sequelize) {\n${up}\n  },\n\n  async down(queryInterface) {\n    await queryInterface.dropTable("pins");\n  },\n};\n`;

let repo: TestRepo;
let out: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'rs-sequelize-'));
  repo = createRepo();
  repo.commit(
    {
      'release-safety.config.json': CONFIG,
      [`${DIR}/20260101000000-create-users.js`]: migration('    await queryInterface.sequelize.query("CREATE TABLE users (id uuid PRIMARY KEY, email text)");'),
    },
    { tag: '1.0.0' },
  );
  // A new table: light.
  repo.commit(
    {
      [`${DIR}/20260201000000-create-pins.js`]: migration(
        '    await queryInterface.createTable("pins", {\n      id: { type: Sequelize.UUID, primaryKey: true },\n      createdAt: { type: Sequelize.DATE, allowNull: false },\n    });',
      ),
    },
    { tag: '1.1.0' },
  );
  // An index built without CONCURRENTLY on an existing table: heavy.
  repo.commit({ [`${DIR}/20260301000000-index-email.js`]: migration('    await queryInterface.addIndex("users", ["email"]);') }, { tag: '1.2.0' });
  // A column name read from the environment: unknown.
  repo.commit(
    { [`${DIR}/20260401000000-add-column.js`]: migration('    await queryInterface.addColumn("users", process.env.COLUMN, { type: Sequelize.TEXT });') },
    { tag: '1.3.0' },
  );
  // outline's real migration, reformatted by a code formatter between releases: same SQL, not a change.
  const real = readFileSync(new URL('../../../fixtures/orm/outline-sequelize/20260619000000-add-duration-to-search-queries.js', import.meta.url), 'utf8');
  repo.commit({ [`${DIR}/20260619000000-add-duration-to-search-queries.js`]: real }, { tag: '1.4.0' });
  repo.commit(
    {
      [`${DIR}/20260619000000-add-duration-to-search-queries.js`]: real
        .replaceAll('"', "'")
        .replace('{\n      type: Sequelize.INTEGER,\n      allowNull: true,\n    }', '{ type: Sequelize.INTEGER, allowNull: true }'),
    },
    { tag: '1.5.0' },
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

describe('Sequelize builder calls, built CLI', () => {
  test('createTable of a new table: compiled, light, true', () => {
    const { artifact } = generate('1.0.0', '1.1.0');
    expect(artifact.migrations.files).toEqual([
      { name: '20260201000000-create-pins.js', edition: 'core', tables: ['pins'], heaviness: { locksTable: false, rewritesTable: false, scansTable: false } },
    ]);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  test('addIndex without concurrently: compiled, heavy, not true', () => {
    const { artifact, report } = generate('1.1.0', '1.2.0');
    expect(artifact.migrations.files).toMatchObject([{ name: '20260301000000-index-email.js', heaviness: { locksTable: true } }]);
    expect(report).toContain('CREATE INDEX "users_email" ON "users" ("email")');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  test('an argument known only at run time: unknown, naming file and line', () => {
    const { artifact, report } = generate('1.2.0', '1.3.0');
    expect(artifact.migrations.files).toMatchObject([{ heaviness: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' } }]);
    expect(report).toContain('server/migrations/20260401000000-add-column.js:6');
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
  });

  test('a released builder migration reformatted by a code formatter: compared by its SQL, not a break', () => {
    const { artifact, report } = generate('1.4.0', '1.5.0');
    expect(report).toContain('released-migration-reformatted');
    expect(report).not.toContain('released-migration-modified');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });
});
