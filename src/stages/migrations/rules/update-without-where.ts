import { defineRule } from '../../../rules/define.js';
import { isNarrowWhere } from './ast.js';
import { forOperations } from './rule.js';

/** A backfill UPDATE writes every row (new row versions) and holds their row locks until commit. */
export const rule = defineRule(
  {
    id: 'update-without-where',
    surface: 'migrations',
    level: 'advisory',
    summary: 'UPDATE of every row (backfill)',
    message: 'UPDATE {table} with {where} rewrites every row and locks them until commit',
    why: "Every row gets a new version and a row lock held to the end of the transaction: old instances' writes to those rows wait.",
    fix: 'Backfill {table} in batches by key (UPDATE {table} … WHERE id BETWEEN … AND …, committing each batch), outside the DDL transaction.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ROW EXCLUSIVE', rewrites: true, scans: true, versions: 'all' },
  },
  {
    flagged: [{ sql: "UPDATE users SET plan = 'free'" }],
    quiet: [{ sql: "UPDATE users SET plan = 'free' WHERE id = 42" }],
  },
  forOperations(['update'], (operation, context) => {
    if (context.isNewTable(operation.table) || isNarrowWhere(operation.where, operation.table, (column) => context.columnIndexed(operation.table, column)))
      return undefined;
    return {
      params: { table: operation.table, where: operation.where === undefined ? 'no WHERE' : 'a WHERE not limited to key values' },
      // Row locks on every row block old instances' writes to them until commit: counted as locking the table.
      flags: { locksTable: true, rewritesTable: true, scansTable: true },
    };
  }),
);
