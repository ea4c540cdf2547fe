import { defineRule } from '../../../rules/define.js';
import { FILE_SET_CHECK } from './rule.js';

/** Reported by the stage's file-set diff of the migration folders, not by a statement check. */
export const rule = defineRule(
  {
    id: 'released-migration-deleted',
    surface: 'migrations',
    level: 'breaking',
    summary: 'A migration that was already released was deleted or renamed.',
    message: '{file}: released migration deleted — databases that ran it record a migration the new release no longer has',
    why: 'knex refuses to migrate when a migration recorded in its table is missing from the folder ("migration directory is corrupt"), so the new version cannot start on upgraded databases; a rename is a delete plus an add, and the added copy runs again.',
    fix: 'Keep {file} in the folder under its released name; to undo what it did, add a new migration.',
    docs: 'docs/migration-rules.md',
    acceptable: false,
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ base: { 'migrations/001_users.sql': 'CREATE TABLE users (id bigint);' }, head: {} }],
    quiet: [
      { base: { 'migrations/001_users.sql': 'CREATE TABLE users (id bigint);' }, head: { 'migrations/001_users.sql': 'CREATE TABLE users (id bigint);' } },
    ],
  },
  FILE_SET_CHECK,
);
