import type { MigrationFormat } from './types.js';

/**
 * Prisma Migrate: one folder per migration (`20240501120000_add_x/migration.sql`) beside
 * `migration_lock.toml`. The migration's name is its folder. `prisma migrate deploy` sends each
 * script as one simple query: several statements share one implicit transaction.
 */
const MIGRATION_FILE = /^([^/]+)\/migration\.sql$/;

export const prismaFormat: MigrationFormat = {
  id: 'prisma',
  label: 'Prisma Migrate',
  layout: '`<timestamp>_<name>/migration.sql` (+ `migration_lock.toml`)',
  detect: (files) => files.includes('migration_lock.toml') || files.some((file) => MIGRATION_FILE.test(file)),
  migrationName: (relativePath) => MIGRATION_FILE.exec(relativePath)?.[1],
  extract: async (file, text) => (await import('../extract/sql-file.js')).extractSqlMigration(file, text, { inTransaction: 'implicit' }),
};
