import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';
import { oldCodeWords, viaFix } from '../old-code/fix-texts.js';

/** Old instances still read and write the old column name. */
export const rule = defineRule(
  {
    id: 'renaming-column',
    surface: 'migrations',
    level: 'breaking',
    summary: 'RENAME COLUMN',
    message: 'RENAME COLUMN {table}.{column} to {newName}: {oldCode}',
    why: 'Old instances keep querying the old name and fail.',
    fix: 'Expand/contract: add {table}.{newName}, write both {column} and {newName}, backfill, switch reads to {newName}, and drop {column} in a later release.{viaFix}',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users RENAME COLUMN name TO full_name" }],
    quiet: [{ sql: 'ALTER TABLE users RENAME COLUMN name TO full_name', newTables: ['users'] }],
  },
  forOperations(['rename-column'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    const answer = context.oldCode?.lookupColumn(operation.table, operation.column);
    if (answer?.state === 'unreferenced') return undefined;
    const { table, column, newName } = operation;
    return {
      params: {
        table,
        column,
        newName,
        oldCode: oldCodeWords(answer, `old code still uses ${column}`, `old instances still use ${table}.${column}`),
        viaFix: viaFix(answer, 'column', table, column),
      },
    };
  }),
);
