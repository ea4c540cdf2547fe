import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';
import { isRequiredWithoutDefault, requiredFieldAnswer } from '../old-code/decide.js';

/**
 * Data-dependent (issue 33): ADD COLUMN … NOT NULL without a default fails on any table that has rows,
 * whatever old code does. Reported when the previous release's code provably does not insert into the
 * table (adding-required-field then stands down); the statement stays breaking, as it always was.
 */
export const rule = defineRule(
  {
    id: 'adding-required-field-fails-on-existing-rows',
    surface: 'migrations',
    level: 'breaking',
    summary: 'ADD COLUMN NOT NULL without a default fails on a table with rows',
    message: 'ADD COLUMN {table}.{column} NOT NULL without a default: the migration fails if {table} has any row (old code does not insert into it)',
    why: 'PostgreSQL fills the new column of every existing row with NULL, which NOT NULL rejects: the migration fails on a populated table and the release cannot start.',
    fix: 'ALTER TABLE {table} ADD COLUMN {column} … DEFAULT <value> NOT NULL (a constant default is catalog-only), or add it nullable, backfill, and SET NOT NULL in a later release.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: true, versions: 'all' },
  },
  {
    flagged: [
      {
        sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN tenant_id bigint NOT NULL",
        oldCode: { 'src/accounts.ts': "import knex from 'knex';\nexport const all = () => knex('accounts').select('id');" },
      },
    ],
    quiet: [
      {
        sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN tenant_id bigint NOT NULL DEFAULT 1",
        oldCode: { 'src/users.ts': "import knex from 'knex';\nexport const all = () => knex('users').select('id');" },
      },
    ],
  },
  forOperations(['add-column'], (operation, context) => {
    if (context.isNewTable(operation.table) || !isRequiredWithoutDefault(operation)) return undefined;
    if (requiredFieldAnswer(operation, context)?.state !== 'unreferenced') return undefined;
    return { params: { table: operation.table, column: operation.column.colname ?? '?' } };
  }),
);
