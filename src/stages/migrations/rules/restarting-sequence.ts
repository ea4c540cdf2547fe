import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** A restarted sequence hands out values already used: the INSERTs of old and new code collide. */
export const rule = defineRule(
  {
    id: 'restarting-sequence',
    surface: 'migrations',
    level: 'breaking',
    summary: 'ALTER SEQUENCE … RESTART',
    message: 'ALTER SEQUENCE {sequence} RESTART: later INSERTs may get values already used',
    why: "A restarted sequence hands out values rows already have: old and new instances' inserts fail on the key.",
    fix: "Only move {sequence} forward: SELECT setval('{sequence}', (SELECT max(id) FROM its table)); never restart it below values rows already have.",
    docs: 'docs/migration-rules.md',
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: 'ALTER SEQUENCE users_id_seq RESTART WITH 1' }],
    quiet: [{ sql: 'ALTER SEQUENCE users_id_seq OWNED BY users.id CACHE 10' }],
  },
  forOperations(['restart-sequence'], (operation, context) =>
    context.isNewObject('OBJECT_SEQUENCE', operation.sequence) ? undefined : { params: { sequence: operation.sequence } },
  ),
);
