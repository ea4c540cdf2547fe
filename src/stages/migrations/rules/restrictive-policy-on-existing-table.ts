import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/**
 * A RESTRICTIVE policy is ANDed with the table's permissive policies: on a table with row level
 * security on, every role it applies to sees and changes only the rows its expressions allow. Old
 * instances still running during a rolling update do not know the condition (the tenant setting or
 * the column it reads): their reads may return fewer rows and their writes fail WITH CHECK. The
 * statement itself is catalog-only (a brief ACCESS EXCLUSIVE lock, judged by the lock rules). Whether
 * row level security is on for the table is not known from the migration alone: judged as if it is.
 * On a table created earlier in the release old code has no queries to narrow.
 */
export const rule = defineRule(
  {
    id: 'restrictive-policy-on-existing-table',
    surface: 'migrations',
    level: 'breaking',
    summary: 'CREATE POLICY … AS RESTRICTIVE on an existing table',
    message: "restrictive policy {policy} on {table}: old code's queries on {table} see and change only the rows it allows",
    why: 'A restrictive policy is ANDed with every permissive one: with row level security on, rows that fail its USING expression disappear from reads, updates and deletes, and writes that fail its WITH CHECK expression error. Old instances do not meet a condition they do not know.',
    fix: 'Ship the code that satisfies {policy} (sets what its expressions read) in one release, and create the restrictive policy on {table} in a later one.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: '10 and later (AS RESTRICTIVE does not exist before)' },
  },
  {
    flagged: [
      { sql: "SET lock_timeout = '5s';\nCREATE POLICY tenant_isolation ON documents AS RESTRICTIVE USING (tenant_id = current_setting('app.tenant')::uuid)" },
    ],
    quiet: [
      {
        sql: "CREATE TABLE notes (id int, tenant_id uuid);\nCREATE POLICY tenant_isolation ON notes AS RESTRICTIVE USING (tenant_id = current_setting('app.tenant')::uuid)",
      },
    ],
  },
  forOperations(['create-restrictive-policy'], (operation, context) =>
    context.isNewTable(operation.table) ? undefined : { params: { table: operation.table, policy: operation.policy } },
  ),
);
