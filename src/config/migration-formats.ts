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
  'knex',
  'sql',
] as const;

export type MigrationFormatId = (typeof MIGRATION_FORMAT_IDS)[number];

/** `migrations[].format` in the config: a format, or `auto` (the default) to recognise it from the folder. */
export type MigrationFormatSetting = MigrationFormatId | 'auto';
