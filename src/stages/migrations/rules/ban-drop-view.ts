import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** Old instances still query the dropped view. */
export const rule = defineRule(
  {
    id: 'ban-drop-view',
    surface: 'migrations',
    level: 'breaking',
    summary: 'DROP VIEW / DROP MATERIALIZED VIEW',
    message: 'DROP {kind} {view}: old code still queries it',
    why: 'Old instances select from the view and fail.',
    fix: 'Stop querying {view} in this release; DROP {kind} {view} in a later release, once no supported previous version queries it.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nDROP VIEW IF EXISTS active_users" }],
    quiet: [{ sql: 'CREATE VIEW tmp_v AS SELECT 1 AS one;\nDROP VIEW tmp_v' }],
  },
  forOperations(['drop-view'], (operation, context) =>
    context.isNewTable(operation.table) ? undefined : { params: { view: operation.table, kind: operation.materialized ? 'MATERIALIZED VIEW' : 'VIEW' } },
  ),
);
