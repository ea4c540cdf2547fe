import { defineRule } from '../../../rules/define.js';
import type { Constraint } from 'libpg-query';
import { columnType, nodeOf } from './ast.js';
import { forOperations } from './rule.js';
import { requiredFieldAnswer } from '../old-code/decide.js';
import { oldCodeWords, viaFix } from '../old-code/fix-texts.js';

const FILLED = new Set(['CONSTR_DEFAULT', 'CONSTR_IDENTITY', 'CONSTR_GENERATED']);

/** ADD COLUMN … NOT NULL without a default: fails on a populated table, and old code's INSERTs omit the column. */
export const rule = defineRule(
  {
    id: 'adding-required-field',
    surface: 'migrations',
    level: 'breaking',
    summary: 'ADD COLUMN NOT NULL without a default',
    message: 'ADD COLUMN {table}.{column} NOT NULL without a default: {oldCode} and a populated table rejects it',
    why: 'Old instances insert rows without the new column; NOT NULL without a default makes those inserts fail. PostgreSQL also checks every existing row.',
    fix: 'ALTER TABLE {table} ADD COLUMN {column} nullable (or with a constant DEFAULT) in this release; make it NOT NULL in a later release, once no old code inserts without it.{viaFix}',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN org_id int NOT NULL" }],
    quiet: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD COLUMN org_id int NOT NULL DEFAULT 0" }],
  },
  forOperations(['add-column'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    const constraints = (operation.column.constraints ?? []).map((node) => nodeOf(node, 'Constraint')).filter((c): c is Constraint => c !== undefined);
    const notNull = operation.column.is_not_null === true || constraints.some((c) => c.contype === 'CONSTR_NOTNULL' || c.contype === 'CONSTR_PRIMARY');
    const filled = constraints.some((c) => FILLED.has(c.contype ?? '')) || columnType(operation.column.typeName)?.serial === true;
    if (!notNull || filled) return undefined;
    const answer = requiredFieldAnswer(operation, context);
    // No old insert into the table: not an old-code break (adding-required-field-fails-on-existing-rows stays).
    if (answer?.state === 'unreferenced') return undefined;
    const table = operation.table;
    const column = operation.column.colname ?? '?';
    return {
      params: {
        table,
        column,
        oldCode: oldCodeWords(answer, "old code's INSERTs fail", "old code's INSERTs fail: old instances insert into it"),
        viaFix: viaFix(answer, 'insert', table, column),
      },
    };
  }),
);
