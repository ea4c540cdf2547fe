import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { detectFormat, MIGRATION_FORMATS, unrecognisedFolderNote } from './registry.js';
import { MIGRATION_FORMAT_IDS } from './types.js';

describe('migration-format registry', () => {
  test('every id is registered once, and the config schema accepts exactly them and auto', () => {
    expect(MIGRATION_FORMATS.map((format) => format.id).sort()).toEqual([...MIGRATION_FORMAT_IDS].sort());
    const schema = JSON.parse(readFileSync('schemas/release-safety.config.schema.json', 'utf8')) as {
      properties: { migrations: { oneOf: Array<{ items?: { properties: { format: { enum: string[] } } } }> } };
    };
    const formatEnum = schema.properties.migrations.oneOf[1]!.items!.properties.format.enum;
    expect([...formatEnum].sort()).toEqual(['auto', ...MIGRATION_FORMAT_IDS].sort());
  });

  const samples = (entries: Record<string, string>) => new Map(Object.entries(entries));
  test.each([
    ['prisma', ['migration_lock.toml', '20240101000000_init/migration.sql'], {}],
    ['drizzle', ['0000_init.sql', 'meta/_journal.json', 'meta/0000_snapshot.json'], {}],
    ['golang-migrate', ['000001_init.up.sql', '000001_init.down.sql'], {}],
    ['flyway', ['V1__init.sql', 'V2__users.sql', 'U2__users.sql'], {}],
    ['goose', ['20240101000000_init.sql'], { '20240101000000_init.sql': '-- +goose Up\nSELECT 1;\n-- +goose Down\n' }],
    ['dbmate', ['20240101000000_init.sql'], { '20240101000000_init.sql': '-- migrate:up\nSELECT 1;\n-- migrate:down\n' }],
    ['typeorm', ['1700000000000-Init.ts'], { '1700000000000-Init.ts': 'import { MigrationInterface, QueryRunner } from "typeorm";\n' }],
    ['mikro-orm', ['Migration20240101000000.ts'], { 'Migration20240101000000.ts': "import { Migration } from '@mikro-orm/migrations';\n" }],
    ['sequelize', ['20240101000000-init.js'], { '20240101000000-init.js': 'module.exports = { async up(queryInterface, Sequelize) {} };\n' }],
    ['kysely', ['2024_01_01_init.ts'], { '2024_01_01_init.ts': "import type { Kysely } from 'kysely';\n" }],
    ['node-pg-migrate', ['1700000000000_init.js'], { '1700000000000_init.js': 'exports.up = (pgm) => { pgm.sql(`SELECT 1`); };\n' }],
    [
      'sql-scripts',
      ['1.16.0-1713942039-add-organization-custom-data.ts', 'utils/1704934999-tables.ts'],
      {
        '1.16.0-1713942039-add-organization-custom-data.ts':
          "import { sql } from '@silverhand/slonik';\nconst alteration = {\n  up: async (pool) => {\n    await pool.query(\n      sql`alter table organizations add column custom_data jsonb`\n    );\n  },\n};\nexport default alteration;\n",
      },
    ],
    ['knex', ['20240101_init.ts'], { '20240101_init.ts': "import { Knex } from 'knex';\nexport async function up(knex: Knex) {}\n" }],
    ['sql', ['001_init.sql', '002_users.sql'], { '002_users.sql': 'CREATE TABLE users (id int);' }],
  ] as const)('%s is recognised from its folder', (id, files, texts) => {
    expect(detectFormat('auto', files, samples(texts))?.id).toBe(id);
  });

  test('a folder of scripts no format claims is not taken for knex', () => {
    const files = ['1700000000000-AddUsers.ts'];
    const texts = samples({ '1700000000000-AddUsers.ts': 'export class AddUsers { async up(runner) { await runner.run(`x`) } }' });
    expect(detectFormat('auto', files, texts)).toBeUndefined();
    expect(unrecognisedFolderNote('src/migrations', files)).toBe(
      'src/migrations: no supported migration format recognised in 1 file (1 .ts), e.g. 1700000000000-AddUsers.ts; supported formats: prisma, drizzle, golang-migrate, flyway, goose, dbmate, sql-scripts, typeorm, mikro-orm, sequelize, kysely, node-pg-migrate, knex, sql. Set `format` on this folder in release-safety.config.json to name it',
    );
  });

  test('a configured format overrides detection', () => {
    expect(detectFormat('goose', ['001_init.sql'], samples({}))?.id).toBe('goose');
  });
});
