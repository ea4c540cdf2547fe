import type { MigrationsSection } from '../../artifact/types.js';
import type { MigrationsFolder } from '../../config/types.js';
import type { Stage, StageInput, StageResult } from '../contract.js';
import { migrationRules } from './catalogue.js';
import { anyMigrationIn, migrationFolderOf } from './folders.js';

/** Nothing known about the release's migrations (not configured, or the stage failed). */
export const unknownSection = (): MigrationsSection => ({ present: 'unknown', count: 0, coreCount: 0, eeCount: 0, files: [] });

/** Not one migration file in the configured folders at either ref: the folders are probably misconfigured. */
function noMigrationFolderResult(folders: readonly MigrationsFolder[]): StageResult<MigrationsSection> {
  return {
    section: unknownSection(),
    verdict: { checked: false, breaking: 'unknown' },
    findings: [],
    notes: [`no migration file in the configured migrations folder(s) ${folders.map((folder) => folder.dir).join(', ')} at either ref: check \`migrations\` in release-safety.config.json (false when the service has none)`],
  };
}

/** Whether a configured folder holds a migration file at the head or the base ref. */
function hasMigrationFolder(input: StageInput, folders: readonly MigrationsFolder[]): boolean {
  return anyMigrationIn(input.trees.head.keys(), folders) || anyMigrationIn(input.trees.base.keys(), folders);
}

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
  rules: migrationRules,
  run: async (input): Promise<StageResult<MigrationsSection>> => {
    const folders = input.config.migrations;
    // `false` (the service has no migrations) gives the same answer as "none changed".
    if (folders === false) return noMigrationChangedResult();
    if (folders !== undefined && !hasMigrationFolder(input, folders)) return noMigrationFolderResult(folders);
    if (folders !== undefined && !input.changes.some((change) => migrationFolderOf(change.path, folders))) return noMigrationChangedResult();
    return (await import('./stage.js')).runMigrationsStage(input);
  },
  failClosed: unknownSection,
};
