import { defineRule } from '../../../rules/define.js';
import { nodeOf, stringValue } from './ast.js';
import { forOperations } from './rule.js';

/** ADD UNIQUE builds its index under ACCESS EXCLUSIVE; `USING INDEX` of a concurrently built one does not. */
export const rule = defineRule(
  {
    id: 'disallowed-unique-constraint',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ADD UNIQUE builds its index under ACCESS EXCLUSIVE',
    message: 'UNIQUE ({columns}) on {table} builds a unique index while reads and writes are blocked',
    why: 'The index build reads the whole table under ACCESS EXCLUSIVE.',
    fix: 'CREATE UNIQUE INDEX CONCURRENTLY {table}_unique_idx ON {table} ({columns}) in {noTransaction}, then ALTER TABLE {table} ADD CONSTRAINT … UNIQUE USING INDEX {table}_unique_idx.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD CONSTRAINT users_email_key UNIQUE (email)" }],
    quiet: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD CONSTRAINT users_email_key UNIQUE USING INDEX users_email_idx" }],
  },
  forOperations(['add-column', 'add-constraint'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    if (operation.kind === 'add-column') {
      const inline = (operation.column.constraints ?? []).some((node) => nodeOf(node, 'Constraint')?.contype === 'CONSTR_UNIQUE');
      return inline ? { params: { table: operation.table, columns: operation.column.colname ?? '?' } } : undefined;
    }
    const constraint = operation.constraint;
    if (constraint.contype !== 'CONSTR_UNIQUE' || constraint.indexname !== undefined) return undefined;
    return { params: { table: operation.table, columns: (constraint.keys ?? []).map(stringValue).join(', ') } };
  }),
);
