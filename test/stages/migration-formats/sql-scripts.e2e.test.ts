import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ReleaseSafetyArtifact } from '../../../src/artifact/types.js';
import { runCli } from '../../helpers/cli.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';

/**
 * SQL run from TypeScript scripts, on logto's real alterations and runner (fixtures/orm/logto-alterations,
 * copied from logto-io/logto v1.42.0 and v1.20.0), through the built CLI over a real git repository.
 */

const FIXTURES = new URL('../../../fixtures/orm/logto-alterations/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const DIR = 'packages/schemas/alterations';
const RUNNER = 'packages/cli/src/commands/database/alteration/index.ts';
const CONFIG = JSON.stringify({
  migrations: [{ dir: DIR, edition: 'core' }],
  openapi: false,
  routes: false,
  mcpTools: false,
  env: false,
  graphql: false,
  trpc: false,
});

/** A logto-shaped alteration whose `up` is light: a bounded lock wait, then a nullable column (written for this test). */
const LIGHT = `import { sql } from '@silverhand/slonik';

import type { AlterationScript } from '../lib/types/alteration.js';

const table = 'organizations';

const alteration: AlterationScript = {
  up: async (pool) => {
    await pool.query(sql\`set local lock_timeout = '5s'\`);
    await pool.query(sql\`
      alter table \${sql.identifier([table])}
        add column is_mfa_required boolean;
    \`);
  },
  down: async (pool) => {
    await pool.query(sql\`drop table organizations\`);
  },
};

export default alteration;
`;

let repo: TestRepo;
let out: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'rs-sql-scripts-'));
  repo = createRepo();
  repo.commit(
    {
      'release-safety.config.json': CONFIG,
      [RUNNER]: fixture('runner-index.ts'),
      [`${DIR}/1.16.0-1713942039-add-organization-custom-data.ts`]: fixture('1.16.0-1713942039-add-organization-custom-data.ts'),
    },
    { tag: '1.0.0' },
  );
  // A CREATE INDEX CONCURRENTLY in beforeUp (real): heavy, outside the transaction.
  repo.commit(
    { [`${DIR}/next-1784619793-add-service-logs-created-at-index.ts`]: fixture('1.42.0-1784619793-add-service-logs-created-at-index.ts') },
    { tag: '1.1.0' },
  );
  // Released: `next-` renamed to the version (logto's release step), same content: not a change.
  repo.commit(
    {
      [`${DIR}/next-1784619793-add-service-logs-created-at-index.ts`]: null,
      [`${DIR}/1.2.0-1784619793-add-service-logs-created-at-index.ts`]: fixture('1.42.0-1784619793-add-service-logs-created-at-index.ts'),
    },
    { tag: '1.2.0' },
  );
  repo.commit({ [`${DIR}/next-1784700000-add-mfa-required.ts`]: LIGHT }, { tag: '1.3.0' });
  // A data alteration whose values are known only at run time (real): unknown.
  repo.commit(
    { [`${DIR}/1.10.1-1698646271-add-organization-created-flag.ts`]: fixture('1.10.1-1698646271-add-organization-created-flag.ts') },
    { tag: '1.4.0' },
  );
  // The runner before beforeUp existed (v1.20.0): the same beforeUp never runs.
  repo.commit({ [RUNNER]: fixture('runner-index-v1.20.0.ts') }, { tag: '1.5.0' });
  repo.commit(
    {
      [`${DIR}/next-1784619800-add-service-logs-index-again.ts`]: fixture('1.42.0-1784619793-add-service-logs-created-at-index.ts').replaceAll(
        'service_logs__created_at',
        'service_logs__created_at_2',
      ),
    },
    { tag: '1.6.0' },
  );
  // No runner in the repository: how CONCURRENTLY runs is not known.
  repo.commit({ [RUNNER]: null }, { tag: '1.7.0' });
  repo.commit(
    {
      [`${DIR}/next-1784619900-add-service-logs-index-third.ts`]: fixture('1.42.0-1784619793-add-service-logs-created-at-index.ts').replaceAll(
        'service_logs__created_at',
        'service_logs__created_at_3',
      ),
    },
    { tag: '1.8.0' },
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

describe('SQL run from TypeScript scripts (logto alterations), built CLI', () => {
  test('a CREATE INDEX CONCURRENTLY in beforeUp: read outside the transaction, heavy, not true', () => {
    const { artifact, report } = generate('1.0.0', '1.1.0');
    expect(artifact.migrations.files).toEqual([
      {
        name: '1784619793-add-service-logs-created-at-index.ts',
        edition: 'core',
        tables: ['service_logs'],
        heaviness: { locksTable: false, rewritesTable: false, scansTable: true },
      },
    ]);
    expect(report).toContain('index-built-concurrently-scans-table');
    expect(report).not.toContain('ban-concurrent-index-creation-in-transaction');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  test('released as `<version>-<timestamp>-<name>.ts` with the same content: not a change', () => {
    const { artifact, report } = generate('1.1.0', '1.2.0');
    expect(artifact.migrations.files).toEqual([]);
    expect(report).not.toContain('released-migration');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  test('a light alteration (bounded lock wait, nullable column, constant identifier): true', () => {
    const { artifact } = generate('1.2.0', '1.3.0');
    expect(artifact.migrations.files).toEqual([
      {
        name: '1784700000-add-mfa-required.ts',
        edition: 'core',
        tables: ['organizations'],
        heaviness: { locksTable: false, rewritesTable: false, scansTable: false },
      },
    ]);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(true);
  });

  test('a data alteration: its whole-table SELECT is read (heavy); the handle passed to a helper in a callback is unknown, naming the line', () => {
    const { artifact, report } = generate('1.3.0', '1.4.0');
    expect(artifact.migrations.files).toMatchObject([
      { name: '1698646271-add-organization-created-flag.ts', heaviness: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: true } },
    ]);
    expect(report).toContain("1.10.1-1698646271-add-organization-created-flag.ts:62  select * from logto_configs where key = 'adminConsole'");
    expect(report).toContain('1.10.1-1698646271-add-organization-created-flag.ts:65  alterAdminConsoleData(row, pool)');
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  test('a runner that never calls beforeUp (logto v1.20.0): beforeUp runs nothing', () => {
    const { artifact, report } = generate('1.5.0', '1.6.0');
    expect(artifact.migrations.files).toEqual([
      {
        name: '1784619800-add-service-logs-index-again.ts',
        edition: 'core',
        tables: [],
        heaviness: { locksTable: false, rewritesTable: false, scansTable: false },
      },
    ]);
    expect(report).not.toContain('index-built-concurrently-scans-table');
  });

  test('no runner in the repository: the CONCURRENTLY statement is unknown, naming why', () => {
    const { artifact, report } = generate('1.7.0', '1.8.0');
    expect(artifact.migrations.files).toMatchObject([{ name: '1784619900-add-service-logs-index-third.ts', heaviness: { scansTable: 'unknown' } }]);
    expect(report).toContain('no runner found in the repository');
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
  });

  test('init configures the alterations folder; generate then recognises the format', () => {
    repo.git('checkout', '-q', '1.4.0');
    const run = runCli(['init', '--repo', repo.dir, '--print']);
    expect(run.stdout).toContain(`"dir": "${DIR}"`);
    const listed = runCli(['lint-migrations', '--json', join(repo.dir, DIR, '1.16.0-1713942039-add-organization-custom-data.ts')]);
    expect(listed.stderr).toBe('');
    expect(JSON.parse(listed.stdout)).toMatchObject({ files: [{ tables: ['organizations'] }] });
  });
});
