import { defineRule } from '../../../rules/define.js';
import { isWidening, typeText } from './ast.js';
import { forOperations } from './rule.js';

/**
 * A type change that is not a known widening (shorter varchar, smaller integer, another type):
 * old code may write values the new type rejects or read values it does not expect.
 * With an unknown previous type this rule stays silent; changing-column-type already makes the flags unknown.
 */
export const rule = defineRule(
  {
    id: 'column-type-changed-incompatibly',
    surface: 'migrations',
    level: 'breaking',
    summary: 'Column type changed to one that is not a widening',
    message: '{table}.{column} changes from {from} to {to}: old code may write or read values the new type does not fit',
    why: 'Old instances keep writing values of the old type; a narrower or different type rejects or converts them.',
    fix: 'Only widen {table}.{column} in this release (a longer varchar, text, a bigger integer); narrow it from {from} to {to} in a later release, once no old code writes values that do not fit.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN name TYPE varchar(100)", columnTypes: { 'users.name': 'varchar(255)' } }],
    quiet: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ALTER COLUMN age TYPE bigint", columnTypes: { 'users.age': 'int' } }],
  },
  forOperations(['alter-column-type'], (operation, context) => {
    if (context.isNewTable(operation.table) || operation.from === undefined || operation.to === undefined) return undefined;
    if (isWidening(operation.from, operation.to)) return undefined;
    return { params: { table: operation.table, column: operation.column, from: typeText(operation.from), to: typeText(operation.to) } };
  }),
);
