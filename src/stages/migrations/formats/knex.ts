import { posix } from 'node:path';
import { anySample, isScriptFile, isSqlFile, isTopLevel } from './listing.js';
import type { MigrationFormat } from './types.js';

/**
 * knex: `.ts`/`.js` files exporting `up(knex)`, loaded from the folder itself (not sub-folders).
 * `.sql` files beside them are read as SQL, as before formats existed (setups that run them through
 * `knex.raw` of the file). The extractor replays the knex calls on knex itself (extract/knex.ts).
 */
const KNEX_TEXT = /\bknex\b|\bKnex\b|\.schema\s*\.\s*(createTable|alterTable|table|dropTable|raw)\s*\(/;

export const knexFormat: MigrationFormat = {
  id: 'knex',
  label: 'knex',
  layout: '`<timestamp>_<name>.ts`/`.js` exporting `up(knex)`',
  detect: (_files, samples) => anySample(samples, KNEX_TEXT, (path) => isTopLevel(path) && isScriptFile(path)),
  migrationName: (relativePath) =>
    isTopLevel(relativePath) && (isScriptFile(relativePath) || isSqlFile(relativePath)) && !relativePath.startsWith('.')
      ? posix.basename(relativePath)
      : undefined,
  extract: async (file, text, read) => {
    if (file.endsWith('.sql')) return (await import('../extract/sql-file.js')).extractSqlMigration(file, text);
    return (await import('../extract/knex.js')).extractKnexMigration(file, text, { readRepoFile: read });
  },
};
