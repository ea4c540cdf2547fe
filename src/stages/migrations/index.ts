import type { MigrationsSection } from '../../artifact/types.js';
import type { MigrationsFolder } from '../../config/types.js';
import { anyTrue, type Tri } from '../../core/tristate.js';
import { normalConfigPath, type SectionVerdict, type Stage, type StageInput, type StageResult } from '../contract.js';
import { migrationRules } from './catalogue.js';
import { alternativeDeploymentNotes, anyFileIn, deepFolderOf, folderOf } from './folders.js';
import { DOCUMENTATION_REASON, ignoredNote, isDocumentation } from './coverage.js';
import { mayBeMigration } from './formats/registry.js';

/** Nothing known about the release's migrations (not configured, or the stage failed). */
export const unknownSection = (): MigrationsSection => ({ present: 'unknown', count: 0, coreCount: 0, eeCount: 0, files: [] });

/** Not one file that can be a migration in the configured folders at either ref: "no migrations" would not be proven. */
function emptyFoldersResult(folders: readonly MigrationsFolder[]): StageResult<MigrationsSection> {
  return {
    section: unknownSection(),
    verdict: { checked: false, breaking: 'unknown' },
    findings: [],
    notes: [
      `the configured migrations folder(s) ${folders.map((folder) => folder.dir).join(', ')} hold no migration file at either ref: set \`migrations[].dir\` in release-safety.config.json to the folder that holds the migration files (or \`migrations: false\` when the service has none)`,
    ],
  };
}

/** Whether a configured folder holds a file that can be a migration (by name) at the head or the base ref. */
function hasFiles(input: StageInput, folders: readonly MigrationsFolder[]): boolean {
  const candidate = (path: string) => mayBeChangedMigration(path, folders);
  return anyFileIn(input.trees.head.keys(), folders, candidate) || anyFileIn(input.trees.base.keys(), folders, candidate);
}

/** Whether a changed path can be a migration of its folder (by name only: no file is read). */
function mayBeChangedMigration(path: string, folders: readonly MigrationsFolder[]): boolean {
  const owner = folderOf(path, folders);
  return owner !== undefined && mayBeMigration(owner.relativePath, owner.folder.format);
}

/**
 * Whether a changed path needs the stage: any file of a configured folder that some runner may
 * execute (anything but documentation), at any depth below it (a layout no format reads is `unknown`,
 * never "no migrations"; coverage.ts decides which files a runner never executes).
 */
function needsStage(path: string, folders: readonly MigrationsFolder[]): boolean {
  const owner = folderOf(path, folders) ?? deepFolderOf(path, folders);
  return owner !== undefined && (mayBeMigration(owner.relativePath, owner.folder.format) || !isDocumentation(owner.relativePath));
}

/** Checked, and nothing in the migration folders changed: the release ships no migrations. */
export function noMigrationChangedResult(notes: string[] = []): StageResult<MigrationsSection> {
  return {
    section: { present: false, count: 0, coreCount: 0, eeCount: 0, files: [] },
    verdict: { checked: true, breaking: false },
    findings: [],
    notes,
  };
}

/**
 * The migrations stage. Its implementation (format detection, the source parser, knex, the PostgreSQL
 * grammar) is imported only when a file that can be a migration changed, so that most releases,
 * and loading the CLI, stay fast.
 */
export const migrationsStage: Stage<MigrationsSection> = {
  surface: 'migrations',
  rules: migrationRules,
  run: async (input): Promise<StageResult<MigrationsSection>> => {
    const folders = input.config.migrations;
    // `false` (the service has no migrations) gives the same answer as "none changed".
    if (folders === false) return noMigrationChangedResult();
    if (folders !== undefined && !hasFiles(input, folders)) return emptyFoldersResult(folders);
    if (folders !== undefined && !input.changes.some((change) => needsStage(change.path, folders))) {
      const documentation = input.changes
        .filter((change) => folderOf(change.path, folders) !== undefined)
        .map((change) => ignoredNote(change.path, DOCUMENTATION_REASON));
      return noMigrationChangedResult([...alternativeDeploymentNotes(folders), ...documentation]);
    }
    return (await import('./stage.js')).runMigrationsStage(input);
  },
  failClosed: unknownSection,
  configKeys: ['migrations', 'postgresVersion'],
  configuredPaths: (config) =>
    config.migrations
      ? config.migrations.map((folder, index) => ({ key: `migrations[${index}].dir`, path: normalConfigPath(folder.dir), shape: 'folder' as const }))
      : [],
  sectionVerdict: migrationsSectionVerdict,
  acceptance: { where: '`-- @release-safety accept <rule>: <reason>` (or `//`) above the statement or as the first comment of the file' },
  summary: (section) => `present: ${String(section.present)}, ${section.count} file(s) (core ${section.coreCount}, ee ${section.eeCount})`,
};

/** Heaviness is what breaks a rolling update here: a heavy file is a proven break, an unclassified one unknown. */
function migrationsSectionVerdict(section: MigrationsSection): SectionVerdict {
  const breaking = anyTrue(section.files.flatMap((file) => [file.heaviness.locksTable, file.heaviness.rewritesTable, file.heaviness.scansTable]));
  const unclassified = filesWithFlag(section, 'unknown');
  return {
    checked: section.present !== 'unknown',
    breaking,
    ...(breaking === true
      ? { provenBreak: { cause: 'heavy-migration' as const, detail: `heavy migration(s): ${filesWithFlag(section, true).join(', ')}` } }
      : {}),
    ...(unclassified.length > 0 ? { unknownDetail: `unclassified migration(s): ${unclassified.join(', ')}` } : {}),
  };
}

function filesWithFlag(section: MigrationsSection, flag: Tri): string[] {
  return section.files.filter((file) => Object.values(file.heaviness).includes(flag)).map((file) => file.name);
}
