import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/**
 * REFRESH MATERIALIZED VIEW recomputes and rewrites the view: ACCESS EXCLUSIVE (reads blocked),
 * or EXCLUSIVE with CONCURRENTLY (reads continue, but it is still a full recompute).
 */
export const rule = defineRule(
  {
    id: 'materialized-view-refresh-rewrites',
    surface: 'migrations',
    level: 'advisory',
    summary: 'REFRESH MATERIALIZED VIEW',
    message: 'REFRESH MATERIALIZED VIEW {view} recomputes and rewrites it under {lock}',
    why: "The query behind the view runs in full and the view's storage is replaced.",
    fix: 'REFRESH MATERIALIZED VIEW CONCURRENTLY {view} (it needs a unique index), outside the migration.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: true, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: 'REFRESH MATERIALIZED VIEW daily_stats' }],
    quiet: [{ sql: 'CREATE MATERIALIZED VIEW daily_stats AS SELECT 1 AS one WITH NO DATA;\nREFRESH MATERIALIZED VIEW daily_stats' }],
  },
  forOperations(['refresh-materialized-view'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    return { params: { view: operation.table, lock: operation.concurrent ? 'EXCLUSIVE (CONCURRENTLY)' : 'ACCESS EXCLUSIVE' } };
  }),
);
