import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** Old instances (their queries, defaults and triggers written for them) still call the function. */
export const rule = defineRule(
  {
    id: 'ban-drop-function',
    surface: 'migrations',
    level: 'breaking',
    summary: 'DROP FUNCTION / PROCEDURE / AGGREGATE',
    message: 'DROP {kind} {function}: old code may still call it',
    why: 'Old instances call the function in their queries (or rely on what calls it) and fail.',
    fix: 'Stop calling {function} in this release (queries, column defaults, triggers); DROP {kind} {function} in a later release, once no supported previous version calls it.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: 'DROP FUNCTION IF EXISTS normalize_email(text)' }],
    quiet: [{ sql: "CREATE FUNCTION helper() RETURNS int LANGUAGE sql AS 'SELECT 1';\nDROP FUNCTION helper()" }],
  },
  forOperations(['drop-function'], (operation, context) =>
    context.isNewObject(operation.objectType, operation.function)
      ? undefined
      : { params: { function: operation.function, kind: operation.objectType.replace('OBJECT_', '') } },
  ),
);
