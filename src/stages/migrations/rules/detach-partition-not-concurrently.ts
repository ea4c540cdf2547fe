import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/**
 * DETACH PARTITION takes ACCESS EXCLUSIVE on the partitioned table; CONCURRENTLY (PostgreSQL 14+)
 * does not. On an older target CONCURRENTLY fails, so nothing is proven.
 */
export const rule = defineRule(
  {
    id: 'detach-partition-not-concurrently',
    surface: 'migrations',
    level: 'advisory',
    summary: 'DETACH PARTITION without CONCURRENTLY',
    message: 'DETACH PARTITION {partition} from {table} takes ACCESS EXCLUSIVE on the partitioned table',
    why: 'The lock covers the whole partitioned table; CONCURRENTLY (PostgreSQL 14+) needs only SHARE UPDATE EXCLUSIVE.',
    fix: 'ALTER TABLE {table} DETACH PARTITION {partition} CONCURRENTLY (PostgreSQL 14+), in {noTransaction}.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all; CONCURRENTLY from PostgreSQL 14' },
  },
  {
    flagged: [{ sql: 'ALTER TABLE measurements DETACH PARTITION measurements_2020' }],
    quiet: [{ sql: 'ALTER TABLE measurements DETACH PARTITION measurements_2020 CONCURRENTLY', inTransaction: false }],
  },
  forOperations(['detach-partition'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    if (operation.concurrent && context.postgresVersion < 14) {
      return {
        params: { table: operation.table, partition: `${operation.partition} CONCURRENTLY (not before PostgreSQL 14: the statement fails)` },
        flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
      };
    }
    return operation.concurrent ? undefined : { params: { table: operation.table, partition: operation.partition } };
  }),
);
