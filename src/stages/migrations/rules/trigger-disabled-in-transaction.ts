import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/**
 * DISABLE TRIGGER re-enabled before its transaction ends: no other session wrote the table while the
 * trigger was off (the DISABLE's SHARE ROW EXCLUSIVE lock is held until COMMIT), so old code's writes
 * never skip it. Only the migration's own writes in between do. Does not change the verdict.
 */
export const rule = defineRule(
  {
    id: 'trigger-disabled-in-transaction',
    surface: 'migrations',
    level: 'advisory',
    summary: 'DISABLE TRIGGER re-enabled in the same transaction',
    message: "{triggers} on {table} disabled and re-enabled at line {reenabledAt} in the same transaction: only this migration's own writes skip them",
    why: 'Other sessions cannot write the table from the DISABLE until COMMIT (SHARE ROW EXCLUSIVE), so no running instance writes while the triggers are off; rows the migration writes in between are not seen by them, foreign-key checks included for ALL.',
    fix: 'Make sure what the migration writes between the DISABLE and line {reenabledAt} satisfies the foreign keys and what the triggers maintain; keep it short, since every writer of {table} waits until COMMIT.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'SHARE ROW EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [
      {
        sql: "SET lock_timeout = '5s';\nALTER TABLE users DISABLE TRIGGER users_audit;\nUPDATE users SET plan = 'free' WHERE id = 1;\nALTER TABLE users ENABLE TRIGGER users_audit",
      },
    ],
    quiet: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users DISABLE TRIGGER users_audit" }],
  },
  forOperations(['disable-trigger'], (operation, context) => {
    if (operation.exposure !== 'in-transaction' || context.isNewTable(operation.table)) return undefined;
    return {
      params: {
        table: operation.table,
        triggers: operation.triggers === 'ALL' || operation.triggers === 'USER' ? `${operation.triggers} triggers` : `trigger ${operation.triggers}`,
        reenabledAt: operation.reenabledAt ?? '?',
      },
    };
  }),
);
