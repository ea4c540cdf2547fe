import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LintReport } from '../../src/diff/lint-migrations.js';
import { runCli } from '../helpers/cli.js';

/**
 * `lint-migrations --released <dir>` / `--schema <file.sql>` (issue 32 item 2): files judged alone
 * know the released tables, column types, indexes and checks. Real files in a temp folder, the
 * built CLI. The folder is laid out as a pull request leaves it: released 001, added 002 and 003.
 */

let temp = '';
let db = '';
const LIGHT = { locksTable: false, rewritesTable: false, scansTable: false };
const UNKNOWN = { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' };

beforeAll(() => {
  temp = mkdtempSync(join(tmpdir(), 'rs-lint-released-'));
  db = join(temp, 'db', 'migrations');
  mkdirSync(db, { recursive: true });
  const init = 'CREATE TABLE users (id bigint PRIMARY KEY, name varchar(255), age integer);\n';
  writeFileSync(join(db, '001_init.sql'), init);
  writeFileSync(join(db, '002_widen_name.sql'), "SET lock_timeout = '2s';\nALTER TABLE users ALTER COLUMN name TYPE text;\n");
  writeFileSync(join(db, '003_widen_age.sql'), "SET lock_timeout = '2s';\nALTER TABLE users ALTER COLUMN age TYPE bigint;\n");
  writeFileSync(join(temp, 'schema.sql'), `-- pg_dump --schema-only, abridged\n${init}`);
  writeFileSync(join(temp, 'broken.sql'), 'CREATE TABLE users (id bigint PRIMARY KEY, name varchar(255) age integer);\n');
});
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function lintJson(...args: string[]): { status: number; report: LintReport } {
  const run = runCli(['lint-migrations', '--json', ...args]);
  expect(run.stderr).toBe('');
  return { status: run.status, report: JSON.parse(run.stdout) as LintReport };
}

describe('lint-migrations --released / --schema', () => {
  it('alone, a type change on a column whose type is not stated is unknown', () => {
    const { status, report } = lintJson(join(db, '002_widen_name.sql'), join(db, '003_widen_age.sql'));
    expect(status).toBe(1);
    expect(report.files.map((file) => file.heaviness)).toEqual([UNKNOWN, UNKNOWN]);
  });

  it('--released: varchar(255) → text with no index is light; integer → bigint stays heavy (a rewrite)', () => {
    const { status, report } = lintJson('--released', db, join(db, '002_widen_name.sql'), join(db, '003_widen_age.sql'));
    expect(status).toBe(1);
    // The linted files are skipped in the released folder; 001 is released, so users is an existing table.
    expect(report.files.map((file) => file.file)).toEqual([join(db, '002_widen_name.sql'), join(db, '003_widen_age.sql')]);
    expect(report.files[0]).toMatchObject({ heaviness: LIGHT, breaksOldCode: false, clean: true });
    expect(report.files[1]).toMatchObject({ heaviness: { locksTable: true, rewritesTable: true, scansTable: true }, clean: false });
    expect(report.files[1]!.findings.map((finding) => [finding.rule, finding.level])).toEqual([['changing-column-type', 'breaking']]);
  });

  it('--released: only the light file linted exits 0', () => {
    const run = runCli(['lint-migrations', '--released', db, join(db, '002_widen_name.sql')]);
    expect(run).toMatchObject({ status: 0, stderr: '' });
    expect(run.stdout).toContain('1 file: all clean');
  });

  it('--released: a CREATE TABLE in a released file does not make a later ALTER a new table', () => {
    // Linted together, 001 creates users in the same release: the integer → bigint rewrite is on an empty table.
    expect(lintJson(join(db, '001_init.sql'), join(db, '003_widen_age.sql')).report.files[1]).toMatchObject({ heaviness: LIGHT });
    // Released, it is an existing table with rows: the rewrite is heavy.
    expect(lintJson('--released', db, join(db, '003_widen_age.sql')).report.files[0]).toMatchObject({ heaviness: { rewritesTable: true }, clean: false });
  });

  it('--schema: plain DDL gives the same knowledge', () => {
    const { status, report } = lintJson('--schema', join(temp, 'schema.sql'), join(db, '002_widen_name.sql'), join(db, '003_widen_age.sql'));
    expect(status).toBe(1);
    expect(report.files[0]).toMatchObject({ heaviness: LIGHT, clean: true });
    expect(report.files[1]).toMatchObject({ heaviness: { rewritesTable: true }, clean: false });
  });

  it('a --schema file that does not parse is one clear line and exit 2', () => {
    const run = runCli(['lint-migrations', '--schema', join(temp, 'broken.sql'), join(db, '002_widen_name.sql')]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^release-safety: --schema .*broken\.sql is not PostgreSQL DDL the grammar reads: line 1: .*syntax error at or near "age"$/),
    ]);
  });

  it('--help names both options with an example', () => {
    const help = runCli(['lint-migrations', '--help']).stdout;
    expect(help).toContain('--released <dir>');
    expect(help).toContain('--schema <file.sql>');
    expect(help).toContain('release-safety lint-migrations --released db/migrations db/migrations/');
  });

  it('a --released path that is not a folder is exit 2', () => {
    const run = runCli(['lint-migrations', '--released', join(temp, 'missing'), join(db, '002_widen_name.sql')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--released .*missing is not a folder/);
  });
});
