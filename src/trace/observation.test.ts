import { describe, expect, it } from 'vitest';
import { observeStatement, type Snapshot } from './observation.js';

const USERS = 16384;
const snapshot = (extra: Partial<Snapshot> = {}): Snapshot => ({
  relfilenodes: new Map([[USERS, 100]]),
  counters: new Map([[USERS, { seqScan: 0, rowsChanged: 0 }]]),
  locks: new Map(),
  lockTimeoutMs: 0,
  ...extra,
});
const context = (emptied: number[] = []) => ({ tables: new Map([[USERS, 'users']]), rows: new Map([[USERS, 1000]]), emptied: new Set(emptied) });
const statement = { line: 1, sql: '…' };

describe('observeStatement', () => {
  it('a new relfilenode with rows kept and a scan under ACCESS EXCLUSIVE: rewrite, scan, lock', () => {
    const after = snapshot({
      relfilenodes: new Map([[USERS, 101]]),
      counters: new Map([[USERS, { seqScan: 1, rowsChanged: 0 }]]),
      locks: new Map([[USERS, new Set(['AccessExclusiveLock'])]]),
    });
    const observed = observeStatement(statement, snapshot(), after, context(), true);
    expect(observed).toMatchObject({
      locks: [{ table: 'users', mode: 'ACCESS EXCLUSIVE' }],
      rewrites: ['users'],
      scans: ['users'],
      flags: { locksTable: true, rewritesTable: true, scansTable: true },
    });
  });

  it('TRUNCATE: the table emptied is neither rewritten nor read in full', () => {
    const after = snapshot({
      relfilenodes: new Map([[USERS, 101]]),
      counters: new Map([[USERS, { seqScan: 1, rowsChanged: 0 }]]),
      locks: new Map([[USERS, new Set(['AccessExclusiveLock', 'ShareLock'])]]),
      lockTimeoutMs: 2000,
    });
    expect(observeStatement(statement, snapshot(), after, context([USERS]), true).flags).toEqual({
      locksTable: false,
      rewritesTable: false,
      scansTable: false,
    });
  });

  it('a brief write-blocking lock counts unless a bounded lock_timeout is in force', () => {
    const locked = { locks: new Map([[USERS, new Set(['AccessExclusiveLock'])]]) };
    expect(observeStatement(statement, snapshot(), snapshot(locked), context(), true).flags.locksTable).toBe(true);
    expect(observeStatement(statement, snapshot(), snapshot({ ...locked, lockTimeoutMs: 5000 }), context(), true).flags.locksTable).toBe(false);
    expect(observeStatement(statement, snapshot(), snapshot({ ...locked, lockTimeoutMs: 60_000 }), context(), true).flags.locksTable).toBe(true);
  });

  it('every row updated is a rewrite; outside a transaction locks are not observed', () => {
    const after = snapshot({ counters: new Map([[USERS, { seqScan: 1, rowsChanged: 1000 }]]) });
    expect(observeStatement(statement, snapshot(), after, context(), false)).toMatchObject({
      ran: 'outside-transaction',
      flags: { rewritesTable: true, scansTable: true },
    });
    expect(observeStatement(statement, snapshot(), after, context(), false).flags).not.toHaveProperty('locksTable');
  });

  it('a write-blocking lock an earlier statement took, still held while this one scans another table: locksTable, with where it was taken', () => {
    const EVENTS = 16390;
    const two = {
      tables: new Map([
        [USERS, 'users'],
        [EVENTS, 'events'],
      ]),
      rows: new Map([
        [USERS, 1000],
        [EVENTS, 1000],
      ]),
      emptied: new Set<number>(),
      lockTakenAt: () => 2,
    };
    const counters = (seq: number) =>
      new Map([
        [USERS, { seqScan: 0, rowsChanged: 0 }],
        [EVENTS, { seqScan: seq, rowsChanged: 0 }],
      ]);
    const held = new Map([[USERS, new Set(['AccessExclusiveLock'])]]);
    const before = snapshot({ counters: counters(0), locks: held, lockTimeoutMs: 5000 });
    const after = snapshot({ counters: counters(1), locks: new Map([...held, [EVENTS, new Set(['ShareUpdateExclusiveLock'])]]), lockTimeoutMs: 5000 });
    expect(observeStatement({ line: 3, sql: '…' }, before, after, two, true)).toMatchObject({
      heldLocks: [{ table: 'users', mode: 'ACCESS EXCLUSIVE', line: 2 }],
      scans: ['events'],
      flags: { locksTable: true, scansTable: true },
    });
    // Nothing read in full: the lock kept held is the earlier statement's brief one, judged there.
    const quiet = observeStatement({ line: 3, sql: '…' }, before, snapshot({ counters: counters(0), locks: held, lockTimeoutMs: 5000 }), two, true);
    expect(quiet).not.toHaveProperty('heldLocks');
    expect(quiet.flags.locksTable).toBe(false);
  });
});
