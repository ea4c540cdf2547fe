import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** CREATE INDEX CONCURRENTLY does not block writes, but still reads the whole table (twice). */
export const rule = defineRule(
  {
    id: 'index-built-concurrently-scans-table',
    surface: 'migrations',
    level: 'info',
    summary: 'CREATE INDEX CONCURRENTLY reads the whole table',
    message: 'CREATE INDEX CONCURRENTLY {index} on {table} reads the whole table twice (reads and writes continue)',
    why: 'The safe form of an index build still scans the table; it takes SHARE UPDATE EXCLUSIVE, which blocks no reads or writes.',
    fix: 'Nothing to change: CREATE INDEX CONCURRENTLY {index} is the safe form; expect it to take time on a large {table}.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'SHARE UPDATE EXCLUSIVE', rewrites: false, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: 'CREATE INDEX CONCURRENTLY users_email_idx ON users (email)', inTransaction: false }],
    quiet: [{ sql: 'CREATE INDEX CONCURRENTLY users_email_idx ON users (email)', inTransaction: false, newTables: ['users'] }],
  },
  forOperations(['create-index'], (operation, context) => {
    if (operation.index.concurrent !== true || context.isNewTable(operation.table)) return undefined;
    return { params: { table: operation.table, index: operation.index.idxname ?? '(unnamed)' } };
  }),
);
