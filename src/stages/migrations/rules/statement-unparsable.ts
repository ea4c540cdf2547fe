import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** Text the PostgreSQL grammar rejects: nothing about it can be proven. */
export const rule = defineRule(
  {
    id: 'statement-unparsable',
    surface: 'migrations',
    level: 'advisory',
    summary: 'SQL the PostgreSQL grammar rejects',
    message: 'SQL does not parse: {message}',
    why: 'Text that does not parse cannot be judged; every flag is unknown.',
    fix: "Fix the SQL so PostgreSQL's grammar accepts it ({message}).",
    docs: 'docs/migration-rules.md',
    acceptable: false,
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: 'ALTER TABLE users ADD COLUMN;' }],
    quiet: [{ sql: 'SELECT 1' }],
  },
  forOperations(['unparsable'], (operation) => ({
    params: { message: operation.message },
    flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
  })),
);
