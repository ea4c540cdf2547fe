import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/**
 * `ADD PRIMARY KEY USING INDEX` makes the index's columns NOT NULL: a column that is not NOT NULL yet
 * (and has no valid `CHECK (col IS NOT NULL)`) is checked with a full scan under ACCESS EXCLUSIVE
 * (observed in PGlite: test/fixtures/peer-migrations, squawk add-primary-key-using-index-nullable).
 * When the index's columns or their nullability are not known from the migrations read: unknown.
 */
export const rule = defineRule(
  {
    id: 'primary-key-using-index-sets-not-null',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ADD PRIMARY KEY USING INDEX on a column that may hold NULLs',
    message: 'PRIMARY KEY USING INDEX {index} on {table}: {reason}',
    why: 'PostgreSQL sets NOT NULL on every column of the index, reading the whole table under ACCESS EXCLUSIVE for each column that was nullable.',
    fix: 'Make the columns of {index} NOT NULL first without a scan: ADD CONSTRAINT … CHECK (column IS NOT NULL) NOT VALID, VALIDATE CONSTRAINT in its own transaction, SET NOT NULL; then ALTER TABLE {table} ADD CONSTRAINT … PRIMARY KEY USING INDEX {index}.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: true, versions: 'all' },
  },
  {
    flagged: [
      {
        sql: "SET lock_timeout = '5s';\nCREATE UNIQUE INDEX CONCURRENTLY events_id_idx ON events (id);\nALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY USING INDEX events_id_idx",
        inTransaction: false,
      },
    ],
    quiet: [
      {
        sql: "SET lock_timeout = '5s';\nALTER TABLE events ALTER COLUMN id SET NOT NULL;\nALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY USING INDEX events_id_idx",
        newTables: ['events'],
      },
    ],
  },
  forOperations(['add-constraint'], (operation, context) => {
    const { constraint } = operation;
    if (constraint.contype !== 'CONSTR_PRIMARY' || constraint.indexname === undefined || context.isNewTable(operation.table)) return undefined;
    const index = constraint.indexname;
    const columns = context.indexColumns(operation.table, index);
    if (columns === undefined) {
      return {
        params: {
          table: operation.table,
          index,
          reason:
            'the columns of the index, and whether they are NOT NULL already, are not known from the migrations: a nullable one is set NOT NULL with a full scan',
        },
        flags: { locksTable: 'unknown', scansTable: 'unknown' },
      };
    }
    const nullable = columns.filter((column) => !context.hasValidNotNullCheck(operation.table, column));
    if (nullable.length === 0) return undefined;
    return {
      params: {
        table: operation.table,
        index,
        reason: `${nullable.join(', ')} ${nullable.length === 1 ? 'is' : 'are'} not NOT NULL yet: setting it reads every row under ACCESS EXCLUSIVE`,
      },
    };
  }),
);
