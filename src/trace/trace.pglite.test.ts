/**
 * The trace over one release with one added migration per rule case, in one PGlite: what PostgreSQL
 * did (lock, rewrite, scan) for each, and how it reconciles with the static classification.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runStage } from '../stages/contract.js';
import { memoryStageInput } from '../stages/memory-input.js';
import { migrationsStage } from '../stages/migrations/index.js';
import { traceRelease, tracedResult } from './trace.js';
import type { TraceReport } from './types.js';

const SCHEMA = `CREATE TABLE owners (id int PRIMARY KEY);
ALTER TABLE owners ADD CONSTRAINT owners_id_check CHECK (id <> -1) NOT VALID;
CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0);
CREATE TABLE accounts (
  id int PRIMARY KEY,
  email varchar(255),
  nick varchar(50),
  name text,
  score int,
  owner_id int,
  plan text
);`;

const LOCK_TIMEOUT = "SET lock_timeout = '5s';\n";

interface Case {
  file: string;
  sql: string;
  /** What PostgreSQL does, per flag. */
  observed: { locksTable?: boolean; rewritesTable: boolean; scansTable: boolean };
  ran?: string;
}

const CASES: Case[] = [
  { file: '010_index.sql', sql: 'CREATE INDEX accounts_name_idx ON accounts (name);', observed: { locksTable: true, rewritesTable: false, scansTable: true } },
  {
    file: '011_concurrent_index.sql',
    sql: 'CREATE INDEX CONCURRENTLY accounts_email_idx ON accounts (email);',
    observed: { rewritesTable: false, scansTable: true },
    ran: 'outside-transaction',
  },
  {
    file: '012_constant_default.sql',
    sql: `${LOCK_TIMEOUT}ALTER TABLE accounts ADD COLUMN tier text NOT NULL DEFAULT 'free';`,
    observed: { locksTable: false, rewritesTable: false, scansTable: false },
  },
  {
    file: '013_volatile_default.sql',
    sql: `${LOCK_TIMEOUT}ALTER TABLE accounts ADD COLUMN token float8 DEFAULT random();`,
    observed: { locksTable: true, rewritesTable: true, scansTable: true },
  },
  {
    file: '014_varchar_to_text.sql',
    sql: `${LOCK_TIMEOUT}ALTER TABLE accounts ALTER COLUMN email TYPE text;`,
    observed: { locksTable: false, rewritesTable: false, scansTable: false },
  },
  {
    file: '015_varchar_widening.sql',
    sql: `${LOCK_TIMEOUT}ALTER TABLE accounts ALTER COLUMN nick TYPE varchar(100);`,
    observed: { locksTable: false, rewritesTable: false, scansTable: false },
  },
  {
    file: '016_int_to_bigint.sql',
    sql: `${LOCK_TIMEOUT}ALTER TABLE accounts ALTER COLUMN score TYPE bigint;`,
    observed: { locksTable: true, rewritesTable: true, scansTable: true },
  },
  {
    file: '017_set_not_null.sql',
    sql: `${LOCK_TIMEOUT}ALTER TABLE accounts ALTER COLUMN name SET NOT NULL;`,
    observed: { locksTable: true, rewritesTable: false, scansTable: true },
  },
  {
    file: '018_foreign_key.sql',
    sql: `${LOCK_TIMEOUT}ALTER TABLE accounts ADD CONSTRAINT accounts_owner_fk FOREIGN KEY (owner_id) REFERENCES owners (id);`,
    observed: { locksTable: true, rewritesTable: false, scansTable: true },
  },
  {
    file: '019_foreign_key_not_valid.sql',
    sql: `${LOCK_TIMEOUT}ALTER TABLE accounts ADD CONSTRAINT accounts_owner_fk2 FOREIGN KEY (owner_id) REFERENCES owners (id) NOT VALID;`,
    observed: { locksTable: false, rewritesTable: false, scansTable: false },
  },
  {
    file: '020_stored_generated.sql',
    sql: `${LOCK_TIMEOUT}ALTER TABLE accounts ADD COLUMN doubled bigint GENERATED ALWAYS AS (score * 2) STORED;`,
    observed: { locksTable: true, rewritesTable: true, scansTable: true },
  },
  { file: '021_backfill.sql', sql: "UPDATE accounts SET plan = 'pro';", observed: { locksTable: false, rewritesTable: true, scansTable: true } },
  // A column of a domain with a CHECK: PostgreSQL rewrites the table to check every row's value.
  {
    file: '023_domain_column.sql',
    sql: `${LOCK_TIMEOUT}ALTER TABLE accounts ADD COLUMN credits positive_int;`,
    observed: { locksTable: true, rewritesTable: true, scansTable: true },
  },
];

const FAILING = { '022_required_column.sql': `${LOCK_TIMEOUT}ALTER TABLE accounts ADD COLUMN required int NOT NULL;` };
/**
 * Heavier in PostgreSQL than the static rules say: the ACCESS EXCLUSIVE the ADD COLUMN took on
 * accounts is held until COMMIT, so accounts stays locked while VALIDATE reads all of owners.
 */
const HEAVIER = {
  '024_held_lock.sql': `${LOCK_TIMEOUT}ALTER TABLE accounts ADD COLUMN last_seen timestamptz;\nALTER TABLE owners VALIDATE CONSTRAINT owners_id_check;`,
};

describe('trace of one release in PGlite', () => {
  let report: TraceReport;
  const base = { 'migrations/001_schema.sql': SCHEMA };
  const head = {
    ...base,
    ...Object.fromEntries(
      [...CASES.map((testCase) => [testCase.file, testCase.sql]), ...Object.entries(FAILING), ...Object.entries(HEAVIER)].map(([file, sql]) => [
        `migrations/${file}`,
        sql,
      ]),
    ),
  };
  const input = memoryStageInput({ base, head }, { migrations: [{ dir: 'migrations', edition: 'core' }] });
  let staticResult: Awaited<ReturnType<typeof runStage>>;

  beforeAll(async () => {
    // A shared cache folder: PGlite's initdb (most of a cold start) is paid once per machine, not per run.
    ({ report, staticResult } = await traceRelease(input, (staticInput) => runStage(migrationsStage, staticInput), {
      seedRows: 200,
      cacheDirectory: join(tmpdir(), 'release-safety-test-trace-cache'),
    }));
  }, 60_000);

  it('seeds the touched tables and the tables they reference', () => {
    expect(report.skipped).toBeUndefined();
    expect(report.seeds).toEqual([
      { table: 'owners', rows: 200 },
      { table: 'accounts', rows: 200 },
    ]);
    expect(report.replay.failures).toEqual([]);
  });

  it.each(CASES)('$file: observed as PostgreSQL does it', (testCase) => {
    const traced = report.files.find((file) => file.file === `migrations/${testCase.file}`)!;
    const main = traced.statements.at(-1)!;
    expect(main.ran).toBe(testCase.ran ?? 'transaction');
    expect(main.flags).toEqual(testCase.observed);
    expect(traced.disagreements).toEqual([]);
  });

  it('agrees with the static classification where every statement ran, and says why where it keeps it', () => {
    const statuses = Object.fromEntries(report.files.map((file) => [file.file.replace('migrations/', ''), file.status]));
    expect(statuses).toEqual({
      ...Object.fromEntries(CASES.map((testCase) => [testCase.file, 'observed'])),
      // Refused inside the transaction the .sql file runs in: run on its own, the static result stands.
      '011_concurrent_index.sql': 'static-kept',
      // UPDATE takes ROW EXCLUSIVE: no write-blocking table lock seen, but the static rule's `true` is never lowered.
      '021_backfill.sql': 'static-kept',
      '022_required_column.sql': 'static-kept',
      '024_held_lock.sql': 'trace-heavier',
    });
  });

  it('keeps the static result where the statement fails on a populated table', () => {
    const failing = report.files.find((file) => file.file.endsWith('022_required_column.sql'))!;
    expect(failing.statements.at(-1)).toMatchObject({ ran: 'failed', error: 'column "required" of relation "accounts" contains null values' });
    expect(failing.final).toEqual(failing.static);
  });

  it('makes a heavier observation a finding naming the statement, the static rule and what PostgreSQL did; the trace wins', () => {
    const heavier = report.files.find((file) => file.file.endsWith('024_held_lock.sql'))!;
    expect(heavier.static).toEqual({ locksTable: false, rewritesTable: false, scansTable: true });
    expect(heavier.final).toEqual({ locksTable: true, rewritesTable: false, scansTable: true });
    const traced = tracedResult(staticResult as never, report);
    const findings = traced.findings.filter((finding) => finding.rule === 'observed-heavier-than-classified');
    expect(findings).toEqual([
      {
        rule: 'observed-heavier-than-classified',
        params: expect.objectContaining({ flags: 'locksTable', rules: 'static rule(s) on the statement: validating-constraint-scans-table' }),
        evidence: { file: 'migrations/024_held_lock.sql', line: 3, statement: 'ALTER TABLE owners VALIDATE CONSTRAINT owners_id_check' },
      },
    ]);
    expect(traced.section.files.find((file) => file.name === '024_held_lock.sql')?.heaviness).toEqual(heavier.final);
  });

  it('settles the stage verdict from the reconciled flags, never lighter than proven', () => {
    const traced = tracedResult(staticResult as never, report);
    expect(traced.verdict.breaking).toBe(true);
    expect(traced.section.files.map((file) => file.heaviness)).toEqual(report.files.map((file) => file.final));
  });
});
