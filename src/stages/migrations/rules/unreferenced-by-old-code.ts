import { defineRule } from '../../../rules/define.js';
import { forOperations, type OperationOf, type RuleContext } from './rule.js';
import { constraintWritesAnswer, isRequiredWithoutDefault, requiredFieldAnswer } from '../old-code/decide.js';
import type { ReferenceAnswer } from '../old-code/references.js';

type Judged = OperationOf<'drop-column' | 'drop-table' | 'rename-column' | 'rename-table' | 'add-column' | 'set-not-null' | 'add-constraint'>;

/** What the statement is, and what old code would have to do for it to break: undefined when it is not this family. */
function question(operation: Judged, context: RuleContext): { change: string; answer: ReferenceAnswer | undefined } | undefined {
  const lookup = context.oldCode;
  switch (operation.kind) {
    case 'drop-column':
      return { change: `DROP COLUMN ${operation.table}.${operation.column}`, answer: lookup?.lookupColumn(operation.table, operation.column) };
    case 'rename-column':
      return { change: `RENAME COLUMN ${operation.table}.${operation.column}`, answer: lookup?.lookupColumn(operation.table, operation.column) };
    case 'drop-table':
      return { change: `DROP TABLE ${operation.table}`, answer: lookup?.lookupTable(operation.table) };
    case 'rename-table':
      return { change: `RENAME TABLE ${operation.table}`, answer: lookup?.lookupTable(operation.table) };
    case 'add-column':
      return isRequiredWithoutDefault(operation)
        ? {
            change: `ADD COLUMN ${operation.table}.${operation.column.colname ?? '?'} NOT NULL (no old insert into ${operation.table})`,
            answer: requiredFieldAnswer(operation, context),
          }
        : undefined;
    case 'set-not-null':
      return { change: `SET NOT NULL on ${operation.table}.${operation.column} (no old write)`, answer: constraintWritesAnswer(operation, context) };
    case 'add-constraint':
      if (
        !['CONSTR_CHECK', 'CONSTR_FOREIGN', 'CONSTR_PRIMARY', 'CONSTR_UNIQUE', 'CONSTR_EXCLUSION', 'CONSTR_NOTNULL'].includes(
          operation.constraint.contype ?? '',
        )
      )
        return undefined;
      if (operation.constraint.contype === 'CONSTR_UNIQUE' && operation.constraint.indexname !== undefined) return undefined;
      return { change: `new constraint on ${operation.table} (no old write)`, answer: constraintWritesAnswer(operation, context) };
  }
}

/**
 * The other side of the old-code rules (issue 33): the previous release's code provably does not
 * reference what the statement drops, renames or constrains, so old instances cannot break on it.
 * Heaviness is judged as always (lock, lock_timeout, scans).
 */
export const rule = defineRule(
  {
    id: 'unreferenced-by-old-code',
    surface: 'migrations',
    level: 'info',
    summary: "Destructive change the previous release's code does not reference",
    message: "{change}: the previous release's code does not reference it (read {files} files)",
    why: "Old instances run the previous release's code against the new schema; code that never names the object cannot fail on it. That code was read for references (query builders, ORMs, raw SQL, and every mention of the name).",
    fix: "Nothing to change: this is the contract step of an expand/contract change. Keep the statement's lock short (lock_timeout).",
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [
      {
        sql: "SET lock_timeout = '5s';\nALTER TABLE users DROP COLUMN nickname",
        oldCode: { 'src/users.ts': "import knex from 'knex';\nexport const byId = (id: number) => knex('users').where({ id }).select('id', 'email');" },
      },
    ],
    quiet: [
      {
        sql: "SET lock_timeout = '5s';\nALTER TABLE users DROP COLUMN nickname",
        oldCode: { 'src/users.ts': "import knex from 'knex';\nexport const byId = (id: number) => knex('users').where({ id }).select('id', 'nickname');" },
      },
    ],
  },
  forOperations(['drop-column', 'drop-table', 'rename-column', 'rename-table', 'add-column', 'set-not-null', 'add-constraint'], (operation, context) => {
    if (context.isNewTable(operation.table) || context.oldCode === undefined) return undefined;
    const asked = question(operation, context);
    if (asked?.answer?.state !== 'unreferenced') return undefined;
    return { params: { change: asked.change, files: asked.answer.filesRead } };
  }),
);
