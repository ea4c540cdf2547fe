import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** Old instances keep querying the view (or its column) by the old name. */
export const rule = defineRule(
  {
    id: 'renaming-view',
    surface: 'migrations',
    level: 'breaking',
    summary: 'ALTER VIEW … RENAME (the view or a column)',
    message: 'RENAME {what} to {newName}: old code still uses the old name',
    why: 'Old instances keep querying the old name and fail.',
    fix: 'Keep {what} and add {newName} beside it (a second view, or CREATE OR REPLACE VIEW selecting the column under both names); move the code to {newName}, then drop the old name in a later release.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER VIEW active_users RENAME TO enabled_users" }],
    quiet: [{ sql: 'CREATE VIEW v AS SELECT 1 AS one;\nALTER VIEW v RENAME TO w' }],
  },
  forOperations(['rename-view'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    const what = operation.column === undefined ? `view ${operation.table}` : `column ${operation.table}.${operation.column}`;
    return { params: { what, newName: operation.newName } };
  }),
);
