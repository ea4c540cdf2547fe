import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** SET LOGGED / SET UNLOGGED rewrites the table under ACCESS EXCLUSIVE. */
export const rule = defineRule(
  {
    id: 'set-logged-rewrites-table',
    surface: 'migrations',
    level: 'advisory',
    summary: 'SET LOGGED / SET UNLOGGED',
    message: 'SET {mode} on {table} rewrites the table under ACCESS EXCLUSIVE',
    why: 'The whole table is copied while reads and writes are blocked.',
    fix: 'Create {table} with the persistence it needs from the start instead of SET {mode}.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: true, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: 'ALTER TABLE events SET UNLOGGED' }],
    quiet: [{ sql: 'ALTER TABLE events SET LOGGED', newTables: ['events'] }],
  },
  forOperations(['set-logged'], (operation, context) =>
    context.isNewTable(operation.table) ? undefined : { params: { table: operation.table, mode: operation.logged ? 'LOGGED' : 'UNLOGGED' } },
  ),
);
