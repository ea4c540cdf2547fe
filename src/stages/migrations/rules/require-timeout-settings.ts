import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/**
 * A brief, catalog-only lock that blocks writes still waits behind every running query on the table,
 * and every later query queues behind it. Without a lock_timeout that wait is unbounded: locksTable.
 */
export const rule = defineRule(
  {
    id: 'require-timeout-settings',
    surface: 'migrations',
    level: 'advisory',
    summary: 'Write-blocking lock without lock_timeout',
    message: '{lock} on {table} without a lock_timeout: it can queue behind long queries and block every query behind it',
    why: 'Even a catalog-only lock waits for running transactions on the table; while it waits, every new query on the table queues behind it.',
    fix: "SET lock_timeout = '5s' at the start of the migration (before the statement that takes {lock} on {table}), and retry the migration on timeout.",
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "ALTER TABLE users ALTER COLUMN plan SET DEFAULT 'free'" }],
    quiet: [{ sql: "SET LOCAL lock_timeout = '3s';\nALTER TABLE users ALTER COLUMN plan DROP DEFAULT" }],
  },
  forOperations(['brief-lock'], (operation, context) =>
    context.lockTimeoutSet ? undefined : { params: { table: operation.table, lock: operation.lock }, flags: { locksTable: true } },
  ),
);
