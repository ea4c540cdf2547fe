import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** EXECUTE of a string built at run time: what it does depends on data. */
export const rule = defineRule(
  {
    id: 'dynamic-sql-unresolved',
    surface: 'migrations',
    level: 'advisory',
    summary: 'EXECUTE of SQL built at run time',
    message: 'dynamic SQL cannot be resolved statically: {reason}',
    why: 'What a dynamic statement does depends on data at run time; every flag is unknown.',
    fix: 'Write the statement statically instead of building it at run time ({reason}).',
    docs: 'docs/migration-rules.md',
    acceptable: false,
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "DO $$\nBEGIN\n  EXECUTE format('ALTER TABLE %I ADD COLUMN x int', 'users');\nEND $$" }],
    quiet: [{ sql: "DO $$\nBEGIN\n  EXECUTE 'CREATE INDEX users_email_idx ON users (email)';\nEND $$" }],
  },
  forOperations(['dynamic-sql'], (operation) => ({
    params: { reason: operation.reason },
    flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
  })),
);
