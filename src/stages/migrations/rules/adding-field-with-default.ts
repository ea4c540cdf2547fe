import { defineRule } from '../../../rules/define.js';
import type { Constraint } from 'libpg-query';
import { columnType, expressionVolatility, nodeOf } from './ast.js';
import { forOperations } from './rule.js';

const UNKNOWN_FLAGS = { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' } as const;

/**
 * ADD COLUMN that rewrites the table: a volatile default (evaluated per row), serial, identity,
 * GENERATED … STORED, or any default before PostgreSQL 11. A constant or stable default (`now()`) does not.
 */
export const rule = defineRule(
  {
    id: 'adding-field-with-default',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ADD COLUMN whose value is computed per row (table rewrite)',
    message: 'ADD COLUMN {table}.{column} rewrites the table: {reason}',
    why: 'A rewrite copies every row under ACCESS EXCLUSIVE: reads and writes of the old instances stop until it finishes.',
    fix: 'ALTER TABLE {table} ADD COLUMN {column} without the default (or with a constant one), then ALTER COLUMN {column} SET DEFAULT …, then backfill existing rows in batches by key.',
    docs: 'docs/migration-rules.md',
    facts: {
      lock: 'ACCESS EXCLUSIVE',
      rewrites: true,
      scans: true,
      versions: 'volatile defaults, serial, identity and stored generated columns: all versions; any default: PostgreSQL 10 and older',
    },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN token uuid DEFAULT gen_random_uuid()" }],
    quiet: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN created_at timestamptz DEFAULT now()" }],
  },
  forOperations(['add-column'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    const constraints = (operation.column.constraints ?? []).map((node) => nodeOf(node, 'Constraint')).filter((c): c is Constraint => c !== undefined);
    const column = operation.column.colname ?? '?';
    const params = (reason: string) => ({ table: operation.table, column, reason });
    if (columnType(operation.column.typeName)?.serial === true) return { params: params('serial type (sequence default, one value per row)') };
    if (constraints.some((c) => c.contype === 'CONSTR_IDENTITY')) return { params: params('identity column (one sequence value per row)') };
    if (constraints.some((c) => c.contype === 'CONSTR_GENERATED')) return { params: params('GENERATED … STORED column (computed for every row)') };
    const defaultExpression = constraints.find((c) => c.contype === 'CONSTR_DEFAULT')?.raw_expr;
    if (defaultExpression === undefined) return undefined;
    if (context.postgresVersion < 11) return { params: params(`any default rewrites the table before PostgreSQL 11 (target ${context.postgresVersion})`) };
    const volatility = expressionVolatility(defaultExpression, (name) => context.isTableFreeNonVolatileFunction(name));
    if (volatility.volatile === true) return { params: params(`volatile default ${volatility.function ?? ''}()`) };
    if (volatility.volatile === 'unknown') {
      return { params: params(`default calls ${volatility.function ?? '?'}(), whose volatility is not known`), flags: UNKNOWN_FLAGS };
    }
    return undefined;
  }),
);
