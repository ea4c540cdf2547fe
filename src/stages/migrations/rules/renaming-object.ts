import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** Old code names functions, types, sequences and schemas in its queries: a rename breaks them. */
export const rule = defineRule(
  {
    id: 'renaming-object',
    surface: 'migrations',
    level: 'breaking',
    summary: 'RENAME of a function, type, sequence, schema or other named object',
    message: 'RENAME {kind} {name} to {newName}: old code may still use the old name',
    why: 'Old instances name the object in their queries and fail.',
    fix: 'Create {newName} beside {kind} {name} (a wrapper function, a new type or sequence) and move the code to it; drop {name} in a later release.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: 'ALTER FUNCTION normalize_email(text) RENAME TO clean_email' }],
    quiet: [{ sql: 'ALTER INDEX users_email RENAME TO users_email_idx' }],
  },
  forOperations(['rename-object'], (operation, context) =>
    context.isNewObject(operation.objectType, operation.name)
      ? undefined
      : { params: { kind: operation.objectType.replace('OBJECT_', '').replace('_', ' '), name: operation.name, newName: operation.newName } },
  ),
);
