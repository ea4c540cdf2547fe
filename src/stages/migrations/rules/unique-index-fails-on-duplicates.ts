import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';
import { stringValue } from './ast.js';

/**
 * Data-dependent (issue 33): a new unique index (CREATE UNIQUE INDEX, ADD UNIQUE / PRIMARY KEY) fails
 * on existing duplicates; built CONCURRENTLY it leaves an INVALID index behind. Advisory: it never
 * changes the verdict (the index build is judged by its own rules). Reported when the stage read the
 * previous release's code for this release, beside the old-code findings.
 */
export const rule = defineRule(
  {
    id: 'unique-index-fails-on-duplicates',
    surface: 'migrations',
    level: 'advisory',
    summary: 'A new unique index fails if existing rows hold duplicates',
    message: 'unique index on {table} ({columns}): the migration fails if existing rows hold duplicates',
    why: 'PostgreSQL checks every existing row when it builds a unique index; one duplicate makes the migration fail (a CONCURRENTLY build leaves an INVALID index).',
    fix: 'Find and resolve duplicates first (SELECT {columns}, count(*) FROM {table} GROUP BY {columns} HAVING count(*) > 1) in this or an earlier release, then build the unique index.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [
      {
        sql: 'CREATE UNIQUE INDEX CONCURRENTLY users_email_key ON users (email)',
        inTransaction: false,
        oldCode: { 'src/users.ts': "import knex from 'knex';\nexport const all = () => knex('users').select('id');" },
      },
    ],
    quiet: [{ sql: 'CREATE UNIQUE INDEX CONCURRENTLY users_email_key ON users (email)', inTransaction: false }],
  },
  forOperations(['create-index', 'add-constraint'], (operation, context) => {
    if (context.isNewTable(operation.table) || context.oldCode === undefined) return undefined;
    if (operation.kind === 'create-index') {
      if (operation.index.unique !== true) return undefined;
      const columns = (operation.index.indexParams ?? []).map((node) => (node as { IndexElem?: { name?: string } }).IndexElem?.name ?? '…').join(', ');
      return { params: { table: operation.table, columns } };
    }
    const constraint = operation.constraint;
    if ((constraint.contype !== 'CONSTR_UNIQUE' && constraint.contype !== 'CONSTR_PRIMARY') || constraint.indexname !== undefined) return undefined;
    return { params: { table: operation.table, columns: (constraint.keys ?? []).map(stringValue).join(', ') } };
  }),
);
