#!/usr/bin/env node
/**
 * Extraction time per migration format: for each format, a folder of 300 real-shaped migration files
 * (the layouts of test/stages/migration-formats/, six kinds of change in turn) is extracted and
 * classified the way the stage does, in a fresh process per format: the first pass is cold (module
 * loads, source parser/libpg-query start-up, JIT), then the best of three warm passes. Not a test.
 *
 *   npm run build && node bench/migration-formats.mjs [--count 300] [--rounds 3] [--format goose]
 */
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const count = Number(option('--count', 300));
const rounds = Number(option('--rounds', 3));
const only = option('--format', undefined);

const CHANGES = [
  'ALTER TABLE users ADD COLUMN nickname_N text;',
  'CREATE INDEX users_email_N_idx ON users (email);',
  'ALTER TABLE users ALTER COLUMN email SET NOT NULL;',
  'ALTER TABLE users ALTER COLUMN age TYPE bigint;',
  'ALTER TABLE users RENAME COLUMN name TO full_name_N;',
  "SET lock_timeout = '2s';\nUPDATE users SET nickname = full_name WHERE nickname IS NULL;",
];
const statements = (sql) => sql.split(/;\n?/).map((s) => s.trim()).filter(Boolean);
const tick = (sql) => `\`${sql}\``;

/** Each format: the folder's files for migration i (path → text) and the migration's path. */
const LAYOUTS = {
  sql: (i, up) => ({ [`db/${String(i).padStart(4, '0')}_change.sql`]: `${up}\n` }),
  prisma: (i, up) => ({ [`prisma/migrations/2024${String(i).padStart(10, '0')}_change/migration.sql`]: `-- AlterTable\n${up}\n` }),
  'golang-migrate': (i, up) => ({ [`db/${String(i).padStart(6, '0')}_change.up.sql`]: `${up}\n`, [`db/${String(i).padStart(6, '0')}_change.down.sql`]: 'SELECT 1;\n' }),
  goose: (i, up) => ({ [`db/${String(i).padStart(14, '0')}_change.sql`]: `-- +goose Up\n-- +goose StatementBegin\n${up}\n-- +goose StatementEnd\n\n-- +goose Down\nSELECT 1;\n` }),
  dbmate: (i, up) => ({ [`db/${String(i).padStart(14, '0')}_change.sql`]: `-- migrate:up\n${up}\n\n-- migrate:down\nSELECT 1;\n` }),
  flyway: (i, up) => ({ [`db/V${i}__change.sql`]: `${up}\n` }),
  drizzle: (i, up) => ({ [`drizzle/${String(i).padStart(4, '0')}_change.sql`]: `${up.replace(/;\n/g, ';--> statement-breakpoint\n')}\n` }),
  knex: (i, up) => ({ [`db/${String(i).padStart(14, '0')}_change.ts`]: `import { Knex } from 'knex';\n\nexport async function up(knex: Knex): Promise<void> {\n${statements(up).map((s) => `  await knex.raw(${tick(s)});`).join('\n')}\n}\n\nexport async function down(): Promise<void> {}\n` }),
  typeorm: (i, up) => ({ [`src/migrations/${1706745600000 + i}-Change${i}.ts`]: `import { MigrationInterface, QueryRunner } from 'typeorm';\n\nexport class Change${i} implements MigrationInterface {\n    name = 'Change${i}'\n\n    public async up(queryRunner: QueryRunner): Promise<void> {\n${statements(up).map((s) => `        await queryRunner.query(${tick(s)});`).join('\n')}\n    }\n\n    public async down(queryRunner: QueryRunner): Promise<void> {\n        await queryRunner.query(\`SELECT 1\`);\n    }\n}\n` }),
  // TypeORM's schema builder (compiled by TypeORM's PostgresQueryRunner, SQL-memory mode), cycling the calls real projects write.
  'typeorm-builder': (i) => ({
    [`src/migrations/${1706745600000 + i}-Build${i}.ts`]: `import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';\n\nexport class Build${i} implements MigrationInterface {\n    public async up(queryRunner: QueryRunner): Promise<void> {\n${
      [
        `        await queryRunner.addColumn('users', new TableColumn({ name: 'c_${i}', type: 'varchar', length: '50', isNullable: true }));`,
        `        await queryRunner.createIndex('users', new TableIndex({ name: 'IDX_users_${i}', columnNames: ['email'] }));`,
        `        await queryRunner.createTable(new Table({ name: 't_${i}', columns: [{ name: 'id', type: 'uuid', isPrimary: true }, { name: 'user_id', type: 'uuid' }], foreignKeys: [{ columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'] }] }), true);`,
        `        await queryRunner.dropColumn('users', 'old_${i}');`,
        `        await queryRunner.renameColumn('users', 'a_${i}', 'b_${i}');`,
      ][i % 5]
    }\n    }\n\n    public async down(queryRunner: QueryRunner): Promise<void> {\n        await queryRunner.dropTable('never_read');\n    }\n}\n`,
  }),
  'mikro-orm': (i, up) => ({ [`src/migrations/Migration${20240000000000 + i}.ts`]: `import { Migration } from '@mikro-orm/migrations';\n\nexport class Migration${20240000000000 + i} extends Migration {\n  async up(): Promise<void> {\n${statements(up).map((s) => `    this.addSql(${JSON.stringify(s)});`).join('\n')}\n  }\n}\n` }),
  sequelize: (i, up) => ({ [`migrations/${20240000000000 + i}-change.js`]: `'use strict';\n\nmodule.exports = {\n  async up(queryInterface, Sequelize) {\n    await queryInterface.sequelize.transaction(async (transaction) => {\n${statements(up).map((s) => `      await queryInterface.sequelize.query(${JSON.stringify(s)}, { transaction });`).join('\n')}\n    });\n  },\n  async down() {},\n};\n` }),
  kysely: (i, up) => ({ [`src/migrations/${20240000000000 + i}_change.ts`]: `import { sql, type Kysely } from 'kysely';\n\nexport async function up(db: Kysely<any>): Promise<void> {\n${statements(up).map((s) => `  await sql${tick(s)}.execute(db);`).join('\n')}\n}\n` }),
  'node-pg-migrate': (i, up) => ({ [`migrations/${1706745600000 + i}_change.js`]: `exports.shorthands = undefined;\n\nexports.up = (pgm) => {\n${statements(up).map((s) => `  pgm.sql(${tick(s)});`).join('\n')}\n};\n\nexports.down = () => {};\n` }),
};

if (only === undefined) {
  console.log(`${count} files per format; ms per file: warm = best of ${rounds} passes after the first; cold = first pass in a fresh process, module loads included`);
  console.log('| format | warm extract | warm extract + classify | cold folder (total) |');
  console.log('|---|---|---|---|');
  for (const format of Object.keys(LAYOUTS)) {
    const run = spawnSync(process.execPath, [new URL(import.meta.url).pathname, '--format', format, '--count', String(count), '--rounds', String(rounds)], { encoding: 'utf8' });
    process.stdout.write(run.status === 0 ? run.stdout : `| ${format} | failed: ${run.stderr.split('\n')[0]} |\n`);
  }
} else {
  const started = performance.now();
  const dist = new URL('../dist/stages/migrations/', import.meta.url);
  const { migrationFormat } = await import(new URL('formats/registry.js', dist).href);
  const { classifyMigration } = await import(new URL('classify.js', dist).href);
  const files = new Map();
  for (let i = 1; i <= count; i++) {
    for (const [path, text] of Object.entries(LAYOUTS[only](i, CHANGES[i % CHANGES.length].replace(/_N/g, `_${i}`)))) files.set(path, text);
  }
  const format = migrationFormat(only === 'typeorm-builder' ? 'typeorm' : only);
  const migrations = [...files.keys()].filter((path) => format.migrationName(path.split('/').slice(only === 'prisma' ? -2 : -1).join('/')) !== undefined).sort();
  const read = async (path) => files.get(path);
  const pass = async () => {
    let extractMs = 0;
    let totalMs = 0;
    for (const path of migrations) {
      const t0 = performance.now();
      const extracted = await format.extract(path, files.get(path), read);
      const t1 = performance.now();
      classifyMigration(extracted, { postgresVersion: 16 });
      totalMs += performance.now() - t0;
      extractMs += t1 - t0;
      if (extracted.unresolved.length > 0) throw new Error(`${path}: ${extracted.unresolved[0].reason}`);
    }
    return { extractMs, totalMs };
  };
  const cold = await pass();
  const coldTotal = performance.now() - started;
  let best = { extractMs: Infinity, totalMs: Infinity };
  for (let r = 0; r < rounds; r++) {
    const timed = await pass();
    if (timed.totalMs < best.totalMs) best = timed;
  }
  const per = (ms) => (ms / migrations.length).toFixed(2);
  console.log(`| ${only} (${migrations.length} files) | ${per(best.extractMs)} ms | ${per(best.totalMs)} ms | ${coldTotal.toFixed(0)} ms (${per(cold.totalMs)} ms/file) |`);
}
