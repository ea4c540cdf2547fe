import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';
import { oldCodeWords, viaFix } from '../old-code/fix-texts.js';

/** Old instances still query the old table name. */
export const rule = defineRule(
  {
    id: 'renaming-table',
    surface: 'migrations',
    level: 'breaking',
    summary: 'RENAME TABLE',
    message: 'RENAME TABLE {table} to {newName}: {oldCode}',
    why: 'Old instances keep querying the old name and fail.',
    fix: 'Expand/contract: create {newName} (or rename and leave a view named {table} over it for the transition), switch the code, and drop {table} in a later release.{viaFix}',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: 'ALTER TABLE public.users RENAME TO accounts' }],
    quiet: [{ sql: 'CREATE TABLE tmp (a int);\nALTER TABLE tmp RENAME TO final;\nCREATE INDEX final_a_idx ON final (a)' }],
  },
  forOperations(['rename-table'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    const answer = context.oldCode?.lookupTable(operation.table);
    if (answer?.state === 'unreferenced') return undefined;
    const { table, newName } = operation;
    return {
      params: {
        table,
        newName,
        oldCode: oldCodeWords(answer, `old code still uses ${table}`, `old instances still use ${table}`),
        viaFix: viaFix(answer, 'table', table),
      },
    };
  }),
);
