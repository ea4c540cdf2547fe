import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

const STATEMENT = {
  'create-index': 'CREATE INDEX CONCURRENTLY',
  'drop-index': 'DROP INDEX CONCURRENTLY',
  reindex: 'REINDEX CONCURRENTLY',
  'detach-partition': 'DETACH PARTITION CONCURRENTLY',
} as const;

/**
 * CONCURRENTLY cannot run inside a transaction block: the migration fails. What then happens
 * (rollback, partial state with knex) is not something we can prove, so the flags are unknown.
 */
export const rule = defineRule(
  {
    id: 'ban-concurrent-index-creation-in-transaction',
    surface: 'migrations',
    level: 'advisory',
    summary: 'CONCURRENTLY inside a transaction block',
    message: '{statement} cannot run inside a transaction: the migration fails',
    why: "PostgreSQL refuses CONCURRENTLY in a transaction block; the release's migration fails at start-up and its effects cannot be proven.",
    fix: 'Move {statement} into {noTransaction}.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: 'CREATE INDEX CONCURRENTLY users_email_idx ON users (email)' }],
    quiet: [{ sql: 'DROP INDEX CONCURRENTLY users_email_idx', inTransaction: false }],
  },
  forOperations(['create-index', 'drop-index', 'reindex', 'detach-partition'], (operation, context) => {
    const concurrent = operation.kind === 'create-index' ? operation.index.concurrent === true : operation.concurrent;
    if (!concurrent || !context.inTransaction) return undefined;
    return {
      params: { statement: STATEMENT[operation.kind] },
      flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
    };
  }),
);
