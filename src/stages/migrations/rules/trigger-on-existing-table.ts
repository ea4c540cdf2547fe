import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/**
 * A trigger's function runs on every write of the table, including old code's: it may reject them,
 * change them or do heavy work per row. Unknown unless the function is proven harmless.
 */
export const rule = defineRule(
  {
    id: 'trigger-on-existing-table',
    surface: 'migrations',
    level: 'advisory',
    summary: 'CREATE TRIGGER on an existing table',
    message: "trigger {trigger} on {table} runs {function}() on old code's writes: what it does is not proven harmless",
    why: "A trigger runs on every write of the table, including old instances': it may reject, change or slow them. Only a BEFORE ROW trigger whose function (created in the same migration) just sets fields of NEW from built-ins and returns NEW is proven harmless.",
    fix: "Keep {function}() to `NEW.field := built-in expression; RETURN NEW`, defined in the same migration as a BEFORE ROW trigger; otherwise ship {trigger} only after every running version's writes to {table} are fine with what it does.",
    docs: 'docs/migration-rules.md',
    facts: { lock: 'SHARE ROW EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nCREATE TRIGGER users_audit AFTER UPDATE ON users FOR EACH ROW EXECUTE FUNCTION audit()" }],
    quiet: [
      {
        sql: "SET lock_timeout = '5s';\nCREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  NEW.updated_at := now();\n  RETURN NEW;\nEND $$;\nCREATE TRIGGER users_touch BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION touch()",
      },
    ],
  },
  forOperations(['create-trigger'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    if (operation.beforeRow && context.isHarmlessTriggerFunction(operation.function)) return undefined;
    return {
      params: { trigger: operation.trigger, table: operation.table, function: operation.function },
      flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
    };
  }),
);
