import { defineRule } from '../../../rules/define.js';
import { nodeOf, stringValue } from './ast.js';
import { forOperations } from './rule.js';

/** Adding a PRIMARY KEY builds its unique index under ACCESS EXCLUSIVE (reads and writes blocked). */
export const rule = defineRule(
  {
    id: 'adding-serial-primary-key-field',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ADD PRIMARY KEY builds its index under ACCESS EXCLUSIVE',
    message: 'PRIMARY KEY ({columns}) on {table} builds a unique index while reads and writes are blocked',
    why: 'The index build reads the whole table under ACCESS EXCLUSIVE.',
    fix: 'CREATE UNIQUE INDEX CONCURRENTLY {table}_pkey_idx ON {table} ({columns}) in {noTransaction}, then ALTER TABLE {table} ADD CONSTRAINT {table}_pkey PRIMARY KEY USING INDEX {table}_pkey_idx.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD PRIMARY KEY (id)" }],
    quiet: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD CONSTRAINT users_pkey PRIMARY KEY USING INDEX users_id_idx" }],
  },
  forOperations(['add-column', 'add-constraint'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    if (operation.kind === 'add-column') {
      const inline = (operation.column.constraints ?? []).some((node) => nodeOf(node, 'Constraint')?.contype === 'CONSTR_PRIMARY');
      return inline ? { params: { table: operation.table, columns: operation.column.colname ?? '?' } } : undefined;
    }
    const constraint = operation.constraint;
    if (constraint.contype !== 'CONSTR_PRIMARY' || constraint.indexname !== undefined) return undefined;
    return { params: { table: operation.table, columns: (constraint.keys ?? []).map(stringValue).join(', ') } };
  }),
);
