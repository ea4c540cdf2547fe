/**
 * The migration formats a config may name in `migrations[].format` (one module per format in
 * `src/stages/migrations/formats/`, listed in its `registry.ts`). Held here, below the stages, because
 * the config's types need them and the stages read the config.
 */

export const MIGRATION_FORMAT_IDS = [
  'prisma',
  'drizzle',
  'golang-migrate',
  'flyway',
  'goose',
  'dbmate',
  'typeorm',
  'mikro-orm',
  'sequelize',
  'kysely',
  'node-pg-migrate',
  'sql-scripts',
  'knex',
  'sql',
] as const;

export type MigrationFormatId = (typeof MIGRATION_FORMAT_IDS)[number];

/** `migrations[].format` in the config: a format, or `auto` (the default) to recognise it from the folder. */
export type MigrationFormatSetting = MigrationFormatId | 'auto';

/**
 * The databases a migrations folder may be written for (`migrations[].dialect`). PostgreSQL is the
 * default; ClickHouse (run beside PostgreSQL) has its own rule set; MySQL and SQLite are recognised
 * so that their folders are never parsed with the PostgreSQL grammar, and are not judged.
 */
export const MIGRATION_DIALECTS = ['postgresql', 'mysql', 'sqlite', 'clickhouse'] as const;

export type MigrationDialect = (typeof MIGRATION_DIALECTS)[number];

/** The dialects whose migrations have rules: anything else changed is `unknown`, naming the dialect. */
export const JUDGED_DIALECTS: readonly MigrationDialect[] = ['postgresql', 'clickhouse'];

export const DIALECT_LABELS: Readonly<Record<MigrationDialect, string>> = {
  postgresql: 'PostgreSQL',
  mysql: 'MySQL',
  sqlite: 'SQLite',
  clickhouse: 'ClickHouse',
};
