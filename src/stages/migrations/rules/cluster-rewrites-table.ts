import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** CLUSTER rewrites the table in index order under ACCESS EXCLUSIVE. */
export const rule = defineRule(
  {
    id: 'cluster-rewrites-table',
    surface: 'migrations',
    level: 'advisory',
    summary: 'CLUSTER',
    message: 'CLUSTER {table} rewrites the table under ACCESS EXCLUSIVE',
    why: 'The whole table is copied in index order while reads and writes are blocked.',
    fix: 'Reorder {table} with pg_repack outside the migration instead of CLUSTER.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: true, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: 'CLUSTER events USING events_pkey' }],
    quiet: [{ sql: 'CLUSTER events USING events_pkey', newTables: ['events'] }],
  },
  forOperations(['cluster'], (operation, context) => (context.isNewTable(operation.table) ? undefined : { params: { table: operation.table } })),
);
