import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** Old code still writes and compares the old enum label. */
export const rule = defineRule(
  {
    id: 'renaming-enum-value',
    surface: 'migrations',
    level: 'breaking',
    summary: 'ALTER TYPE … RENAME VALUE',
    message: 'enum {type} renames value {from} to {to}: old code still writes {from}',
    why: 'Old instances write and compare the old label and fail or misbehave.',
    fix: "ALTER TYPE {type} ADD VALUE '{to}' in this release, write {to} and migrate rows from {from}; stop accepting {from} in a later release.",
    docs: 'docs/migration-rules.md',
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: "ALTER TYPE order_status RENAME VALUE 'shipped' TO 'dispatched'" }],
    quiet: [{ sql: "ALTER TYPE order_status ADD VALUE IF NOT EXISTS 'returned'" }],
  },
  forOperations(['rename-enum-value'], (operation) => ({
    params: { type: operation.type, from: operation.from, to: operation.to },
  })),
);
