import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** Old instances still query the dropped table. */
export const rule = defineRule(
  {
    id: 'ban-drop-table',
    surface: 'migrations',
    level: 'breaking',
    summary: 'DROP TABLE',
    message: 'DROP TABLE {table}: old code still uses it',
    why: 'Old instances query the table and fail.',
    fix: 'Stop using {table} in this release; DROP TABLE {table} in a later release, once no supported previous version uses it.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nDROP TABLE IF EXISTS legacy_events, audit.old_log CASCADE" }],
    quiet: [{ sql: "CREATE TABLE tmp (a int);\nDROP TABLE tmp" }],
  },
  forOperations(['drop-table'], (operation, context) =>
  context.isNewTable(operation.table) ? undefined : { params: { table: operation.table } },
),
);
