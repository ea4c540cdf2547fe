import { anySample, isSqlFile, isTopLevel } from './listing.js';
import type { MigrationFormat } from './types.js';

/**
 * drizzle-kit: `NNNN_<name>.sql` with `--> statement-breakpoint` between statements (an SQL comment,
 * so the grammar splits the file the same way), listed in `meta/_journal.json` beside snapshots.
 * drizzle's migrator runs the pending migrations in one transaction.
 */
const MIGRATION_FILE = /^\d{4}_[^/]+\.sql$/;

export const drizzleFormat: MigrationFormat = {
  id: 'drizzle',
  label: 'drizzle-kit',
  layout: '`NNNN_<name>.sql` + `meta/_journal.json`',
  detect: (files, samples) =>
    files.includes('meta/_journal.json') ||
    (files.some((file) => MIGRATION_FILE.test(file)) && anySample(samples, /^--> statement-breakpoint/m, (path) => isTopLevel(path) && isSqlFile(path))),
  migrationName: (relativePath) => (MIGRATION_FILE.test(relativePath) ? relativePath.replace(/\.sql$/, '') : undefined),
  extract: async (file, text) => (await import('../extract/sql-file.js')).extractSqlMigration(file, text),
};
