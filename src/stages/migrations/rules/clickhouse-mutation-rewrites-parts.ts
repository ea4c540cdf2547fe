import { defineRule } from '../../../rules/define.js';
import { forOperations } from './rule.js';

/** A ClickHouse mutation rewrites every data part of the table in the background. */
export const rule = defineRule(
  {
    id: 'clickhouse-mutation-rewrites-parts',
    surface: 'migrations',
    level: 'advisory',
    summary: 'ClickHouse mutation (MATERIALIZE, ALTER UPDATE/DELETE, MODIFY COLUMN type, MODIFY TTL, OPTIMIZE)',
    message: '{mutation} on {table}: a mutation rewrites every part of the table',
    why: 'ClickHouse runs a mutation by reading and rewriting every data part of the table in the background (docs: "Mutations"): on a large table it takes hours, competes with merges and inserts for disk and CPU, and with `mutations_sync` the migration (and the new version\'s start) waits for it. Old and new instances then serve from a table in the middle of a rewrite.',
    fix: "Run `{mutation}` on {table} outside the release's migrations (an operator task after the upgrade, watched in system.mutations), or make the new code work before it has finished (a new skip index helps only once materialised).",
    docs: 'docs/migration-rules.md',
    facts: { lock: 'none', rewrites: true, scans: true, versions: 'all (mutations are asynchronous unless mutations_sync is set)', dialect: 'clickhouse' },
  },
  {
    flagged: [
      {
        dialect: 'clickhouse',
        sql: 'ALTER TABLE traces ON CLUSTER default ADD INDEX IF NOT EXISTS idx_user_id user_id TYPE bloom_filter() GRANULARITY 1 SETTINGS alter_sync = 2;\nALTER TABLE traces ON CLUSTER default MATERIALIZE INDEX IF EXISTS idx_user_id SETTINGS mutations_sync = 2;',
      },
    ],
    quiet: [
      {
        dialect: 'clickhouse',
        sql: 'ALTER TABLE traces ON CLUSTER default ADD INDEX IF NOT EXISTS idx_user_id user_id TYPE bloom_filter() GRANULARITY 1 SETTINGS alter_sync = 2;',
      },
    ],
  },
  forOperations(['clickhouse-mutation'], (operation, context) =>
    context.isNewTable(operation.table) ? undefined : { params: { table: operation.table, mutation: operation.mutation } },
  ),
);
