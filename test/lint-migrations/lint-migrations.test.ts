import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LintReport } from '../../src/diff/lint-migrations.js';
import { runCli } from '../helpers/cli.js';

/** `release-safety lint-migrations` end to end: the built CLI on the migration files of fixtures/diff/migrations. */

const sql = 'fixtures/diff/migrations/sql';
const knex = 'fixtures/diff/migrations/knex/migrations';
const lint = (...args: string[]) => runCli(['lint-migrations', ...args]);

function lintJson(...files: string[]): { status: number; report: LintReport } {
  const run = lint('--json', ...files);
  expect(run.stderr).toBe('');
  return { status: run.status, report: JSON.parse(run.stdout) as LintReport };
}

const LIGHT = { locksTable: false, rewritesTable: false, scansTable: false };

/**
 * One process lints every fixture that creates no table (so the files do not affect each other);
 * per-file assertions read this report. Exit codes of single files are checked separately.
 */
const combined = [
  `${sql}/002_index_projects.sql`,
  `${sql}/003_add_nullable_column.sql`,
  `${sql}/004_dynamic.sql`,
  `${sql}/006_drop_column.sql`,
  `${knex}/20240101000000_add_colour.ts`,
  `${knex}/20240102000000_index_spaces.ts`,
  `${knex}/20240103000000_dynamic_table.js`,
];
let combinedReport: LintReport | undefined;
function linted(file: string): LintReport['files'][number] {
  if (!combinedReport) {
    const { status, report } = lintJson(...combined);
    expect(status).toBe(1);
    expect(report.clean).toBe(false);
    expect(report.files.map((f) => f.file)).toEqual(combined);
    combinedReport = report;
  }
  const found = combinedReport.files.find((f) => f.file === file);
  if (!found) throw new Error(`${file} not in the combined report`);
  return found;
}

describe('lint-migrations: .sql files', () => {
  it('heavy: CREATE INDEX on an existing table locks and scans it; the safer alternative is given; exit 1', () => {
    const file = linted(`${sql}/002_index_projects.sql`);
    expect(file).toMatchObject({
      file: `${sql}/002_index_projects.sql`,
      tables: ['projects'],
      heaviness: { locksTable: true, rewritesTable: false, scansTable: true },
      breaksOldCode: false,
      clean: false,
    });
    expect(file?.findings).toEqual([
      {
        rule: 'require-concurrent-index-creation',
        level: 'breaking', // it makes the file not clean: error level (issue 32)
        line: 2,
        statement: 'CREATE INDEX projects_name_idx ON projects (name)',
        message: 'CREATE INDEX projects_name_idx on projects without CONCURRENTLY blocks writes while the whole table is read',
        saferAlternative: expect.stringContaining('CREATE INDEX CONCURRENTLY'),
      },
    ]);
  });

  it('light: a nullable column under a lock timeout is clean; exit 0', () => {
    expect(linted(`${sql}/003_add_nullable_column.sql`)).toMatchObject({ heaviness: LIGHT, clean: true });
    const { status, report } = lintJson(`${sql}/003_add_nullable_column.sql`);
    expect(status).toBe(0);
    expect(report).toMatchObject({ clean: true, postgresVersion: 16, files: [{ heaviness: LIGHT, breaksOldCode: false, clean: true }] });
  });

  it('unknown: dynamic SQL makes every flag unknown, and unknown is never clean', () => {
    const file = linted(`${sql}/004_dynamic.sql`);
    expect(file).toMatchObject({ heaviness: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' }, clean: false });
    expect(file.findings.map((f) => f.rule)).toEqual(['dynamic-sql-unresolved']);
  });

  it('breaking old code: DROP COLUMN is light but not clean', () => {
    const file = linted(`${sql}/006_drop_column.sql`);
    expect(file).toMatchObject({ heaviness: LIGHT, breaksOldCode: true, clean: false });
    expect(file.findings[0]).toMatchObject({ rule: 'ban-drop-column', level: 'breaking', line: 3 });
  });

  it('files in the order given: a table created by an earlier file is new for a later one', () => {
    const alone = lintJson(`${sql}/005_index_widgets.sql`);
    expect(alone.report.files[0]?.heaviness.locksTable).toBe(true);
    const afterCreate = lintJson(`${sql}/001_create_widgets.sql`, `${sql}/005_index_widgets.sql`);
    expect(afterCreate.status).toBe(0);
    expect(afterCreate.report.files.map((f) => [f.file, f.clean, f.tables])).toEqual([
      [`${sql}/001_create_widgets.sql`, true, ['widgets']],
      [`${sql}/005_index_widgets.sql`, true, ['widgets']],
    ]);
    // Reversed, the index comes first, on a table that already exists.
    expect(lintJson(`${sql}/005_index_widgets.sql`, `${sql}/001_create_widgets.sql`).status).toBe(1);
  });

  it('--postgres-version is passed to the rules (a default on ADD COLUMN rewrites on PostgreSQL 10)', () => {
    const temp = mkdtempSync(join(tmpdir(), 'rs-lint-'));
    try {
      const file = join(temp, '001_default.sql');
      writeFileSync(file, "SET lock_timeout = '2s';\nALTER TABLE projects ADD COLUMN status text DEFAULT 'active';\n");
      expect(lintJson(file).report.files[0]?.heaviness.rewritesTable).toBe(false);
      const old = lint('--json', '--postgres-version', '10', file);
      expect(old.status).toBe(1);
      expect((JSON.parse(old.stdout) as LintReport).files[0]?.heaviness.rewritesTable).toBe(true);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });
});

describe('lint-migrations: knex files', () => {
  it('light: a table name imported from another file is resolved (relative to the migration)', () => {
    const { status, report } = lintJson(`${knex}/20240101000000_add_colour.ts`);
    expect(status).toBe(0);
    expect(report.files[0]).toMatchObject({ tables: ['projects'], heaviness: LIGHT, clean: true });
  });

  it('imports resolve relative to the file wherever it is: absolute path, outside the working directory', () => {
    const temp = mkdtempSync(join(tmpdir(), 'rs-lint-knex-'));
    try {
      cpSync('fixtures/diff/migrations/knex', temp, { recursive: true });
      const file = join(temp, 'migrations', '20240101000000_add_colour.ts');
      const run = runCli(['lint-migrations', '--json', file], { cwd: tmpdir() });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect((JSON.parse(run.stdout) as LintReport).files[0]).toMatchObject({ file, tables: ['projects'], clean: true });
      // Without the imported file, the table name is unknown: never clean.
      rmSync(join(temp, 'entities'), { recursive: true });
      const unresolved = runCli(['lint-migrations', '--json', file], { cwd: tmpdir() });
      expect(unresolved.status).toBe(1);
      expect((JSON.parse(unresolved.stdout) as LintReport).files[0]?.clean).toBe(false);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });

  it('heavy: table.index() on an existing table, with the SQL knex would run', () => {
    const file = linted(`${knex}/20240102000000_index_spaces.ts`);
    expect(file.heaviness).toEqual({ locksTable: true, rewritesTable: false, scansTable: true });
    expect(file.findings[0]).toMatchObject({
      rule: 'require-concurrent-index-creation',
      line: 6,
      statement: 'create index "spaces_project_id_idx" on "spaces" ("project_id")',
    });
  });

  it('unknown: a CommonJS migration looping over runtime data', () => {
    const file = linted(`${knex}/20240103000000_dynamic_table.js`);
    expect(file.heaviness.locksTable).toBe('unknown');
    expect(file.findings.map((f) => f.rule)).toContain('migration-part-unresolved');
  });
});

describe('lint-migrations: text output and bad input', () => {
  it('text: verdict, flags and tables per file, each finding with line, statement and safer alternative', () => {
    const run = lint(`${sql}/001_create_widgets.sql`, `${sql}/002_index_projects.sql`);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatchInlineSnapshot(`
      "fixtures/diff/migrations/sql/001_create_widgets.sql: clean
        heaviness: locksTable=false rewritesTable=false scansTable=false  breaksOldCode=false
        tables: widgets
      fixtures/diff/migrations/sql/002_index_projects.sql: NOT CLEAN
        heaviness: locksTable=true rewritesTable=false scansTable=true  breaksOldCode=false
        tables: projects
        line 2: breaking require-concurrent-index-creation: CREATE INDEX projects_name_idx on projects without CONCURRENTLY blocks writes while the whole table is read
          statement: CREATE INDEX projects_name_idx ON projects (name)
          safer: CREATE INDEX CONCURRENTLY projects_name_idx ON projects (…), in a migration your runner does not wrap in a transaction.
      1 of 2 files not clean (heavy, unknown, or breaking old code; PostgreSQL 16)
      "
    `);
  });

  const bad: Array<[string, string[], RegExp]> = [
    ['missing file', [`${sql}/nope.sql`], /cannot read fixtures\/diff\/migrations\/sql\/nope\.sql/],
    ['not a migration file', ['fixtures/diff/mcp/base.json'], /fixtures\/diff\/mcp\/base\.json is not a migration file/],
    [
      'bad --postgres-version',
      ['--postgres-version', 'sixteen', `${sql}/001_create_widgets.sql`],
      /--postgres-version "sixteen" is not a PostgreSQL major version/,
    ],
  ];
  it.each(bad)('%s: exit 2, named, nothing on stdout', (_name, args, message) => {
    const run = lint(...args);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
  });
});
