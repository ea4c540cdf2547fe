import { readFileSync } from 'node:fs';
import { INIT_REFORMATTED, upStatements, type Migration, type SqlLayout } from './sql-layouts.js';

/**
 * The ORM formats, laid out as their public users write them (read through the `search` tool):
 * - TypeORM `migration:generate`: `src/migrations/<timestamp>-<Name>.ts`, a class implementing
 *   MigrationInterface with `name = '…'` and `await queryRunner.query(\`…\`)` per statement
 *   (e.g. Nexoracode/book, orlando70/AuthTS);
 * - MikroORM: `src/migrations/Migration<timestamp>.ts`, `this.addSql('…');` per statement
 *   (e.g. oscaroox/nestjs-auth-starter);
 * - Sequelize (sequelize-cli): `migrations/<timestamp>-<name>.js`, `module.exports = { async up(queryInterface, Sequelize) }`
 *   inside `queryInterface.sequelize.transaction` (e.g. cirosantilli/node-express-sequelize-nextjs-realworld-example-app);
 * - kysely: `src/migrations/<date>_<name>.ts`, `await sql\`…\`.execute(db)` (e.g. tkislan/teaching-nextjs-2024);
 * - node-pg-migrate: `migrations/<timestamp>_<name>.ts` with `MigrationBuilder` and `pgm.sql(\`…\`)`
 *   (e.g. Tampere/vuorovaikutusalusta).
 * - SQL run from TypeScript scripts (logto): `packages/schemas/alterations/<version>-<timestamp>-<name>.ts`
 *   exporting `const alteration: AlterationScript = { up: async (pool) => { await pool.query(sql\`…\`) }, down }`
 *   with slonik's `sql` tag, beside logto's own runner (fixtures/orm/logto-alterations/runner-index.ts).
 * The second formatting of each (double quotes, other indentation and wrapping) is what a prettier
 * run over the folder does.
 */

const stamp = (version: number) => 1706745600000 + version;
const pascal = (slug: string) => slug.replace(/(^|_)(\w)/g, (_all, _sep: string, letter: string) => letter.toUpperCase());
const prettier = (m: Migration) => m.up === INIT_REFORMATTED;
const template = (sql: string) => `\`${sql.replace(/`/g, '\\`')}\``;
const quoted = (sql: string, double: boolean) => (double ? JSON.stringify(sql) : `'${sql.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`);

export const ORM_LAYOUTS: SqlLayout[] = [
  {
    format: 'typeorm',
    dir: 'src/migrations',
    path: (m) => `src/migrations/${stamp(m.version)}-${pascal(m.slug)}.ts`,
    name: (m) => `${stamp(m.version)}-${pascal(m.slug)}.ts`,
    files: (m) => {
      const indent = prettier(m) ? '    ' : '        ';
      const calls = upStatements(m)
        .map((sql) => `${indent}await queryRunner.query(${template(sql)});`)
        .join('\n');
      const down = upStatements({ ...m, up: m.down })
        .map((sql) => `${indent}await queryRunner.query(${template(sql)});`)
        .join('\n');
      const q = prettier(m) ? '"' : "'";
      return {
        [`src/migrations/${stamp(m.version)}-${pascal(m.slug)}.ts`]: `import { MigrationInterface, QueryRunner } from ${q}typeorm${q};\n\nexport class ${pascal(m.slug)}${stamp(m.version)} implements MigrationInterface {\n    name = ${q}${pascal(m.slug)}${stamp(m.version)}${q}\n\n    public async up(queryRunner: QueryRunner): Promise<void> {\n${calls}\n    }\n\n    public async down(queryRunner: QueryRunner): Promise<void> {\n${down}\n    }\n\n}\n`,
      };
    },
    unsupported: {
      files: {
        'src/migrations/1706745700000-AddBio.ts':
          "import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';\n\nexport class AddBio1706745700000 implements MigrationInterface {\n    public async up(queryRunner: QueryRunner): Promise<void> {\n        await queryRunner.addColumn('users', new TableColumn({ name: process.env.BIO_COLUMN!, type: 'text', isNullable: true }));\n    }\n\n    public async down(queryRunner: QueryRunner): Promise<void> {\n        await queryRunner.dropColumn('users', 'bio');\n    }\n}\n",
      },
      name: '1706745700000-AddBio.ts',
      reason: /^TypeORM `addColumn\(…\)` not compiled: a TypeORM builder argument is not a constant/,
    },
  },
  {
    format: 'mikro-orm',
    dir: 'src/migrations',
    path: (m) => `src/migrations/Migration2024020100000${m.version}.ts`,
    name: (m) => `Migration2024020100000${m.version}.ts`,
    files: (m) => ({
      [`src/migrations/Migration2024020100000${m.version}.ts`]: `import { Migration } from '@mikro-orm/migrations';\n\nexport class Migration2024020100000${m.version} extends Migration {\n\n  async up(): Promise<void> {\n${upStatements(
        m,
      )
        .map((sql) => (prettier(m) ? `    this.addSql(\n      ${quoted(sql, true)},\n    );` : `    this.addSql(${quoted(sql, false)});`))
        .join('\n')}\n  }\n\n  async down(): Promise<void> {\n    this.addSql(${quoted(m.down, false)});\n  }\n\n}\n`,
    }),
    unsupported: {
      files: {
        'src/migrations/Migration20240301000000.ts':
          "import { Migration } from '@mikro-orm/migrations';\n\nexport class Migration20240301000000 extends Migration {\n  async up(): Promise<void> {\n    const knex = this.getKnex();\n    this.addSql(knex.schema.alterTable('users', (table) => table.text('bio')).toQuery());\n  }\n}\n",
      },
      name: 'Migration20240301000000.ts',
      reason: /^MikroORM call `getKnex\(…\)` is not read/,
    },
  },
  {
    format: 'sequelize',
    dir: 'migrations',
    path: (m) => `migrations/2024020100000${m.version}-${m.slug.replace(/_/g, '-')}.js`,
    name: (m) => `2024020100000${m.version}-${m.slug.replace(/_/g, '-')}.js`,
    files: (m) => ({
      [`migrations/2024020100000${m.version}-${m.slug.replace(/_/g, '-')}.js`]: `'use strict';\n\n/** @type {import('sequelize-cli').Migration} */\nmodule.exports = {\n  async up(queryInterface, Sequelize) {\n    await queryInterface.sequelize.transaction(async (transaction) => {\n${upStatements(
        m,
      )
        .map(
          (sql) =>
            `      await queryInterface.sequelize.query(${prettier(m) ? `\n        ${quoted(sql, true)},\n        { transaction },\n      ` : `${quoted(sql, false)}, { transaction }`});`,
        )
        .join(
          '\n',
        )}\n    });\n  },\n\n  async down(queryInterface, Sequelize) {\n    await queryInterface.sequelize.query(${quoted(m.down, false)});\n  },\n};\n`,
    }),
    unsupported: {
      // Builder calls are compiled by Sequelize (extract/sequelize-builder.ts); a column read from the environment is not a constant.
      files: {
        'migrations/20240301000000-add-bio.js':
          "'use strict';\n\nmodule.exports = {\n  async up(queryInterface, Sequelize) {\n    await queryInterface.addColumn('users', process.env.BIO_COLUMN, { type: Sequelize.TEXT, allowNull: true });\n  },\n\n  async down(queryInterface) {\n    await queryInterface.removeColumn('users', 'bio');\n  },\n};\n",
      },
      name: '20240301000000-add-bio.js',
      reason: /^Sequelize `addColumn\(…\)` not compiled: a Sequelize builder argument is not a constant/,
    },
  },
  {
    format: 'kysely',
    dir: 'src/migrations',
    path: (m) => `src/migrations/2024_02_01_00000${m.version}_${m.slug}.ts`,
    name: (m) => `2024_02_01_00000${m.version}_${m.slug}.ts`,
    files: (m) => ({
      [`src/migrations/2024_02_01_00000${m.version}_${m.slug}.ts`]: `import { sql, type Kysely } from ${prettier(m) ? '"kysely"' : "'kysely'"};\n\n// \`any\` is required here since migrations should be frozen in time.\nexport async function up(db: Kysely<any>): Promise<void> {\n${upStatements(
        m,
      )
        .map((sql) => `  await sql${template(sql)}.execute(db);`)
        .join('\n')}\n}\n\nexport async function down(db: Kysely<any>): Promise<void> {\n  await sql${template(m.down)}.execute(db);\n}\n`,
    }),
    unsupported: {
      // A schema builder kept in a variable and run later is not followed (one run where it is built is compiled).
      files: {
        'src/migrations/2024_03_01_000000_add_bio.ts':
          "import type { Kysely } from 'kysely';\n\nexport async function up(db: Kysely<any>): Promise<void> {\n  const addBio = db.schema.alterTable('users').addColumn('bio', 'text');\n  await addBio.execute();\n}\n",
      },
      name: '2024_03_01_000000_add_bio.ts',
      reason: /^kysely schema builder not compiled: the kysely schema builder is not run by `\.execute\(\)` where it is built/,
    },
  },
  {
    format: 'node-pg-migrate',
    dir: 'migrations',
    path: (m) => `migrations/${stamp(m.version)}_${m.slug.replace(/_/g, '-')}.ts`,
    name: (m) => `${stamp(m.version)}_${m.slug.replace(/_/g, '-')}.ts`,
    files: (m) => ({
      [`migrations/${stamp(m.version)}_${m.slug.replace(/_/g, '-')}.ts`]: `import { MigrationBuilder, ColumnDefinitions } from 'node-pg-migrate';\n\nexport const shorthands: ColumnDefinitions | undefined = undefined;\n\nexport async function up(pgm: MigrationBuilder): Promise<void> {\n${upStatements(
        m,
      )
        .map((sql) => `  pgm.sql(${template(sql)});`)
        .join(prettier(m) ? '\n\n' : '\n')}\n}\n\nexport async function down(pgm: MigrationBuilder): Promise<void> {\n  pgm.sql(${template(m.down)});\n}\n`,
    }),
    unsupported: {
      // Builder calls are compiled by node-pg-migrate (extract/pgm-builder.ts); a column read from the environment is not a constant.
      files: {
        'migrations/1706745700000_add-bio.ts':
          "import { MigrationBuilder } from 'node-pg-migrate';\n\nexport async function up(pgm: MigrationBuilder): Promise<void> {\n  pgm.addColumn('users', { [process.env.BIO!]: { type: 'text' } });\n}\n",
      },
      name: '1706745700000_add-bio.ts',
      reason: /^node-pg-migrate `addColumn\(…\)` not compiled/,
    },
  },
  {
    format: 'sql-scripts',
    dir: 'packages/schemas/alterations',
    path: (m) => `packages/schemas/alterations/1.${m.version}.0-17000000${String(m.version).padStart(2, '0')}-${m.slug.replace(/_/g, '-')}.ts`,
    name: (m) => `17000000${String(m.version).padStart(2, '0')}-${m.slug.replace(/_/g, '-')}.ts`,
    files: (m) => {
      const q = prettier(m) ? '"' : "'";
      const indent = prettier(m) ? '  ' : '    ';
      const queries = (sql: string) =>
        upStatements({ ...m, up: sql })
          .map(
            (statement) =>
              `${indent}${indent}await pool.query(sql\`\n${indent}${indent}${indent}${statement.replace(/`/g, '\\`').replace(/\n/g, `\n${indent}${indent}${indent}`)};\n${indent}${indent}\`);`,
          )
          .join('\n');
      return {
        [`packages/schemas/alterations/1.${m.version}.0-17000000${String(m.version).padStart(2, '0')}-${m.slug.replace(/_/g, '-')}.ts`]: `import { sql } from ${q}@silverhand/slonik${q};\n\nimport type { AlterationScript } from ${q}../lib/types/alteration.js${q};\n\nconst alteration: AlterationScript = {\n${indent}up: async (pool) => {\n${queries(m.up)}\n${indent}},\n${indent}down: async (pool) => {\n${queries(m.down)}\n${indent}},\n};\n\nexport default alteration;\n`,
      };
    },
    // logto's runner, which the format reads to know how `up` and `beforeUp` run.
    extras: () => ({
      'packages/cli/src/commands/database/alteration/index.ts': readFileSync(
        new URL('../../../fixtures/orm/logto-alterations/runner-index.ts', import.meta.url),
        'utf8',
      ),
    }),
    unsupported: {
      files: {
        'packages/schemas/alterations/1.9.0-1710000000-add-bio.ts':
          "import { sql } from '@silverhand/slonik';\n\nimport type { AlterationScript } from '../lib/types/alteration.js';\n\nconst alteration: AlterationScript = {\n  up: async (pool) => {\n    const { table } = await pool.one<{ table: string }>(sql`select 'users' as table`);\n    await pool.query(sql`alter table ${sql.identifier([table])} add column bio text`);\n  },\n  down: async () => {},\n};\n\nexport default alteration;\n",
      },
      name: '1710000000-add-bio.ts',
      reason: /the identifier is not a constant/,
    },
  },
];
