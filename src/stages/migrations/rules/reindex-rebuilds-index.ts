import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/**
 * REINDEX rebuilds from a full scan; without CONCURRENTLY it blocks writes meanwhile.
 * CONCURRENTLY exists from PostgreSQL 12: on an older target the statement fails, so nothing is proven.
 */
export const rule = defineRule(
  {
    id: 'reindex-rebuilds-index',
    surface: 'migrations',
    level: 'advisory',
    summary: 'REINDEX',
    message: 'REINDEX {target} rebuilds from a full scan, {mode}',
    why: 'Rebuilding reads the table and writes new index storage; without CONCURRENTLY writes wait.',
    fix: 'REINDEX … CONCURRENTLY {target} (PostgreSQL 12+), in {noTransaction}.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'SHARE', rewrites: true, scans: true, versions: 'all; CONCURRENTLY from PostgreSQL 12' },
  },
  {
    flagged: [{ sql: 'REINDEX TABLE events' }],
    quiet: [{ sql: 'CREATE TABLE t (a int);\nREINDEX TABLE t' }],
  },
  forOperations(['reindex'], (operation, context) => {
    if (operation.table !== undefined && context.isNewTable(operation.table)) return undefined;
    if (operation.concurrent && context.postgresVersion < 12) {
      return {
        params: { target: operation.target, mode: `CONCURRENTLY, which PostgreSQL ${context.postgresVersion} does not have (the statement fails)` },
        flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
      };
    }
    return {
      params: { target: operation.target, mode: operation.concurrent ? 'CONCURRENTLY' : 'blocking writes (SHARE)' },
      flags: { locksTable: !operation.concurrent, rewritesTable: true, scansTable: true },
    };
  }),
);
