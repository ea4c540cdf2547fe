import type { Heaviness } from '../../../artifact/types.js';
import { defineRule } from '../../../rules/define.js';
import type { Finding } from '../../../rules/types.js';
import { OBSERVED_CHECK, type ObservedStatement } from './rule.js';

type Flag = keyof Heaviness;
const FLAGS: readonly Flag[] = ['locksTable', 'rewritesTable', 'scansTable'];

/**
 * Reported by the trace (src/trace/), not by a statement check: the statement ran in PostgreSQL
 * (PGlite) on the previous schema with seeded rows and did what a flag the static rules set to
 * `false` means. The trace wins: the flag becomes true, and this finding names the rule to fix.
 */
export const rule = defineRule(
  {
    id: 'observed-heavier-than-classified',
    surface: 'migrations',
    level: 'advisory',
    summary: 'The trace saw PostgreSQL lock, rewrite or scan a table where the static rules said it would not (the trace wins).',
    message: 'PostgreSQL {observed}: {flags} observed where the static classification said false ({rules})',
    why: 'PostgreSQL is the ground truth. Run on the previous schema with seeded rows (`--trace`), the statement did what the flag means, so the flag is true whatever the rules said: old instances would have waited on that table. The static rule that judged the statement is wrong for this case.',
    fix: '{remedy}. The static rules missed it: report the statement with this finding so the rule learns the case.',
    docs: 'docs/migration-rules.md',
    // It reports what the static rules could not see: accepting it would accept an unchecked model.
    acceptable: false,
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'what PGlite (the trace) runs' },
  },
  {
    flagged: [
      {
        // The ACCESS EXCLUSIVE the ADD COLUMN took on accounts is held until COMMIT: while VALIDATE reads all of events, accounts is locked.
        released:
          "CREATE TABLE accounts (id integer PRIMARY KEY, name text);\nCREATE TABLE events (id integer PRIMARY KEY, kind text);\nALTER TABLE events ADD CONSTRAINT events_kind_check CHECK (kind <> '') NOT VALID;",
        sql: "SET lock_timeout = '5s';\nALTER TABLE accounts ADD COLUMN last_event text;\nALTER TABLE events VALIDATE CONSTRAINT events_kind_check;",
        observed: [
          {
            line: 1,
            sql: "SET lock_timeout = '5s'",
            ran: 'transaction',
            locks: [],
            rewrites: [],
            scans: [],
            flags: { locksTable: false, rewritesTable: false, scansTable: false },
          },
          {
            line: 2,
            sql: 'ALTER TABLE accounts ADD COLUMN last_event text',
            ran: 'transaction',
            locks: [{ table: 'accounts', mode: 'ACCESS EXCLUSIVE' }],
            rewrites: [],
            scans: [],
            flags: { locksTable: false, rewritesTable: false, scansTable: false },
          },
          {
            line: 3,
            sql: 'ALTER TABLE events VALIDATE CONSTRAINT events_kind_check',
            ran: 'transaction',
            locks: [{ table: 'events', mode: 'SHARE UPDATE EXCLUSIVE' }],
            heldLocks: [{ table: 'accounts', mode: 'ACCESS EXCLUSIVE', line: 2 }],
            rewrites: [],
            scans: ['events'],
            flags: { locksTable: true, rewritesTable: false, scansTable: true },
          },
        ],
      },
    ],
    quiet: [
      {
        released: 'CREATE TABLE accounts (id integer PRIMARY KEY, name text);',
        sql: "SET lock_timeout = '5s';\nALTER TABLE accounts ADD COLUMN credits integer;",
        observed: [
          {
            line: 1,
            sql: "SET lock_timeout = '5s'",
            ran: 'transaction',
            locks: [],
            rewrites: [],
            scans: [],
            flags: { locksTable: false, rewritesTable: false, scansTable: false },
          },
          {
            line: 2,
            sql: 'ALTER TABLE accounts ADD COLUMN credits integer',
            ran: 'transaction',
            locks: [{ table: 'accounts', mode: 'ACCESS EXCLUSIVE' }],
            rewrites: [],
            scans: [],
            flags: { locksTable: false, rewritesTable: false, scansTable: false },
          },
        ],
      },
      {
        // Lighter than classified (a domain's base type is binary-coercible): the static `true` stands, no finding.
        released: 'CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0);\nCREATE TABLE accounts (id integer PRIMARY KEY, credits positive_int);',
        sql: "SET lock_timeout = '5s';\nALTER TABLE accounts ALTER COLUMN credits TYPE integer;",
        observed: [
          {
            line: 1,
            sql: "SET lock_timeout = '5s'",
            ran: 'transaction',
            locks: [],
            rewrites: [],
            scans: [],
            flags: { locksTable: false, rewritesTable: false, scansTable: false },
          },
          {
            line: 2,
            sql: 'ALTER TABLE accounts ALTER COLUMN credits TYPE integer',
            ran: 'transaction',
            locks: [{ table: 'accounts', mode: 'ACCESS EXCLUSIVE' }],
            rewrites: [],
            scans: [],
            flags: { locksTable: false, rewritesTable: false, scansTable: false },
          },
        ],
      },
    ],
  },
  OBSERVED_CHECK,
);

/** One flag one statement set in PostgreSQL where the static classification of its file said false. */
export interface Disagreement {
  flag: Flag;
  line: number;
  statement: string;
  /** Static rule ids reported on that statement (the rules to fix); empty when none matched it. */
  rules: string[];
  /** What PostgreSQL did, in words (`took ACCESS EXCLUSIVE on users`, `rewrote users`). */
  observed: string;
}

/** What the statement did that makes `flag` true, in words. */
export function describeObserved(statement: ObservedStatement, flag: Flag): string {
  if (flag === 'rewritesTable') return `rewrote ${statement.rewrites.join(', ')}`;
  if (flag === 'scansTable') return `scanned ${statement.scans.join(', ')}`;
  const held = (statement.heldLocks ?? []).map((lock) => `kept ${lock.mode} on ${lock.table} (taken at line ${lock.line}) held`);
  const taken = statement.locks.map((lock) => `took ${lock.mode} on ${lock.table}`);
  const locks = [...taken, ...held].join(', ');
  const work = [...statement.scans.map((table) => `scanned ${table}`), ...statement.rewrites.map((table) => `rewrote ${table}`)].join(', ');
  if (locks === '') return `held a write-blocking lock while it ${work}`;
  return held.length > 0 ? `${locks} while it ${work}` : locks;
}

/**
 * Every flag a statement set in PostgreSQL where the file's static flag is `false` (pure). A static
 * `unknown` settled by the trace, or a static `true` PostgreSQL did not show, is no disagreement.
 */
export function findDisagreements(staticFlags: Heaviness, staticFindings: readonly Finding[], statements: readonly ObservedStatement[]): Disagreement[] {
  const found: Disagreement[] = [];
  for (const flag of FLAGS) {
    if (staticFlags[flag] !== false) continue;
    for (const statement of statements.filter((candidate) => candidate.flags[flag] === true)) {
      const rules = [...new Set(staticFindings.filter((finding) => finding.evidence.line === statement.line).map((finding) => finding.rule))].sort();
      const text = statement.sql.length > 200 ? `${statement.sql.slice(0, 199)}…` : statement.sql;
      found.push({ flag, line: statement.line, statement: text, rules, observed: describeObserved(statement, flag) });
    }
  }
  return found.sort((a, b) => a.line - b.line || FLAGS.indexOf(a.flag) - FLAGS.indexOf(b.flag));
}

const REMEDY: Readonly<Record<Flag, string>> = {
  rewritesTable:
    "make the change keep the table's storage (a plain column type or a constraint added NOT VALID and validated separately instead of a rewrite, a type change in steps: new column, batched backfill, swap) or ship the release as a Recreate",
  scansTable:
    'spare PostgreSQL the full read under a lock (CREATE INDEX CONCURRENTLY, a constraint added NOT VALID then VALIDATEd, a batched backfill) or ship the release as a Recreate',
  locksTable:
    'keep write-blocking locks short and bounded (SET lock_timeout, one heavy statement per transaction, long work outside the transaction that holds the lock) or ship the release as a Recreate',
};

/** One finding per statement, naming every flag it set against the static classification. */
export function disagreementFindings(file: string, disagreements: readonly Disagreement[]): Finding[] {
  const byLine = new Map<number, Disagreement[]>();
  for (const disagreement of disagreements) byLine.set(disagreement.line, [...(byLine.get(disagreement.line) ?? []), disagreement]);
  return [...byLine.values()].map((group) => {
    const first = group[0]!;
    const observed = [...new Set(group.map((entry) => entry.observed))].join('; ');
    const flags = group.map((entry) => entry.flag);
    // The most specific remedy: a rewrite explains the scan and the lock, a scan the lock.
    const remedy = REMEDY[flags.includes('rewritesTable') ? 'rewritesTable' : flags.includes('scansTable') ? 'scansTable' : 'locksTable'];
    const rules = first.rules.length === 0 ? 'no static rule matched the statement' : `static rule(s) on the statement: ${first.rules.join(', ')}`;
    return {
      rule: rule.meta.id,
      params: { flags: flags.join(', '), observed, rules, remedy },
      evidence: { file, line: first.line, statement: first.statement },
    };
  });
}
