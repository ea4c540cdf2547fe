import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';
import { oldCodeWords, viaFix } from '../old-code/fix-texts.js';

/** Old instances still query the dropped table. */
export const rule = defineRule(
  {
    id: 'ban-drop-table',
    surface: 'migrations',
    level: 'breaking',
    summary: 'DROP TABLE',
    message: 'DROP TABLE {table}: {oldCode}',
    why: 'Old instances query the table and fail.',
    fix: 'Stop using {table} in this release; DROP TABLE {table} in a later release, once no supported previous version uses it.{viaFix}',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nDROP TABLE IF EXISTS legacy_events, audit.old_log CASCADE" }],
    quiet: [{ sql: 'CREATE TABLE tmp (a int);\nDROP TABLE tmp' }],
  },
  forOperations(['drop-table'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    const answer = context.oldCode?.lookupTable(operation.table);
    if (answer?.state === 'unreferenced') return undefined;
    const { table } = operation;
    return {
      params: { table, oldCode: oldCodeWords(answer, 'old code still uses it', `old instances still use ${table}`), viaFix: viaFix(answer, 'table', table) },
    };
  }),
);
