import type { ExtractedMigration } from '../types.js';
import { extractKnexMigration } from './knex.js';
import type { ReadRepoFile } from './modules.js';
import { extractSqlMigration } from './sql-file.js';

export type { ReadRepoFile } from './modules.js';

export { MIGRATION_EXTENSIONS } from '../folders.js';

/**
 * Statements of one migration file, by its extension. `readRepoFile` reads other files of the
 * repository at the same ref (imported constants of knex migrations).
 */
export function extractMigration(file: string, text: string, readRepoFile: ReadRepoFile): Promise<ExtractedMigration> {
  if (file.endsWith('.sql')) return extractSqlMigration(file, text);
  return extractKnexMigration(file, text, { readRepoFile });
}
