import { defineRule } from '../../../rules/define.js';
import { FILE_SET_CHECK } from './rule.js';

/** Reported by the stage's file-set diff of the migration folders, not by a statement check. */
export const rule = defineRule(
  {
    id: 'migration-extraction-failed',
    surface: 'migrations',
    level: 'advisory',
    summary: 'A migration file could not be read or analysed at all.',
    message: '{file}: not analysed — {reason}',
    why: 'Nothing about the file is known, so its heaviness is unknown on every flag and the release cannot be proven rolling-safe.',
    fix: 'Make {file} readable as a migration of its format (here: {reason}), or report the construct so it can be supported.',
    docs: 'docs/migration-rules.md',
    acceptable: false,
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ base: {}, head: { 'migrations/001_users.sql': null } }],
    quiet: [{ base: {}, head: { 'migrations/001_users.sql': 'CREATE TABLE users (id bigint);' } }],
  },
  FILE_SET_CHECK,
);
