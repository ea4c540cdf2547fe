import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** A type, domain, sequence, extension, schema or cast old code may name in its queries. */
export const rule = defineRule(
  {
    id: 'ban-drop-object',
    surface: 'migrations',
    level: 'breaking',
    summary: 'DROP TYPE / DOMAIN / SEQUENCE / EXTENSION / SCHEMA / CAST',
    message: 'DROP {kind} {name}: old code may still name it',
    why: "Old instances cast to the type, call nextval on the sequence or use the extension's functions in their queries, and fail.",
    fix: 'Stop using {kind} {name} in this release; DROP {kind} {name} in a later release, once no supported previous version names it.',
    docs: 'docs/migration-rules.md',
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [{ sql: 'DROP TYPE IF EXISTS mood' }],
    quiet: [{ sql: "CREATE TYPE tmp_mood AS ENUM ('a');\nCREATE SEQUENCE tmp_seq;\nDROP TYPE tmp_mood;\nDROP SEQUENCE tmp_seq" }],
  },
  forOperations(['drop-object'], (operation, context) =>
    context.isNewObject(operation.objectType, operation.name)
      ? undefined
      : { params: { kind: operation.objectType.replace('OBJECT_', '').replace('_', ' '), name: operation.name } },
  ),
);
