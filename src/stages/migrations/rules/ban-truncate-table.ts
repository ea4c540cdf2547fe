import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** TRUNCATE empties a table old instances are serving from (and takes ACCESS EXCLUSIVE on it). */
export const rule = defineRule(
  {
    id: 'ban-truncate-table',
    surface: 'migrations',
    level: 'breaking',
    summary: 'TRUNCATE',
    message: 'TRUNCATE {table}: old code loses the rows it serves',
    why: 'TRUNCATE empties the table under ACCESS EXCLUSIVE while old instances are serving from it.',
    fix: 'Delete from {table} in batches, in a release whose code no longer needs the rows.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nTRUNCATE audit_log" }],
    quiet: [{ sql: 'CREATE TABLE tmp (a int);\nTRUNCATE tmp' }],
  },
  forOperations(['truncate'], (operation, context) => (context.isNewTable(operation.table) ? undefined : { params: { table: operation.table } })),
);
