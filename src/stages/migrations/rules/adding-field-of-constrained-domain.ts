import { defineRule } from '../../../rules/define.js';
import { UNKNOWN_HEAVINESS } from '../types.js';
import { forOperations } from './rule.js';
import { isBuiltinOrExtensionType, typeKey } from './user-types.js';

/**
 * ADD COLUMN of a domain with a CHECK or NOT NULL constraint, or a volatile default: PostgreSQL
 * rewrites the table to check (or fill) every row, whatever the column's own DEFAULT. A type no
 * migration read creates may be such a domain: unknown (./user-types.ts).
 */
export const rule = defineRule(
  {
    id: 'adding-field-of-constrained-domain',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ADD COLUMN of a domain with constraints (table rewrite)',
    message: 'ADD COLUMN {table}.{column} of type {type}: {reason}',
    why: "PostgreSQL checks a domain's constraints against every existing row's new value (NULL or the default), so it rewrites the table under ACCESS EXCLUSIVE: reads and writes of the old instances stop until it finishes.",
    fix: "ALTER TABLE {table} ADD COLUMN {column} with the domain's base type (no rewrite), backfill it in batches, then ADD CONSTRAINT … CHECK (…) NOT VALID and VALIDATE CONSTRAINT in a later step: the check scans without blocking writes.",
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: true, scans: true, versions: 'all (re-observed on PostgreSQL 18)' },
  },
  {
    flagged: [{ sql: "CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0);\nSET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN score positive_int" }],
    quiet: [{ sql: "CREATE TYPE mood AS ENUM ('calm', 'busy');\nSET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN mood mood" }],
  },
  forOperations(['add-column'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    const typeName = operation.column.typeName;
    // An array's type is the array type, never a domain (a domain over an array is named without `[]`).
    if ((typeName?.arrayBounds ?? []).length > 0) return undefined;
    const key = typeKey(typeName?.names);
    // What a migration read created wins over the names of PostgreSQL's and common extensions' types.
    const kind = (key === undefined ? undefined : context.userType(key)) ?? (isBuiltinOrExtensionType(typeName?.names) ? 'type' : undefined);
    if (kind === 'type' || kind === 'domain') return undefined;
    const params = (reason: string) => ({ table: operation.table, column: operation.column.colname ?? '?', type: key ?? '?', reason });
    if (kind === 'rewriting-domain')
      return { params: params('the domain has a CHECK or NOT NULL constraint or a volatile default, so the table is rewritten to check every row') };
    return {
      params: params('no migration read creates this type: a domain with a CHECK or NOT NULL constraint would rewrite the table'),
      flags: UNKNOWN_HEAVINESS,
    };
  }),
);
