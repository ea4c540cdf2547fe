import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** DROP INDEX without CONCURRENTLY takes ACCESS EXCLUSIVE on the index's table (brief; see the brief-lock rules). */
export const rule = defineRule(
  {
    id: 'require-concurrent-index-deletion',
    surface: 'migrations',
    level: 'advisory',
    summary: 'DROP INDEX without CONCURRENTLY',
    message: 'DROP INDEX {index} without CONCURRENTLY takes ACCESS EXCLUSIVE on its table',
    why: 'The lock is brief but queues behind running queries and blocks every query behind it.',
    fix: 'DROP INDEX CONCURRENTLY {index}, in {noTransaction}.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: 'DROP INDEX users_email_idx' }],
    quiet: [{ sql: 'CREATE TABLE t (a int);\nCREATE INDEX t_a_idx ON t (a);\nDROP INDEX t_a_idx' }],
  },
  forOperations(['drop-index'], (operation, context) => {
    if (operation.concurrent || (operation.table !== undefined && context.isNewTable(operation.table))) return undefined;
    return { params: { index: operation.index } };
  }),
);
