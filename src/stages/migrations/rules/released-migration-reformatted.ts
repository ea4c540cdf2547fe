import { defineRule } from '../../../rules/define.js';
import { FILE_SET_CHECK } from './rule.js';

/** Reported by the stage's file-set diff of the migration folders, not by a statement check. */
export const rule = defineRule(
  {
    id: 'released-migration-reformatted',
    surface: 'migrations',
    level: 'info',
    summary: 'A released migration was edited without changing the SQL it runs.',
    message: '{file}: released migration edited, but it sends the same statements as before',
    why: 'Comments, formatting or refactoring that leave every statement identical (at both refs, imports included) cannot make upgraded databases differ from fresh installs.',
    fix: 'Nothing to change: {file} still sends the same statements; keep later edits to comments and formatting.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [
      {
        base: { 'migrations/001_users.js': "exports.up = (knex) => knex.schema.dropTable('old');\nexports.down = () => {};\n" },
        head: {
          'migrations/001_users.js':
            "// drops the table the 1.x importer used\nexports.up = (knex) => knex.schema.dropTable(OLD);\nexports.down = () => {};\nconst OLD = 'old';\n",
        },
      },
    ],
    quiet: [
      {
        base: { 'migrations/001_users.js': "exports.up = (knex) => knex.schema.dropTable('old');\nexports.down = () => {};\n" },
        head: { 'migrations/001_users.js': "exports.up = (knex) => knex.schema.dropTable('older');\nexports.down = () => {};\n" },
      },
    ],
  },
  FILE_SET_CHECK,
);
