import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** A PL/pgSQL loop runs its body a data-dependent number of times (row-by-row backfills are full backfills). */
export const rule = defineRule(
  {
    id: 'loop-over-data-unresolved',
    surface: 'migrations',
    level: 'advisory',
    summary: 'PL/pgSQL loop',
    message: '{loop} runs its body a data-dependent number of times',
    why: 'A loop over rows is a backfill whose size depends on data; every flag is unknown.',
    fix: 'Move the {loop} backfill out of the migration: run it in batches by key after deploy.',
    docs: 'docs/migration-rules.md',
    acceptable: false,
    facts: { lock: 'none', rewrites: false, scans: false, versions: 'all' },
  },
  {
    flagged: [
      {
        sql: "DO $$\nDECLARE r record;\nBEGIN\n  FOR r IN SELECT id FROM orgs LOOP\n    UPDATE users SET org_name = 'x' WHERE id = r.id;\n  END LOOP;\nEND $$",
      },
    ],
    quiet: [
      {
        sql: "DO $$\nBEGIN\n  IF NOT EXISTS (SELECT 1 FROM pg_class WHERE relname = 'x') THEN\n    UPDATE users SET plan = 'free' WHERE id = 1;\n  END IF;\nEND $$",
      },
    ],
  },
  forOperations(['loop-over-data'], (operation) => ({
    params: { loop: operation.loop },
    flags: { locksTable: 'unknown', rewritesTable: 'unknown', scansTable: 'unknown' },
  })),
);
