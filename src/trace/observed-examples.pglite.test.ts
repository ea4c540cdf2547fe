/**
 * The examples of the rules the trace reports hold a recorded PostgreSQL observation (so the
 * catalogue test stays pure). Each is re-observed here in a real PGlite: the released schema, seeded
 * tables, then the migration statement by statement. The record must be exactly what PostgreSQL does.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationRuleList } from '../stages/migrations/catalogue.js';
import type { MigrationObservedExample } from '../stages/migrations/rules/rule.js';
import { loadParser } from '../stages/migrations/sql.js';
import type { Database } from './database.js';
import { freshDatabase } from './trace.js';
import { observationBaseline, observeMigration, replayMigrations, seedTables } from './run.js';

const examples = migrationRuleList.flatMap((rule) =>
  [...rule.examples.flagged, ...rule.examples.quiet]
    .filter((example): example is MigrationObservedExample => 'observed' in example)
    .map((example, index) => ({ name: `${rule.meta.id} #${index + 1}`, example })),
);

const extracted = (file: string, sql: string) => ({ file, statements: [{ sql, line: 1, origin: 'sql-file' as const }], unresolved: [], inTransaction: true });

describe('recorded observations of the trace rules, re-observed in PGlite', () => {
  let db: Database;
  beforeAll(async () => {
    await loadParser();
    // The shared test cache: initdb (most of a cold start) is paid once per machine.
    db = await freshDatabase(join(tmpdir(), 'release-safety-test-trace-cache'));
  }, 60_000);
  afterAll(async () => db.close());

  it('has examples to check', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
  });

  it.each(examples)(
    '$name',
    async ({ example }) => {
      // Each example on an empty public schema (its domains, types and tables go with it).
      await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
      const replay = await replayMigrations(db, [{ file: 'migrations/000.sql', migration: extracted('migrations/000.sql', example.released) }]);
      expect(replay.failures).toEqual([]);
      const tables = (
        await db.query<{ name: string }>(`SELECT relname AS name FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace`)
      ).rows.map((row) => row.name);
      const seeds = await seedTables(db, new Set(tables), 100);
      expect(seeds.filter((seed) => seed.error !== undefined)).toEqual([]);
      const observation = await observeMigration(db, 'migrations/001.sql', extracted('migrations/001.sql', example.sql), await observationBaseline(db));
      expect(observation.incomplete).toEqual([]);
      expect(observation.statements).toEqual(example.observed);
    },
    30_000,
  );
});
