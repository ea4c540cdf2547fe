import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** CREATE INDEX without CONCURRENTLY holds SHARE (blocks writes) for the whole index build. */
export const rule = defineRule(
  {
    id: 'require-concurrent-index-creation',
    surface: 'migrations',
    level: 'advisory',
    summary: 'CREATE INDEX without CONCURRENTLY on an existing table',
    message: 'CREATE INDEX {index} on {table} without CONCURRENTLY blocks writes while the whole table is read',
    why: 'The index build holds SHARE on the table: every INSERT/UPDATE/DELETE of the old instances waits until it finishes.',
    fix: 'CREATE INDEX CONCURRENTLY {index} ON {table} (…), in {noTransaction}.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'SHARE', rewrites: false, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: 'CREATE INDEX users_email_idx ON users (email)' }],
    quiet: [{ sql: 'CREATE TABLE events (id bigint, kind text);\nCREATE INDEX events_kind_idx ON events (kind)' }],
  },
  forOperations(['create-index'], (operation, context) => {
    if (operation.index.concurrent === true || context.isNewTable(operation.table)) return undefined;
    return { params: { table: operation.table, index: operation.index.idxname ?? '(unnamed)' } };
  }),
);
