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
export const rule = forOperations(['create-index', 'drop-index', 'reindex', 'detach-partition'], (operation, context) => {
  const concurrent = operation.kind === 'create-index' ? operation.index.concurrent === true : operation.concurrent;
  if (!concurrent || !context.inTransaction) return undefined;
  return {
    params: { statement: STATEMENT[operation.kind] },
    flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
  };
});
