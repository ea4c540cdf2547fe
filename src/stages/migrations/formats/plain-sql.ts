import { posix } from 'node:path';
import { isSqlFile, isTopLevel } from './listing.js';
import type { MigrationFormat } from './types.js';

/** Plain `.sql` files run in name order, each in one transaction (the runner of most hand-rolled setups). */
export const plainSqlFormat: MigrationFormat = {
  id: 'sql',
  label: 'plain SQL',
  layout: '`<name>.sql` files, run in name order',
  detect: (files) => files.some((file) => isTopLevel(file) && isSqlFile(file)),
  migrationName: (relativePath) =>
    isTopLevel(relativePath) && isSqlFile(relativePath) && !relativePath.startsWith('.') ? posix.basename(relativePath) : undefined,
  extract: async (file, text) => (await import('../extract/sql-file.js')).extractSqlMigration(file, text),
};
