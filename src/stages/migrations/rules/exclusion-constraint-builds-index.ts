import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/**
 * ADD CONSTRAINT … EXCLUDE builds its index, reading every row, under ACCESS EXCLUSIVE; unlike
 * UNIQUE it has neither a NOT VALID nor a USING INDEX form (eugene E8, strong_migrations).
 */
export const rule = defineRule(
  {
    id: 'exclusion-constraint-builds-index',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ADD CONSTRAINT … EXCLUDE builds its index under ACCESS EXCLUSIVE',
    message: 'EXCLUDE constraint {constraint} on {table} builds its index while reads and writes are blocked',
    why: 'The exclusion index is built by reading the whole table under ACCESS EXCLUSIVE, and PostgreSQL has no NOT VALID or USING INDEX form for it.',
    fix: 'Add {constraint} to {table} in a maintenance window, or enforce it on a new table (or with a trigger on new rows) and move the rows over in batches.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist (during WITH &&)" }],
    quiet: [
      {
        sql: 'CREATE TABLE bookings (id integer PRIMARY KEY, during tstzrange);\nALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist (during WITH &&)',
      },
    ],
  },
  forOperations(['add-constraint'], (operation, context) => {
    if (operation.constraint.contype !== 'CONSTR_EXCLUSION' || context.isNewTable(operation.table)) return undefined;
    return { params: { table: operation.table, constraint: operation.constraint.conname ?? '(unnamed)' } };
  }),
);
