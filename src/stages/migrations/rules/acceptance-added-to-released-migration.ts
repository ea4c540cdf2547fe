import { defineRule } from '../../../rules/define.js';
import { FILE_SET_CHECK } from './rule.js';

/** Reported by the stage's file-set diff: a released migration gained an `@release-safety accept` comment. */
export const rule = defineRule(
  {
    id: 'acceptance-added-to-released-migration',
    surface: 'migrations',
    level: 'advisory',
    summary: 'A released migration gained an acknowledgement after its release.',
    message: '{file}: acknowledgement added after release ({rules})',
    why: 'An acknowledgement belongs to the release that ships the migration; written later, it cannot change what that release was judged on, and it reads as if the finding had been accepted from the start.',
    fix: 'Leave {file} as released: acknowledge findings in the release that adds the migration, or set the rule in the config with a reason.',
    docs: 'docs/migration-rules.md',
    acceptable: false,
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [
      {
        base: { 'migrations/001_users.sql': 'CREATE INDEX users_email_idx ON users (email);\n' },
        head: {
          'migrations/001_users.sql':
            '-- @release-safety accept require-concurrent-index-creation: users holds a few hundred rows\nCREATE INDEX users_email_idx ON users (email);\n',
        },
      },
    ],
    quiet: [
      {
        base: { 'migrations/001_users.sql': 'CREATE INDEX users_email_idx ON users (email);\n' },
        head: { 'migrations/001_users.sql': '-- builds the lookup index\nCREATE INDEX users_email_idx ON users (email);\n' },
      },
    ],
  },
  FILE_SET_CHECK,
);
