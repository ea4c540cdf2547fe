import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';
import { oldCodeWords, viaFix } from '../old-code/fix-texts.js';

/** Old instances still select or insert the dropped column. */
export const rule = defineRule(
  {
    id: 'ban-drop-column',
    surface: 'migrations',
    level: 'breaking',
    summary: 'DROP COLUMN',
    message: 'DROP COLUMN {table}.{column}: {oldCode}',
    why: 'Old instances select or insert the column and fail.',
    fix: 'Stop reading and writing {table}.{column} in this release (and drop its NOT NULL/default if old code needs them); DROP COLUMN {column} in a later release.{viaFix}',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: 'ALTER TABLE users DROP COLUMN legacy_flag' }],
    quiet: [{ sql: 'ALTER TABLE users DROP COLUMN legacy_flag', newTables: ['users'] }],
  },
  forOperations(['drop-column'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    const answer = context.oldCode?.lookupColumn(operation.table, operation.column);
    // Provably unreferenced: not an old-code break (unreferenced-by-old-code says so).
    if (answer?.state === 'unreferenced') return undefined;
    const { table, column } = operation;
    return {
      params: {
        table,
        column,
        oldCode: oldCodeWords(answer, 'old code still reads or writes it', `old instances still read or write ${table}.${column}`),
        viaFix: viaFix(answer, 'column', table, column),
      },
    };
  }),
);
