/**
 * From two catalog snapshots around one statement to what it did (pure). The PGlite edge
 * (database.ts) takes the snapshots; this decides what counts as a lock, a rewrite and a scan,
 * with the definitions the static rules use (docs/migration-rules.md, migration-facts.md):
 *
 * - rewritesTable: a table that existed before the migration got a new relfilenode and still has
 *   rows (TRUNCATE also gets one, but empties the table), or every one of its rows was updated/deleted;
 * - scansTable: a sequential scan of such a table started (`pg_stat_*_user_tables.seq_scan`), unless
 *   the statement emptied it (TRUNCATE rebuilds its indexes over the empty heap);
 * - locksTable: a write-blocking lock (SHARE or stronger) is held on a table the statement scanned or
 *   rewrote, or was newly taken without a bounded lock_timeout (a brief lock that can queue), or was
 *   taken on a table by an earlier statement of the transaction and is still held while this one
 *   scans or rewrites another table (`heldLocks`: writes to the first wait for the whole of it).
 */
import { LOCK_TIMEOUT_CEILING_MS } from '../stages/migrations/migration-state.js';
import { blocksWrites, lockRank, type LockMode } from '../stages/migrations/rules/rule.js';
import type { StatementObservation } from './types.js';

/** `pg_locks.mode` → the lock names of the rule catalogue (ROW SHARE has no entry there: it blocks nothing either). */
const LOCK_NAMES: Readonly<Record<string, LockMode>> = {
  AccessShareLock: 'ACCESS SHARE',
  RowShareLock: 'ACCESS SHARE',
  RowExclusiveLock: 'ROW EXCLUSIVE',
  ShareUpdateExclusiveLock: 'SHARE UPDATE EXCLUSIVE',
  ShareLock: 'SHARE',
  ShareRowExclusiveLock: 'SHARE ROW EXCLUSIVE',
  ExclusiveLock: 'EXCLUSIVE',
  AccessExclusiveLock: 'ACCESS EXCLUSIVE',
};

export function lockName(mode: string): LockMode {
  // An unknown mode name is taken as the strongest: never lighter than proven.
  return LOCK_NAMES[mode] ?? 'ACCESS EXCLUSIVE';
}

export interface TableCounters {
  seqScan: number;
  /** Rows updated + deleted. */
  rowsChanged: number;
}

/** What the catalog says at one moment, for the tables that existed before the migration (by oid). */
export interface Snapshot {
  relfilenodes: ReadonlyMap<number, number>;
  counters: ReadonlyMap<number, TableCounters>;
  /** Lock modes held by this session (`pg_locks.mode` names). */
  locks: ReadonlyMap<number, ReadonlySet<string>>;
  /** `lock_timeout` in milliseconds (0: none). */
  lockTimeoutMs: number;
}

export interface ObservationContext {
  /** Tables that existed before the migration: oid → name for the report. */
  tables: ReadonlyMap<number, string>;
  /** Rows each table held before the migration (after seeding). */
  rows: ReadonlyMap<number, number>;
  /** Tables with a new relfilenode that hold no row after the statement (TRUNCATE, not a rewrite). */
  emptied: ReadonlySet<number>;
  /** Line of the earlier statement of the migration that took `mode` on the table, when known. */
  lockTakenAt?: (oid: number, mode: LockMode) => number | undefined;
}

/** Tables whose relfilenode differs between two snapshots (candidates for `emptied`). */
export function newRelfilenodes(before: Snapshot, after: Snapshot): number[] {
  return [...before.relfilenodes].filter(([oid, node]) => after.relfilenodes.has(oid) && after.relfilenodes.get(oid) !== node).map(([oid]) => oid);
}

function bounded(lockTimeoutMs: number): boolean {
  return lockTimeoutMs > 0 && lockTimeoutMs <= LOCK_TIMEOUT_CEILING_MS;
}

/**
 * What one statement did. `inTransaction` false: the statement ran on its own (CREATE INDEX
 * CONCURRENTLY), so its locks had ended before the second snapshot and locksTable is not observed.
 */
export function observeStatement(
  statement: { line: number; sql: string },
  before: Snapshot,
  after: Snapshot,
  context: ObservationContext,
  inTransaction: boolean,
): StatementObservation {
  const name = (oid: number) => context.tables.get(oid) ?? String(oid);
  // A populated table the statement emptied (TRUNCATE): its new relfilenode and the index rebuild's
  // scan of the empty heap are not a rewrite or a full read.
  const truncated = (oid: number) => context.emptied.has(oid) && (context.rows.get(oid) ?? 0) > 0;
  const rewritten = new Set<number>();
  for (const oid of newRelfilenodes(before, after)) {
    if (!truncated(oid)) rewritten.add(oid);
  }
  const scanned = new Set<number>();
  for (const [oid, counters] of after.counters) {
    const earlier = before.counters.get(oid) ?? { seqScan: 0, rowsChanged: 0 };
    if (counters.seqScan > earlier.seqScan && !truncated(oid)) scanned.add(oid);
    const rows = context.rows.get(oid) ?? 0;
    if (rows > 0 && counters.rowsChanged - earlier.rowsChanged >= rows) rewritten.add(oid);
  }
  const locks: Array<{ table: string; mode: LockMode }> = [];
  const heldLocks: Array<{ table: string; mode: LockMode; line: number }> = [];
  let locksTable = false;
  if (inTransaction) {
    for (const [oid, modes] of after.locks) {
      if (!context.tables.has(oid)) continue;
      const held = before.locks.get(oid) ?? new Set<string>();
      const fresh = [...modes].filter((mode) => !held.has(mode)).map(lockName);
      for (const mode of fresh) locks.push({ table: name(oid), mode });
      const blocking = [...modes].map(lockName).some(blocksWrites);
      if (blocking && (scanned.has(oid) || rewritten.has(oid))) locksTable = true;
      if (fresh.some(blocksWrites) && !bounded(after.lockTimeoutMs)) locksTable = true;
      // A write-blocking lock an earlier statement took stays held until COMMIT: while this statement
      // reads or rewrites another table in full, writes to this one wait for all of it.
      const kept = [...held]
        .map(lockName)
        .filter(blocksWrites)
        .sort((a, b) => lockRank(b) - lockRank(a))[0];
      const elsewhere = [...scanned, ...rewritten].some((other) => other !== oid);
      if (kept !== undefined && elsewhere && !scanned.has(oid) && !rewritten.has(oid)) {
        heldLocks.push({ table: name(oid), mode: kept, line: context.lockTakenAt?.(oid, kept) ?? 0 });
        locksTable = true;
      }
    }
  }
  const label = (oids: Set<number>) => [...oids].map(name).sort();
  return {
    line: statement.line,
    sql: statement.sql,
    ran: inTransaction ? 'transaction' : 'outside-transaction',
    locks: locks.sort((a, b) => a.table.localeCompare(b.table) || a.mode.localeCompare(b.mode)),
    ...(heldLocks.length > 0 ? { heldLocks: heldLocks.sort((a, b) => a.table.localeCompare(b.table)) } : {}),
    rewrites: label(rewritten),
    scans: label(scanned),
    flags: { ...(inTransaction ? { locksTable } : {}), rewritesTable: rewritten.size > 0, scansTable: scanned.size > 0 },
  };
}
