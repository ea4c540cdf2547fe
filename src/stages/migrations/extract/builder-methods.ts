/**
 * The schema-builder calls each ORM's own generator compiles (issue 31 item 6). Kept apart from the
 * compilers so the reader can recognise a call without loading the ORM's chunk.
 */

/** node-pg-migrate `pgm.*` methods replayed through node-pg-migrate's own Migration (pgm-builder.ts). */
export const PGM_BUILDER_METHODS: ReadonlySet<string> = new Set([
  'createTable',
  'dropTable',
  'renameTable',
  'alterTable',
  'addColumns',
  'addColumn',
  'dropColumns',
  'dropColumn',
  'renameColumn',
  'alterColumn',
  'addConstraint',
  'dropConstraint',
  'renameConstraint',
  'createIndex',
  'addIndex',
  'dropIndex',
]);

/** Sequelize `queryInterface.*` methods replayed through Sequelize's QueryInterface; each sends its SQL through `sequelize.query` (sequelize-builder.ts). */
export const SEQUELIZE_BUILDER_METHODS: ReadonlySet<string> = new Set([
  'addColumn',
  'removeColumn',
  'renameColumn',
  'changeColumn',
  'addIndex',
  'removeIndex',
  'createTable',
  'dropTable',
  'addConstraint',
  'removeConstraint',
  'renameTable',
]);

/** TypeORM `queryRunner.*` schema-builder methods replayed on TypeORM's PostgresQueryRunner in SQL-memory mode (typeorm-builder.ts). */
export const TYPEORM_BUILDER_METHODS: ReadonlySet<string> = new Set([
  'createTable',
  'dropTable',
  'renameTable',
  'addColumn',
  'addColumns',
  'renameColumn',
  'changeColumn',
  'changeColumns',
  'dropColumn',
  'dropColumns',
  'createPrimaryKey',
  'createUniqueConstraint',
  'createUniqueConstraints',
  'dropUniqueConstraint',
  'dropUniqueConstraints',
  'createCheckConstraint',
  'createCheckConstraints',
  'dropCheckConstraint',
  'dropCheckConstraints',
  'createExclusionConstraint',
  'createExclusionConstraints',
  'dropExclusionConstraint',
  'dropExclusionConstraints',
  'createForeignKey',
  'createForeignKeys',
  'dropForeignKey',
  'dropForeignKeys',
  'createIndex',
  'createIndices',
  'dropIndex',
  'dropIndices',
]);
