import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';
import { constraintWritesAnswer } from '../old-code/decide.js';
import { oldCodeWords } from '../old-code/fix-texts.js';

const KIND: Readonly<Record<string, string>> = {
  CONSTR_CHECK: 'CHECK',
  CONSTR_FOREIGN: 'FOREIGN KEY',
  CONSTR_PRIMARY: 'PRIMARY KEY',
  CONSTR_UNIQUE: 'UNIQUE',
  CONSTR_EXCLUSION: 'EXCLUDE',
  CONSTR_NOTNULL: 'NOT NULL',
};

/**
 * A new constraint on an existing table applies to every write from the moment it is added (NOT VALID
 * only skips the check of existing rows): old code that writes rows violating it starts failing.
 * UNIQUE … USING INDEX adds nothing the unique index did not already enforce.
 */
export const rule = defineRule(
  {
    id: 'constraint-rejects-old-code-writes',
    surface: 'migrations',
    level: 'breaking',
    summary: 'New constraint old code may violate',
    message: '{constraint} added to {table}: {oldCode}',
    why: 'A constraint applies to every write as soon as it is added (NOT VALID only skips existing rows); old instances were not written for it.',
    fix: 'Add {constraint} to {table} in the release after the one whose code always satisfies it (and fix existing rows first).',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'ACCESS EXCLUSIVE', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD CONSTRAINT name_short CHECK (char_length(name) < 100) NOT VALID" }],
    quiet: [{ sql: "SET lock_timeout = '5s';\nALTER TABLE users ADD CONSTRAINT users_email_key UNIQUE USING INDEX users_email_idx" }],
  },
  forOperations(['add-constraint', 'set-not-null'], (operation, context) => {
    if (context.isNewTable(operation.table)) return undefined;
    const today = 'writes from old code that violate it start failing';
    if (operation.kind === 'set-not-null') {
      const answer = constraintWritesAnswer(operation, context);
      if (answer?.state === 'unreferenced') return undefined;
      return {
        params: {
          table: operation.table,
          constraint: `NOT NULL on column ${operation.column}`,
          oldCode: oldCodeWords(answer, today, `${today}: old instances write it`),
        },
      };
    }
    const { contype, indexname, conname } = operation.constraint;
    const kind = KIND[contype ?? ''];
    if (kind === undefined || (contype === 'CONSTR_UNIQUE' && indexname !== undefined)) return undefined;
    const answer = constraintWritesAnswer(operation, context);
    if (answer?.state === 'unreferenced') return undefined;
    return {
      params: {
        table: operation.table,
        constraint: conname === undefined ? kind : `${kind} ${conname}`,
        oldCode: oldCodeWords(answer, today, `${today}: old instances write it`),
      },
    };
  }),
);
