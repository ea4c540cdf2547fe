import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** With row level security on, old code's role sees only the rows a policy allows (none without one). */
export const rule = defineRule(
  {
    id: 'enabling-row-level-security',
    surface: 'migrations',
    level: 'breaking',
    summary: 'ENABLE / FORCE ROW LEVEL SECURITY on an existing table',
    message: "{clause} ROW LEVEL SECURITY on {table}: old code's queries see only the rows a policy allows",
    why: 'With row level security on, a role that is not exempt sees and changes only rows a policy allows (none without a policy); FORCE applies it to the table owner too.',
    fix: "First create permissive policies on {table} that keep old code's access (CREATE POLICY … FOR ALL TO its role USING (true)); {clause} ROW LEVEL SECURITY on {table} in a later release.",
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE documents ENABLE ROW LEVEL SECURITY" }],
    quiet: [{ sql: 'CREATE TABLE notes (id int);\nALTER TABLE notes ENABLE ROW LEVEL SECURITY' }],
  },
  forOperations(['enable-row-security'], (operation, context) =>
    context.isNewTable(operation.table) ? undefined : { params: { table: operation.table, clause: operation.force ? 'FORCE' : 'ENABLE' } },
  ),
);
