import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/**
 * ALTER COLUMN … SET EXPRESSION (PostgreSQL 17+) recomputes a stored generated column for every row:
 * the table is rewritten under ACCESS EXCLUSIVE. (A PostgreSQL 18 virtual column is not rewritten;
 * whether the column is stored is not read here, so the heavier answer stands.)
 */
export const rule = defineRule(
  {
    id: 'set-expression-rewrites-table',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ALTER COLUMN … SET EXPRESSION of a generated column',
    message: 'SET EXPRESSION of {table}.{column} rewrites the table under ACCESS EXCLUSIVE',
    why: "Every row is recomputed and the table copied while the old instances' reads and writes wait.",
    fix: 'Add a new generated column {column}_next (or a plain column filled in batches), switch the code to it, then drop {column} in a later release.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: true, scans: true, versions: '17 and later (the clause does not exist before)' },
  },
  {
    flagged: [{ sql: 'ALTER TABLE users ALTER COLUMN name_length SET EXPRESSION AS (length(email))' }],
    quiet: [{ sql: 'ALTER TABLE users ALTER COLUMN name_length SET EXPRESSION AS (length(email))', newTables: ['users'] }],
  },
  forOperations(['set-expression'], (operation, context) =>
    context.isNewTable(operation.table) ? undefined : { params: { table: operation.table, column: operation.column } },
  ),
);
