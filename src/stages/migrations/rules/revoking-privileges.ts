import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** Old instances still use the privilege (or role membership) the migration takes away. */
export const rule = defineRule(
  {
    id: 'revoking-privileges',
    surface: 'migrations',
    level: 'breaking',
    summary: 'REVOKE',
    message: 'REVOKE {what}: old code may still need it',
    why: 'Old instances keep running the queries that need the privilege (or the role membership) and fail with "permission denied".',
    fix: 'Stop using what REVOKE {what} takes away in this release; revoke it in a later release, once no supported previous version needs it.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: 'REVOKE SELECT, UPDATE ON users FROM app_reader' }],
    quiet: [{ sql: 'GRANT SELECT ON users TO app_reader' }],
  },
  forOperations(['revoke'], (operation, context) =>
    operation.tables.length > 0 && operation.tables.every((table) => context.isNewTable(table)) ? undefined : { params: { what: operation.what } },
  ),
);
