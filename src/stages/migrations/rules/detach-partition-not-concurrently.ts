import { forOperations } from './rule.js';

/**
 * DETACH PARTITION takes ACCESS EXCLUSIVE on the partitioned table; CONCURRENTLY (PostgreSQL 14+)
 * does not. On an older target CONCURRENTLY fails, so nothing is proven.
 */
export const rule = forOperations(['detach-partition'], (operation, context) => {
  if (context.isNewTable(operation.table)) return undefined;
  if (operation.concurrent && context.postgresVersion < 14) {
    return {
      params: { table: operation.table, partition: `${operation.partition} CONCURRENTLY (not before PostgreSQL 14: the statement fails)` },
      flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
    };
  }
  return operation.concurrent ? undefined : { params: { table: operation.table, partition: operation.partition } };
});
