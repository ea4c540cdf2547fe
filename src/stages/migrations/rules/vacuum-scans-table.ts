import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** Plain VACUUM reads the table (SHARE UPDATE EXCLUSIVE: reads and writes continue). */
export const rule = defineRule(
  {
    id: 'vacuum-scans-table',
    surface: 'migrations',
    level: 'info',
    summary: 'Plain VACUUM',
    message: 'VACUUM {table} reads the table (reads and writes continue)',
    why: 'Plain VACUUM scans the table under SHARE UPDATE EXCLUSIVE; it cannot run inside a transaction.',
    fix: 'Nothing to change: leave vacuuming {table} to autovacuum, or run it outside the migration.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'SHARE UPDATE EXCLUSIVE', rewrites: false, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: 'VACUUM ANALYZE events', inTransaction: false }],
    quiet: [{ sql: 'ANALYZE events' }],
  },
  forOperations(['vacuum'], (operation, context) =>
    operation.full || context.isNewTable(operation.table) ? undefined : { params: { table: operation.table } },
  ),
);
