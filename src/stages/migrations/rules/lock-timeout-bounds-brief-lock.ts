import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** With a lock_timeout set first, the brief lock gives up instead of queueing: not counted as locksTable. */
export const rule = defineRule(
  {
    id: 'lock-timeout-bounds-brief-lock',
    surface: 'migrations',
    level: 'info',
    summary: 'Brief lock bounded by lock_timeout',
    message: '{lock} on {table} is catalog-only and bounded by the lock_timeout set earlier',
    why: 'A brief lock with a lock_timeout gives up instead of queueing, so it is not counted as locking the table.',
    fix: 'Nothing to change: the lock_timeout set earlier bounds the {lock} on {table}; retry the migration if it times out.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN nickname text" }],
    quiet: [{ sql: 'ALTER TABLE users ADD COLUMN nickname text' }],
  },
  forOperations(['brief-lock'], (operation, context) =>
    context.lockTimeoutSet ? { params: { table: operation.table, lock: operation.lock }, flags: { locksTable: false } } : undefined,
  ),
);
