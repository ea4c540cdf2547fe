import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** A function not created in this migration and not a known built-in may do anything. */
export const rule = defineRule(
  {
    id: 'function-call-unresolved',
    surface: 'migrations',
    level: 'advisory',
    summary: 'Call of a function not defined in the migration',
    message: '{function}() is not defined in this migration nor a known built-in: its effect is unknown',
    why: 'A function may run any SQL; without its body every flag is unknown.',
    fix: 'Define {function}() in the same migration, or inline its statements, so its effect can be judged.',
    docs: 'docs/migration-rules.md',
    acceptable: false,
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: 'SELECT refresh_everything()' }],
    quiet: [{ sql: 'SELECT pg_advisory_xact_lock(42)' }],
  },
  forOperations(['function-call'], (operation) => ({
    params: { function: operation.function },
    flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
  })),
);
