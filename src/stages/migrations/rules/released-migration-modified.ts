import { defineRule } from '../../../rules/define.js';
import { FILE_SET_CHECK } from './rule.js';

/** Reported by the stage's file-set diff of the migration folders, not by a statement check. */
export const rule = defineRule(
  {
    id: 'released-migration-modified',
    surface: 'migrations',
    level: 'breaking',
    summary: 'A migration that was already released was edited.',
    message: '{file}: released migration edited ({change}) — databases that already ran it will not run it again',
    why: 'The migration runner records migrations by name and never re-runs one. Databases upgraded from an earlier release keep the old version of the schema while fresh installs get the new one, and the new code may depend on the difference. Ship the change as a new migration.',
    fix: 'Restore {file} as released and ship the change as a new migration after it.',
    docs: 'docs/migration-rules.md',
    acceptable: false,
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [
      {
        base: { 'migrations/001_users.sql': 'CREATE TABLE users (id bigint);' },
        head: { 'migrations/001_users.sql': 'CREATE TABLE users (id bigint, email text);' },
      },
    ],
    quiet: [
      {
        base: { 'migrations/001_users.sql': 'CREATE TABLE users (id bigint);' },
        head: { 'migrations/001_users.sql': 'CREATE TABLE users (id bigint);', 'migrations/002_email.sql': 'ALTER TABLE users ADD COLUMN email text;' },
      },
    ],
  },
  FILE_SET_CHECK,
);
