import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** Part of the migration the extractor could not resolve statically: its flags are unknown. */
export const rule = defineRule(
  {
    id: 'migration-part-unresolved',
    surface: 'migrations',
    level: 'advisory',
    summary: 'Part of the migration not resolvable statically',
    message: 'not resolved statically: {reason} (unknown: {affects})',
    why: 'The extractor could not determine the SQL; the affected flags are unknown.',
    fix: 'Use literal SQL, or constants defined in the same file, for what could not be resolved ({reason}).',
    docs: 'docs/migration-rules.md',
    acceptable: false,
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [
      {
        sql: 'CREATE TABLE t (a int)',
        unresolved: [{ line: 7, reason: 'table name comes from a function parameter', affects: ['scansTable'], evidence: 'knex(tableName).update(...)' }],
      },
    ],
    quiet: [{ sql: 'CREATE TABLE t (a int)' }],
  },
  forOperations(['unresolved-part'], (operation) => ({
    params: { reason: operation.part.reason, affects: [...operation.part.affects].sort().join(', ') },
    flags: Object.fromEntries(operation.part.affects.map((flag) => [flag, 'unknown'])),
  })),
);
