import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** VACUUM FULL copies the whole table under ACCESS EXCLUSIVE. */
export const rule = defineRule(
  {
    id: 'vacuum-full-rewrites-table',
    surface: 'migrations',
    level: 'advisory',
    summary: 'VACUUM FULL',
    message: 'VACUUM FULL {table} rewrites the table under ACCESS EXCLUSIVE',
    why: 'The whole table is copied while reads and writes are blocked.',
    fix: 'Use plain VACUUM {table} (no rewrite), or pg_repack outside the migration.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: true, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: 'VACUUM FULL events', inTransaction: false }],
    quiet: [{ sql: 'VACUUM events', inTransaction: false }],
  },
  forOperations(['vacuum'], (operation, context) =>
    !operation.full || context.isNewTable(operation.table) ? undefined : { params: { table: operation.table } },
  ),
);
