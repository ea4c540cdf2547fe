import type { MigrationsSection } from '../../artifact/types.js';
import type { RuleMeta } from '../../rules/types.js';
import type { Stage, StageResult } from '../contract.js';
import { MIGRATION_RULES } from './catalogue.js';
import { migrationFolderOf } from './folders.js';
import { MIGRATION_FILE_RULES } from './stage-rules.js';

const unknownSection = (): MigrationsSection => ({ present: 'unknown', count: 0, coreCount: 0, eeCount: 0, files: [] });

/** Checked, and nothing in the migration folders changed: the release ships no migrations. */
export function noMigrationChangedResult(): StageResult<MigrationsSection> {
  return {
    section: { present: false, count: 0, coreCount: 0, eeCount: 0, files: [] },
    verdict: { checked: true, breaking: false },
    findings: [],
    notes: [],
  };
}

/**
 * The migrations stage. Its implementation (ts-morph, knex, the PostgreSQL grammar) is imported
 * only when a migration file changed, so that most releases, and loading the CLI, stay fast.
 */
export const migrationsStage: Stage<MigrationsSection> = {
  surface: 'migrations',
  rules: [...MIGRATION_RULES, ...MIGRATION_FILE_RULES] as readonly RuleMeta[],
  run: async (input): Promise<StageResult<MigrationsSection>> => {
    const folders = input.config.migrations;
    // `false` (the service has no migrations) gives the same answer as "none changed".
    if (folders === false || (folders !== undefined && !input.changes.some((change) => migrationFolderOf(change.path, folders)))) {
      return noMigrationChangedResult();
    }
    return (await import('./stage.js')).runMigrationsStage(input);
  },
  failClosed: unknownSection,
};
