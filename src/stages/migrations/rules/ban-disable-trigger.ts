import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

const SCOPES: Readonly<Record<string, string>> = {
  ALL: 'every trigger of the table, the internal ones that enforce foreign keys and deferrable unique and exclusion constraints included',
  USER: 'every user trigger of the table',
};

const WHILE: Readonly<Record<string, string>> = {
  'left-disabled': 'left disabled after the migration',
  'outside-transaction': 'off outside a transaction until line {reenabledAt}',
  committed: 'off from the COMMIT until line {reenabledAt}',
};

/**
 * A trigger disabled for other sessions (left disabled, or off outside the DISABLE's transaction):
 * running instances' writes skip it. PostgreSQL: ALTER TABLE … DISABLE TRIGGER takes SHARE ROW
 * EXCLUSIVE and only changes pg_trigger.tgenabled; ALL includes the internal constraint triggers.
 * squawk (ban-disable-trigger) and PGM020 flag the statement for the behaviour change, not its lock.
 */
export const rule = defineRule(
  {
    id: 'ban-disable-trigger',
    surface: 'migrations',
    level: 'breaking',
    summary: 'DISABLE TRIGGER left in force for running instances',
    message: "DISABLE TRIGGER {enable} on {table} ({state}): running instances' writes skip {triggers}",
    why: 'A disabled trigger runs for no session: what old instances rely on it for (an audit row, a derived column, a check) silently stops. DISABLE TRIGGER ALL also turns off the internal triggers that enforce foreign keys (and deferrable unique and exclusion constraints), so writes that violate them are accepted; PostgreSQL requires superuser for it when the table has any.',
    fix: 'Re-enable before COMMIT in the same transaction (ALTER TABLE {table} ENABLE TRIGGER {enable}): its SHARE ROW EXCLUSIVE lock keeps every other writer out meanwhile. ENABLE TRIGGER ALL or USER counts as a restore only when the released migrations were all followed and left no trigger of {table} disabled (else it may enable one); naming the triggers always does. To retire a trigger, stop relying on it in this release and drop it in a later one.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'SHARE ROW EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users DISABLE TRIGGER ALL" }],
    quiet: [
      {
        sql: "SET lock_timeout = '5s';\nALTER TABLE users DISABLE TRIGGER users_audit;\nUPDATE users SET plan = 'free' WHERE id = 1;\nALTER TABLE users ENABLE TRIGGER users_audit",
      },
    ],
  },
  forOperations(['disable-trigger'], (operation, context) => {
    if (operation.exposure === 'in-transaction' || context.isNewTable(operation.table)) return undefined;
    const state = (WHILE[operation.exposure] ?? '').replace('{reenabledAt}', String(operation.reenabledAt ?? '?'));
    return {
      params: { table: operation.table, triggers: SCOPES[operation.triggers] ?? `trigger ${operation.triggers}`, state, enable: operation.triggers },
    };
  }),
);
