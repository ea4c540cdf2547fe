import { posix } from 'node:path';
import { anySample, topLevelScript } from './listing.js';
import type { MigrationFormat, MigrationFormatId } from './types.js';

/**
 * The ORM formats whose migrations are read for their raw SQL (extract/orm-sql.ts): each says how
 * its files look; extract/orm-specs.ts says where `up` and its database handle are, which calls
 * carry SQL, and when the framework runs a migration in a transaction. A builder call (the ORM's
 * own API) is `unknown`. The source parser is loaded only when a file is read.
 */

type OrmFormatId = 'typeorm' | 'mikro-orm' | 'sequelize' | 'kysely' | 'node-pg-migrate';

function ormFormat(id: OrmFormatId & MigrationFormatId, label: string, layout: string, marker: RegExp): MigrationFormat {
  return {
    id,
    label,
    layout,
    detect: (_files, samples) => anySample(samples, marker, topLevelScript),
    migrationName: (relativePath) => (topLevelScript(relativePath) ? posix.basename(relativePath) : undefined),
    extract: async (file, text, read) => {
      const [{ extractOrmSqlMigration }, { ORM_SQL_SPECS }] = await Promise.all([import('../extract/orm-sql.js'), import('../extract/orm-specs.js')]);
      return extractOrmSqlMigration(file, text, read, ORM_SQL_SPECS[id]);
    },
  };
}

/** TypeORM: `<timestamp>-<Name>.ts` classes implementing MigrationInterface (`migration:generate` writes `queryRunner.query`). */
export const typeormFormat = ormFormat(
  'typeorm',
  'TypeORM',
  '`<timestamp>-<Name>.ts` class with `up(queryRunner)`',
  /\bMigrationInterface\b|\bQueryRunner\b|from ['"]typeorm['"]/,
);

/** MikroORM: `Migration<timestamp>.ts` classes extending Migration, calling `this.addSql`. */
export const mikroOrmFormat = ormFormat(
  'mikro-orm',
  'MikroORM',
  '`Migration<timestamp>.ts` class with `up()` calling `this.addSql`',
  /@mikro-orm\/migrations|\bthis\.addSql\s*\(/,
);

/** Sequelize (sequelize-cli / umzug): `<timestamp>-<name>.js` exporting `up(queryInterface, Sequelize)`. */
export const sequelizeFormat = ormFormat(
  'sequelize',
  'Sequelize',
  '`<timestamp>-<name>.js` exporting `up(queryInterface, Sequelize)`',
  /\bqueryInterface\b|\bQueryInterface\b|sequelize-cli|from ['"]sequelize['"]|require\(['"]sequelize['"]\)/,
);

/** kysely: `<timestamp>_<name>.ts` exporting `up(db: Kysely<any>)`. */
export const kyselyFormat = ormFormat('kysely', 'kysely', '`<timestamp>_<name>.ts` exporting `up(db: Kysely<any>)`', /from ['"]kysely['"]|\bKysely</);

/** node-pg-migrate: `<timestamp>_<name>.js` exporting `up(pgm)`. */
export const nodePgMigrateFormat = ormFormat(
  'node-pg-migrate',
  'node-pg-migrate',
  '`<timestamp>_<name>.js` exporting `up(pgm)`',
  /node-pg-migrate|\bMigrationBuilder\b|\bpgm\.\w+\s*\(/,
);
