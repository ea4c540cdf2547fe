import type { ReadRepoFile } from '../extract/modules.js';
import type { ExtractedMigration } from '../types.js';

/**
 * A migration format: how a framework lays out its migrations folder and what one file runs.
 * One module per format in this folder; `registry.ts` lists them. Every module is light to import
 * (file-name tests and a text sniff); its extractor, and any parser or ORM it needs, is imported
 * lazily inside `extract`, only when a file of that format is read.
 */

// The format ids are what the config's `migrations[].format` accepts: the config layer holds the list.
export { MIGRATION_FORMAT_IDS, type MigrationFormatId, type MigrationFormatSetting } from '../../../config/migration-formats.js';
import type { MigrationFormatId } from '../../../config/migration-formats.js';

export interface MigrationFormat {
  id: MigrationFormatId;
  /** The framework's name, as its users know it (README table, notes). */
  label: string;
  /** The folder layout in a few words, e.g. "`<timestamp>_<name>/migration.sql`". */
  layout: string;
  /**
   * Whether a folder is in this format. `files` are the folder's paths relative to it (its own files
   * and those one sub-folder down); `samples` holds the text of a few of them (by relative path).
   */
  detect(files: readonly string[], samples: ReadonlyMap<string, string>): boolean;
  /**
   * The migration a path (relative to the folder) is, with its name as the framework records it;
   * undefined when the path is not a forward migration (a down file, a snapshot, a helper).
   */
  migrationName(relativePath: string): string | undefined;
  /**
   * Whether the framework runs this migration again whenever its content changes (Flyway's
   * repeatable `R__` files): an edit is then a new run, not a tampered released migration.
   */
  rerunsWhenChanged?(relativePath: string): boolean;
  /** The statements one forward migration runs (down parts are never read). */
  extract(file: string, text: string, read: ReadRepoFile): Promise<ExtractedMigration>;
}

/** A forward migration of a configured folder: its repository path and the name the framework records. */
export interface ForwardMigration {
  path: string;
  name: string;
}
