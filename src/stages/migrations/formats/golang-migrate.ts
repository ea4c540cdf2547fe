import type { MigrationFormat } from './types.js';

/**
 * golang-migrate: `<version>_<title>.up.sql` beside `<version>_<title>.down.sql`; the down file is
 * never read. The migration's name is `<version>_<title>`. The PostgreSQL driver sends the file as
 * one simple query: several statements share one implicit transaction.
 *
 * Services that ship one schema for several deployment shapes keep one golang-migrate source per
 * shape in sub-folders (langfuse: `clickhouse/migrations/clustered/` and `unclustered/`): each is a
 * forward migration of its shape, named `<shape>/<version>_<title>`.
 */
const UP_FILE = /^((?:[^/]+\/)?\d+_[^/]*)\.up\.sql$/;
const DOWN_FILE = /^(?:[^/]+\/)?\d+_[^/]*\.down\.sql$/;

export const golangMigrateFormat: MigrationFormat = {
  id: 'golang-migrate',
  label: 'golang-migrate',
  layout: '`<version>_<title>.up.sql` / `.down.sql`, also one sub-folder per deployment shape (`clustered/`, `unclustered/`)',
  detect: (files) => files.some((file) => UP_FILE.test(file)) || files.some((file) => DOWN_FILE.test(file)),
  migrationName: (relativePath) => UP_FILE.exec(relativePath)?.[1],
  extract: async (file, text) => (await import('../extract/sql-file.js')).extractSqlMigration(file, text, { inTransaction: 'implicit' }),
};
