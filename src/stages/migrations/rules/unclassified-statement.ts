import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** A statement kind the rule table does not know: fail closed. */
export const rule = defineRule(
  {
    id: 'unclassified-statement',
    surface: 'migrations',
    level: 'advisory',
    summary: 'Statement kind not in the rule table',
    message: '{statement} is not classified: its effect on tables is unknown',
    why: 'Only proven safety counts; a statement we cannot judge makes every flag unknown.',
    fix: "Split {statement} into statements the rule table knows, or report it so a rule can be added; until then the migration's heaviness is unknown.",
    docs: 'docs/migration-rules.md',
    acceptable: false,
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: 'LOCK TABLE users IN ACCESS EXCLUSIVE MODE' }],
    quiet: [
      {
        sql: 'ALTER VIEW v OWNER TO app;\nALTER VIEW v ALTER COLUMN one SET DEFAULT 1;\nALTER SEQUENCE s OWNER TO app;\nALTER INDEX users_email_idx SET (fillfactor = 90);\nDROP TYPE IF EXISTS old_mood;\nDROP VIEW v',
      },
    ],
  },
  forOperations(['unclassified'], (operation) => ({
    params: { statement: operation.statement },
    flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
  })),
);
