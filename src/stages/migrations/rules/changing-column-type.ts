import { defineRule } from '../../../rules/define.js';
import { isBinaryCoercible, nodeOf, stringValue, typeText } from './ast.js';
import type { OperationOf } from './rule.js';
import { forOperations } from './rule.js';

/** `USING col` or `USING col::newtype` converts exactly like no USING at all (knex emits the latter). */
function usingIsPlainCast(operation: OperationOf<'alter-column-type'>): boolean {
  if (operation.using === undefined) return true;
  const cast = nodeOf(operation.using, 'TypeCast');
  const fields = nodeOf(cast?.arg ?? operation.using, 'ColumnRef')?.fields ?? [];
  return fields.length === 1 && stringValue(fields[0]) === operation.column;
}

/**
 * ALTER COLUMN TYPE rewrites the table and its indexes unless the change is binary-coercible.
 * The previous type is only known when this migration (or the context) declared it; otherwise unknown.
 * A binary-coercible change still scans the whole table under ACCESS EXCLUSIVE when an index
 * expression or predicate, a non-btree index or a CHECK constraint reads the column (PostgreSQL
 * rebuilds the index, re-validates the check: observed in PGlite); light only when the table's
 * indexes and checks are known and none does.
 */
export const rule = defineRule(
  {
    id: 'changing-column-type',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ALTER COLUMN TYPE that is not binary-coercible',
    message: 'ALTER COLUMN {table}.{column} TYPE {type}: {reason}',
    why: 'A rewrite copies every row and rebuilds every index under ACCESS EXCLUSIVE.',
    fix: 'Expand/contract instead of ALTER COLUMN {table}.{column} TYPE {type}: add a new column of type {type}, write both, backfill in batches, switch reads, drop {column} in a later release.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: true, scans: true, versions: 'all (binary-coercible changes such as varchar(n)→text never rewrite)' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN age TYPE bigint", columnTypes: { 'users.age': 'integer' } }],
    quiet: [
      {
        sql: 'SET lock_timeout = \'5s\';\nALTER TABLE "users" ALTER COLUMN "name" TYPE text USING ("name"::text)',
        columnTypes: { 'users.name': 'varchar(255)' },
        recheckedColumns: { users: ['email'] },
      },
    ],
  },
  forOperations(['alter-column-type'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    const to = operation.to === undefined ? '?' : typeText(operation.to);
    const params = (reason: string) => ({ table: operation.table, column: operation.column, type: to, reason });
    if (!usingIsPlainCast(operation)) return { params: params('rewrites the table and its indexes (a USING expression computes every row)') };
    if (operation.collate) {
      return {
        params: params('a COLLATE clause may change the collation, and then every index on the column is rebuilt'),
        flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
      };
    }
    if (operation.from === undefined || operation.to === undefined) {
      return {
        params: params('a rewrite cannot be ruled out (the previous type is not known from the migration)'),
        flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
      };
    }
    if (isBinaryCoercible(operation.from, operation.to)) {
      const rechecked = context.columnRechecked(operation.table, operation.column);
      if (rechecked === false) return undefined;
      if (rechecked === true) {
        return {
          params: params(
            `keeps storage, but an index expression or predicate, a GIN/GiST/BRIN index or a CHECK constraint reads the column: PostgreSQL rebuilds or re-validates it with a full scan`,
          ),
          flags: { locksTable: true, rewritesTable: false, scansTable: true },
        };
      }
      return {
        params: params(
          `keeps storage (${typeText(operation.from)} → ${to}), but the table's indexes and CHECK constraints are not known: one that reads the column is rebuilt or re-validated with a full scan`,
        ),
        flags: { locksTable: 'unknown', rewritesTable: false, scansTable: 'unknown' },
      };
    }
    return { params: params(`rewrites the table and its indexes (${typeText(operation.from)} → ${to} is not binary-coercible)`) };
  }),
);
