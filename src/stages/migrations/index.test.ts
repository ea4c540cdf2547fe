import { describe, expect, it } from 'vitest';
import { stageInput } from '../../../test/helpers/stage-input.js';
import { migrationsStage } from './index.js';
import { runMigrationsStage } from './stage.js';

describe('migrationsStage fast path', () => {
  const config = { migrations: [{ dir: 'db/migrations', edition: 'core' as const }] };

  it('answers "no migrations" exactly as the full stage does when no migration file changed', async () => {
    const input = stageInput(
      {
        base: { 'db/migrations/001.sql': 'create table a (id int);', 'src/a.ts': 'x' },
        head: { 'db/migrations/001.sql': 'create table a (id int);', 'src/a.ts': 'y', 'db/migrations/README.md': '# how to add one' },
      },
      config,
    );
    const fast = await migrationsStage.run(input);
    expect(input.reads.size).toBe(0);
    expect(fast).toEqual(await runMigrationsStage(input));
    expect(fast.verdict).toEqual({ checked: true, breaking: false });
  });

  it('does not answer "no migrations" for a file in a sub-folder a plain SQL runner may execute (issue 28)', async () => {
    const input = stageInput(
      {
        base: { 'db/migrations/001.sql': 'create table a (id int);' },
        head: { 'db/migrations/001.sql': 'create table a (id int);', 'db/migrations/nested/002.sql': 'drop table a;' },
      },
      config,
    );
    const result = await migrationsStage.run(input);
    expect(result.verdict).toEqual({ checked: true, breaking: 'unknown' });
    expect(result.findings).toEqual([
      expect.objectContaining({ rule: 'migration-extraction-failed', params: expect.objectContaining({ file: 'db/migrations/nested/002.sql' }) }),
    ]);
  });

  it('answers for a service without migrations (`false`) exactly as the full stage does', async () => {
    const input = stageInput({ base: {}, head: { 'db/migrations/001.sql': 'drop table users;' } }, { migrations: false });
    expect(await migrationsStage.run(input)).toEqual(await runMigrationsStage(input));
  });

  it('does not answer "no migrations" when no configured folder holds a migration at either ref (a wrong `dir`)', async () => {
    const misspelt = { migrations: [{ dir: 'db/migrtions', edition: 'core' as const }] };
    const input = stageInput(
      {
        base: { 'db/migrations/001.sql': 'create table a (id int);' },
        head: { 'db/migrations/001.sql': 'create table a (id int);', 'db/migrations/002.sql': 'drop table a;' },
      },
      misspelt,
    );
    const result = await migrationsStage.run(input);
    expect(result.section.present).toBe('unknown');
    expect(result.verdict).toEqual({ checked: false, breaking: 'unknown' });
    expect(result.notes).toEqual([
      'the configured migrations folder(s) db/migrtions hold no migration file at either ref: set `migrations[].dir` in release-safety.config.json to the folder that holds the migration files (or `migrations: false` when the service has none)',
    ]);
    expect(input.reads.size).toBe(0);
  });

  it('still runs the full stage when a migration was added', async () => {
    const input = stageInput({ base: {}, head: { 'db/migrations/002.sql': 'create index i on users (a);' } }, config);
    const result = await migrationsStage.run(input);
    expect(result.section.count).toBe(1);
    expect(result.verdict.breaking).toBe(true);
  });
});
