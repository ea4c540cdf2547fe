#!/usr/bin/env node
/**
 * Writes knex migrations of realistic shapes for the migrations benchmark (migration-facts.md:
 * about two thirds schema builder only, one in ten raw SQL — half of those interpolating same-file
 * constants — and a quarter updating data; table names mostly same-file constants, some imported).
 *
 *   node bench/gen-knex-migrations.mjs [outDir] [--count 250]
 *
 * Layout: <outDir>/migrations/<stamp>_<name>.ts and <outDir>/entities/tables.ts.
 * Output is deterministic: the same arguments give the same bytes.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prng } from './lib/prng.mjs';


const TABLES = ['projects', 'spaces', 'saved_charts', 'dashboards', 'users', 'organizations', 'scheduler', 'catalog_search',
  'warehouse_credentials', 'pinned_list', 'comments', 'validations', 'jobs', 'groups', 'personal_access_tokens'];
const COLUMNS = ['name', 'description', 'slug', 'colour', 'timezone', 'format', 'status', 'kind', 'owner', 'label'];

const constantName = (table) => `${table.toUpperCase()}_TABLE`;
const pascal = (table) => table.split('_').map((part) => part[0].toUpperCase() + part.slice(1)).join('');

function header(table, imported) {
  if (imported) return `import { Knex } from 'knex';\nimport { ${pascal(table)}TableName } from '../entities/tables';\n\nconst ${constantName(table)} = ${pascal(table)}TableName;\n`;
  return `import { Knex } from 'knex';\n\nconst ${constantName(table)} = '${table}';\n`;
}

function builderUp(random, table, i) {
  const T = constantName(table);
  const column = `${COLUMNS[i % COLUMNS.length]}_${i}`;
  switch (i % 6) {
    case 0:
      return `  await knex.schema.createTable('${table}_history_${i}', (table) => {
    table.increments('id').primary();
    table.uuid('uuid').notNullable().defaultTo(knex.raw('gen_random_uuid()'));
    table.integer('${table}_id').notNullable().references('id').inTable(${T}).onDelete('CASCADE');
    table.text('${column}').notNullable();
    table.jsonb('payload');
    table.timestamps(true, true);
  });
  await knex.schema.alterTable('${table}_history_${i}', (table) => {
    table.index(['${table}_id']);
  });`;
    case 1:
      return `  await knex.schema.alterTable(${T}, (table) => {
    table.string('${column}', 255).nullable();
    table.boolean('${column}_enabled').notNullable().defaultTo(${random() < 0.5});
  });`;
    case 2:
      return `  await knex.schema.alterTable(${T}, (table) => {
    table.text('${column}').alter();
  });`;
    case 3:
      return `  if (!(await knex.schema.hasColumn(${T}, '${column}'))) {
    await knex.schema.alterTable(${T}, (table) => {
      table.timestamp('${column}_at', { useTz: false }).defaultTo(knex.fn.now());
      table.index(['${column}_at'], '${table}_${column}_at_idx');
    });
  }`;
    case 4:
      return `  await knex.schema.alterTable(${T}, (table) => {
    table.enum('${column}', ['draft', 'published', 'archived']).notNullable().defaultTo('draft');
    table.unique(['${column}', 'id']);
  });`;
    default:
      return `  await knex.schema.alterTable(${T}, (table) => {
    table.dropColumn('${column}_legacy');
    table.renameColumn('${column}_old', '${column}');
  });`;
  }
}

function rawUp(table, i, interpolate) {
  const T = constantName(table);
  const target = interpolate ? `\${${T}}` : table;
  return i % 2 === 0
    ? `  await knex.raw(\`CREATE INDEX CONCURRENTLY IF NOT EXISTS ${table}_search_${i}_idx ON ${target} USING gin (to_tsvector('simple', name))\`);`
    : `  await knex.raw(\`ALTER TABLE ${target} ADD COLUMN search_${i} tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce(name, ''))) STORED\`);`;
}

function dataUp(table, i) {
  const T = constantName(table);
  const column = COLUMNS[i % COLUMNS.length];
  switch (i % 3) {
    case 0:
      return `  await knex(${T}).update({ ${column}: 'default', updated_at: knex.fn.now() }).whereNull('${column}');`;
    case 1:
      return `  await knex(${T}).update({ ${column}: knex.raw('lower(??)', ['${column}']) });`;
    default:
      return `  const rows = await knex(${T}).select('id', '${column}');
  for (const row of rows) {
    await knex(${T}).update({ ${column}: row.${column} }).where('id', row.id);
  }`;
  }
}

/** @returns {Array<{ path: string, text: string }>} */
export function generateMigrations({ count = 250, seed = 7 } = {}) {
  const random = prng(seed);
  const files = [{ path: 'entities/tables.ts', text: TABLES.map((t) => `export const ${pascal(t)}TableName = '${t}';\n`).join('') }];
  let rawCount = 0;
  for (let i = 0; i < count; i++) {
    const table = TABLES[Math.floor(random() * TABLES.length)];
    const roll = random();
    const kind = roll < 0.65 ? 'builder' : roll < 0.75 ? 'raw' : 'data';
    const imported = random() < 0.2;
    const up = kind === 'builder' ? builderUp(random, table, i) : kind === 'raw' ? rawUp(table, i, rawCount++ % 2 === 0) : dataUp(table, i);
    const config = kind === 'raw' && i % 2 === 0 ? `\nexport const config = { transaction: false };\n` : '';
    const stamp = String(20240101000000 + i * 100);
    const text = `${header(table, imported)}${config}
export async function up(knex: Knex): Promise<void> {
${up}
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable(${constantName(table)}, () => {});
}
`;
    files.push({ path: `migrations/${stamp}_${kind}_${table}_${i}.ts`, text });
  }
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const countAt = args.indexOf('--count');
  const count = countAt >= 0 ? Number(args[countAt + 1]) : 250;
  const outDir = args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--count') ?? 'bench/.out/knex-migrations';
  rmSync(outDir, { recursive: true, force: true });
  for (const file of generateMigrations({ count })) {
    mkdirSync(join(outDir, file.path, '..'), { recursive: true });
    writeFileSync(join(outDir, file.path), file.text);
  }
  console.log(`wrote ${count} knex migrations to ${outDir}`);
}
