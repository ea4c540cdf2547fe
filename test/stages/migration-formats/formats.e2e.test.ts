import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ReleaseSafetyArtifact } from '../../../src/artifact/types.js';
import type { LintReport } from '../../../src/diff/lint-migrations.js';
import type { ReleaseSafetyConfig } from '../../../src/config/types.js';
import { runStage } from '../../../src/stages/contract.js';
import { migrationsStage } from '../../../src/stages/migrations/index.js';
import { runCli } from '../../helpers/cli.js';
import { createRepo, type TestRepo } from '../../helpers/git-fixture.js';
import { closeGitStageInputs, gitStageInput } from '../../helpers/git-stage-input.js';
import { ORM_LAYOUTS } from './orm-layouts.js';
import { ADDED, INIT, INIT_CHANGED, INIT_REFORMATTED, SQL_LAYOUTS, upStatements, type Migration, type SqlLayout } from './sql-layouts.js';

const LAYOUTS = [...SQL_LAYOUTS, ...ORM_LAYOUTS];

/**
 * Every format over a real git repository per format, laid out as its public users lay it out
 * (sql-layouts.ts, orm-layouts.ts): 1.0.0 creates the table, 1.1.0 adds one migration per case, 1.2.0
 * reformats the released migration, 1.3.0 changes it, 1.4.0 adds a migration the format cannot read.
 * The same migrations as plain `.sql` files are the yardstick for the classification.
 */

const repos = new Map<string, TestRepo>();

function filesOf(layout: SqlLayout, migrations: readonly Migration[]): Record<string, string> {
  return Object.assign({}, ...migrations.map((m) => layout.files(m)), layout.extras?.(migrations) ?? {});
}

/**
 * The same application code in every repository, so the old-code check (issue 33) answers alike for
 * every layout (a layout with a runner module outside its migrations folder would otherwise be read
 * as code that references nothing, where the plain yardstick has no code at all).
 */
const OLD_CODE =
  "export const readUser = 'SELECT id, name, email FROM users WHERE id = $1';\nexport const addUser = 'INSERT INTO users (name, email) VALUES ($1, $2)';\n";

function buildRepo(layout: SqlLayout): TestRepo {
  const repo = createRepo();
  const config: ReleaseSafetyConfig = { migrations: [{ dir: layout.dir, edition: 'core' }] };
  repo.commit({ 'release-safety.config.json': JSON.stringify(config), 'src/users.ts': OLD_CODE, ...filesOf(layout, [INIT]) }, { tag: '1.0.0' });
  repo.commit(filesOf(layout, [INIT, ...ADDED]), { tag: '1.1.0' });
  repo.commit(layout.files({ ...INIT, up: INIT_REFORMATTED, down: '-- dropped by hand\n' }), { tag: '1.2.0' });
  repo.commit(layout.files({ ...INIT, up: INIT_CHANGED }), { tag: '1.3.0' });
  repo.commit(layout.unsupported.files, { tag: '1.4.0' });
  return repo;
}

/** The yardstick: the same forward SQL as plain `.sql` files. */
const PLAIN: SqlLayout = {
  format: 'sql',
  dir: 'db',
  path: (m) => `db/${String(m.version).padStart(3, '0')}_${m.slug}.sql`,
  name: (m) => `${String(m.version).padStart(3, '0')}_${m.slug}.sql`,
  files: (m) => ({ [`db/${String(m.version).padStart(3, '0')}_${m.slug}.sql`]: `${m.up}\n` }),
  unsupported: { files: {}, name: '', reason: /$^/ },
};

async function stageResult(layout: SqlLayout, from: string, to: string) {
  const repo = repos.get(layout.format)!;
  const input = await gitStageInput(repo.dir, from, to, { migrations: [{ dir: layout.dir, edition: 'core' }] });
  return { input, result: await runStage(migrationsStage, input) };
}

/** Findings without the file and line (which differ between layouts). */
const findingKeys = (findings: ReadonlyArray<{ rule: string; evidence: { statement?: string } }>) =>
  findings.map((f) => `${f.rule}: ${f.evidence.statement ?? ''}`);

beforeAll(() => {
  for (const layout of [PLAIN, ...LAYOUTS]) repos.set(layout.format, buildRepo(layout));
});
afterAll(async () => {
  await closeGitStageInputs();
  for (const repo of repos.values()) repo.cleanup();
});

describe.each(LAYOUTS)('$format', (layout) => {
  test('added migrations: detected with their names and edition, down parts never read, classified as the same SQL in .sql files', async () => {
    const { input, result } = await stageResult(layout, '1.0.0', '1.1.0');
    expect(result.section.files.map((file) => [file.name, file.edition])).toEqual(ADDED.map((m) => [layout.name(m), 'core']));
    expect([...input.reads.keys()].filter((key) => /\.down\.sql$|\/U\d+__/.test(key))).toEqual([]);
    expect(result.findings.filter((f) => f.rule === 'ban-drop-table')).toEqual([]);

    const { result: plain } = await stageResult(PLAIN, '1.0.0', '1.1.0');
    expect(result.section.files.map((file) => [file.tables, file.heaviness])).toEqual(plain.section.files.map((file) => [file.tables, file.heaviness]));
    expect(findingKeys(result.findings).sort()).toEqual(findingKeys(plain.findings).sort());
    expect(result.verdict).toEqual(plain.verdict);
  });

  test('each forward part is read as its statements', async () => {
    const { input } = await stageResult(layout, '1.0.0', '1.1.0');
    const { migrationFormat } = await import('../../../src/stages/migrations/formats/registry.js');
    for (const migration of ADDED) {
      const text = await input.read('head', layout.path(migration));
      const extracted = await migrationFormat(layout.format).extract(layout.path(migration), text!, (p) => input.read('head', p));
      expect(extracted.statements.map((s) => s.sql)).toEqual(upStatements(migration));
      expect(extracted.unresolved).toEqual([]);
    }
  });

  test('a reformatted released migration is not a break; a changed one is, naming the change', async () => {
    const reformatted = (await stageResult(layout, '1.1.0', '1.2.0')).result;
    expect(reformatted.findings.map((f) => f.rule)).toEqual(['released-migration-reformatted']);
    expect(reformatted.verdict).toEqual({ checked: true, breaking: false });

    const changed = (await stageResult(layout, '1.2.0', '1.3.0')).result;
    expect(changed.findings).toMatchObject([
      { rule: 'released-migration-modified', params: { file: layout.path(INIT), change: expect.stringContaining('varchar(100)') } },
    ]);
    expect(changed.verdict).toEqual({ checked: true, breaking: true });
  });

  test('a construct the format cannot read is unknown, with its reason', async () => {
    const { result } = await stageResult(layout, '1.3.0', '1.4.0');
    expect(result.section.files).toMatchObject([
      { name: layout.unsupported.name, heaviness: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' } },
    ]);
    expect(result.findings.some((f) => Object.values(f.params).some((value) => layout.unsupported.reason.test(String(value))))).toBe(true);
    expect(result.verdict.breaking).toBe('unknown');
  });
});

describe('built CLI', () => {
  let out: string;
  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'rs-formats-'));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  test.each(LAYOUTS)('$format: generate lists the added migrations; lint-migrations reads the same files alike', (layout) => {
    const repo = repos.get(layout.format)!;
    const target = join(out, `${layout.format}.json`);
    const run = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', target, '--quiet']);
    expect(run.stderr).toBe('');
    const artifact = JSON.parse(readFileSync(target, 'utf8')) as ReleaseSafetyArtifact;
    expect(artifact.migrations.files.map((file) => file.name)).toEqual(ADDED.map((m) => layout.name(m)));

    repo.git('checkout', '-q', '1.1.0');
    const lint = runCli(['lint-migrations', '--json', ...ADDED.map((m) => join(repo.dir, layout.path(m)))]);
    expect(lint.stderr).toBe('');
    const report = JSON.parse(lint.stdout) as LintReport;
    // Off git there is no released history (column types): only what each file touches is compared.
    expect(report.files.map((file) => file.tables)).toEqual(artifact.migrations.files.map((file) => file.tables));
    expect(report.files.every((file) => file.findings.every((finding) => finding.rule !== 'migration-extraction-failed'))).toBe(true);
  });
});
