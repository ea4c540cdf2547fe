import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';
import { constraintWritesAnswer } from '../old-code/decide.js';

/**
 * Data-dependent (issue 33): SET NOT NULL fails when a row holds NULL in the column. Reported when the
 * previous release's code provably does not write the column (constraint-rejects-old-code-writes then
 * stands down). Advisory: it never changes the verdict; the scan it takes is judged by
 * adding-not-nullable-field as always.
 */
export const rule = defineRule(
  {
    id: 'set-not-null-fails-on-existing-nulls',
    surface: 'migrations',
    level: 'advisory',
    summary: 'SET NOT NULL fails if existing rows hold NULL',
    message: 'SET NOT NULL on {table}.{column}: the migration fails if a row holds NULL there (old code does not write it)',
    why: 'PostgreSQL checks every row when NOT NULL is set; one NULL makes the migration fail and the release cannot start.',
    fix: 'UPDATE {table} SET {column} = <value> WHERE {column} IS NULL (in batches) in this or an earlier release, then SET NOT NULL.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [
      {
        sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN tenant_id SET NOT NULL",
        oldCode: { 'src/accounts.ts': "import knex from 'knex';\nexport const all = () => knex('accounts').select('id');" },
      },
    ],
    quiet: [
      {
        sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN tenant_id SET NOT NULL",
        oldCode: { 'src/users.ts': "import knex from 'knex';\nexport const add = (tenant_id: number) => knex('users').insert({ tenant_id });" },
      },
    ],
  },
  forOperations(['set-not-null'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    if (constraintWritesAnswer(operation, context)?.state !== 'unreferenced') return undefined;
    return { params: { table: operation.table, column: operation.column } };
  }),
);
