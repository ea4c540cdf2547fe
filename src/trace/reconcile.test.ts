import { describe, expect, it } from 'vitest';
import type { Heaviness } from '../artifact/types.js';
import { reconcile, type ReconcileInput } from './reconcile.js';
import type { StatementObservation } from './types.js';

const LIGHT: Heaviness = { locksTable: false, rewritesTable: false, scansTable: false };
const UNKNOWN: Heaviness = { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' };

function statement(flags: StatementObservation['flags'], extra: Partial<StatementObservation> = {}): StatementObservation {
  return {
    line: 2,
    sql: 'ALTER TABLE users ADD COLUMN token uuid DEFAULT gen_random_uuid()',
    ran: 'transaction',
    locks: [],
    rewrites: [],
    scans: [],
    flags,
    ...extra,
  };
}

const input = (staticFlags: Heaviness, statements: StatementObservation[], extra: Partial<ReconcileInput> = {}): ReconcileInput => ({
  file: 'migrations/002.sql',
  name: '002.sql',
  static: staticFlags,
  findings: [{ rule: 'require-timeout-settings', params: {}, evidence: { file: 'migrations/002.sql', line: 2 } }],
  observation: { file: 'migrations/002.sql', statements, incomplete: [] },
  inexact: [],
  ...extra,
});

describe('reconcile', () => {
  it('agreement: observed', () => {
    const traced = reconcile(input(LIGHT, [statement({ locksTable: false, rewritesTable: false, scansTable: false })]));
    expect({ status: traced.status, final: traced.final, disagreements: traced.disagreements }).toEqual({
      status: 'observed',
      final: LIGHT,
      disagreements: [],
    });
  });

  it('heavier in PostgreSQL: the trace wins and names the statement and the rules that judged it', () => {
    const traced = reconcile(
      input(LIGHT, [
        statement(
          { locksTable: true, rewritesTable: true, scansTable: true },
          { rewrites: ['users'], scans: ['users'], locks: [{ table: 'users', mode: 'ACCESS EXCLUSIVE' }] },
        ),
      ]),
    );
    expect(traced.status).toBe('trace-heavier');
    expect(traced.final).toEqual({ locksTable: true, rewritesTable: true, scansTable: true });
    expect(traced.disagreements.map((entry) => [entry.flag, entry.line, entry.rules, entry.observed])).toEqual([
      ['locksTable', 2, ['require-timeout-settings'], 'took ACCESS EXCLUSIVE on users'],
      ['rewritesTable', 2, ['require-timeout-settings'], 'rewrote users'],
      ['scansTable', 2, ['require-timeout-settings'], 'scanned users'],
    ]);
  });

  it('settles unknown only when every statement ran on an exact schema', () => {
    const light = [statement({ locksTable: false, rewritesTable: false, scansTable: false })];
    expect(reconcile(input(UNKNOWN, light)).final).toEqual(LIGHT);
    expect(reconcile(input(UNKNOWN, light, { inexact: ['table users could not be seeded'] })).final).toEqual(UNKNOWN);
    const partial = reconcile(
      input(UNKNOWN, light, {
        observation: { file: 'migrations/002.sql', statements: light, incomplete: ['line 4: a value the extractor could not resolve'] },
      }),
    );
    expect({ status: partial.status, final: partial.final }).toEqual({ status: 'static-kept', final: UNKNOWN });
  });

  it('a failed or outside-transaction statement leaves its unobserved flags as classified', () => {
    const traced = reconcile(
      input(UNKNOWN, [
        statement({}, { ran: 'failed', error: 'column "age" contains null values' }),
        statement({ rewritesTable: false, scansTable: true }, { ran: 'outside-transaction', scans: ['users'] }),
      ]),
    );
    expect(traced.final).toEqual({ locksTable: 'unknown', rewritesTable: 'unknown', scansTable: true });
    expect(traced.reasons).toContain('line 2 failed in PostgreSQL: column "age" contains null values');
  });

  it('never makes a static true lighter', () => {
    const traced = reconcile(input({ ...LIGHT, locksTable: true }, [statement({ locksTable: false, rewritesTable: false, scansTable: false })]));
    expect({ status: traced.status, locksTable: traced.final.locksTable }).toEqual({ status: 'static-kept', locksTable: true });
  });
});
