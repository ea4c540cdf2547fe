import { describe, expect, test } from 'vitest';
import { extractKnexMigration } from './knex.js';

/**
 * Which `up` knex runs: the binding exported when the module has finished evaluating. An `up` that
 * is only declared (an overload signature), replaced later, or written where the order of writes
 * cannot be proven is never read as the one that runs.
 */

const run = (file: string, text: string) => extractKnexMigration(file, text, { readRepoFile: async () => undefined });
const DROP = `knex.schema.dropTable('orders')`;
const HARMLESS = `knex.raw('select 1')`;

async function outcome(file: string, text: string): Promise<{ sql: string[]; unresolved: string[] }> {
  const result = await run(file, text);
  return { sql: result.statements.map((s) => s.sql), unresolved: result.unresolved.map((part) => part.reason) };
}

describe('the exported `up` that runs', () => {
  const cases: Array<{ name: string; file: string; text: string; sql: string[] }> = [
    {
      name: 'TypeScript overload signatures: the implementation runs',
      file: 'm/1.ts',
      text: `export function up(knex: Knex): Promise<void>;\nexport function up(knex: Knex, extra: string): Promise<void>;\nexport async function up(knex: Knex): Promise<void> {\n  await ${DROP};\n}\n`,
      sql: ['drop table "orders"'],
    },
    {
      name: 'exports.up assigned twice: the last assignment runs',
      file: 'm/2.js',
      text: `exports.up = function (knex) { return ${HARMLESS}; };\nexports.up = function (knex) { return ${DROP}; };\n`,
      sql: ['drop table "orders"'],
    },
    {
      name: 'module.exports.up replaces exports.up',
      file: 'm/3.js',
      text: `exports.up = (knex) => ${HARMLESS};\nmodule.exports.up = (knex) => ${DROP};\n`,
      sql: ['drop table "orders"'],
    },
    {
      name: 'module.exports = { … } replaces an earlier exports.up',
      file: 'm/4.js',
      text: `exports.up = (knex) => ${HARMLESS};\nmodule.exports = { up: (knex) => ${DROP} };\n`,
      sql: ['drop table "orders"'],
    },
    {
      name: 'exports.up after module.exports = { … } writes the detached object: it never runs',
      file: 'm/5.js',
      text: `module.exports = { up: (knex) => ${DROP} };\nexports.up = (knex) => ${HARMLESS};\n`,
      sql: ['drop table "orders"'],
    },
    {
      name: 'export let up, reassigned at top level: the live binding holds the last value',
      file: 'm/6.ts',
      text: `export let up = async (knex: Knex) => { await ${HARMLESS}; };\nup = async (knex: Knex) => { await ${DROP}; };\n`,
      sql: ['drop table "orders"'],
    },
    {
      name: 'let up reassigned, then export { up }',
      file: 'm/7.ts',
      text: `let up = async (knex: Knex) => { await ${HARMLESS}; };\nconst real = async (knex: Knex) => { await ${DROP}; };\nup = real;\nexport { up };\n`,
      sql: ['drop table "orders"'],
    },
    {
      name: 'module.exports = { up } takes the value up has at that point',
      file: 'm/8.js',
      text: `let up = (knex) => ${DROP};\nmodule.exports = { up };\nup = (knex) => ${HARMLESS};\n`,
      sql: ['drop table "orders"'],
    },
    {
      name: 'a function declaration replaced by an assignment',
      file: 'm/9.ts',
      text: `export async function up(knex: Knex) { await ${HARMLESS}; }\n// @ts-ignore\nup = async (knex: Knex) => { await ${DROP}; };\n`,
      sql: ['drop table "orders"'],
    },
  ];

  cases.push(
    {
      name: 'a quoted key of module.exports',
      file: 'm/20.js',
      text: `module.exports = { 'up': (knex) => ${DROP}, down: () => {} };\n`,
      sql: ['drop table "orders"'],
    },
    {
      name: 'export = { up } (TypeScript CommonJS)',
      file: 'm/22.cts',
      text: `export = { up: async (knex: Knex) => { await ${DROP}; } };\n`,
      sql: ['drop table "orders"'],
    },
  );

  test.each(cases)('$name', async ({ file, text, sql }) => {
    expect(await outcome(file, text)).toEqual({ sql, unresolved: [] });
  });

  const unproven: Array<{ name: string; file: string; text: string; reason: RegExp }> = [
    {
      name: 'exports.up assigned inside a condition',
      file: 'm/10.js',
      text: `exports.up = (knex) => ${HARMLESS};\nif (process.env.LEGACY) exports.up = (knex) => ${DROP};\n`,
      reason: /`up` is written inside a block or function/,
    },
    {
      name: 'let up reassigned inside a function',
      file: 'm/11.ts',
      text: `export let up = async (knex: Knex) => { await ${HARMLESS}; };\nfunction swap() { up = async (knex: Knex) => { await ${DROP}; }; }\nswap();\n`,
      reason: /`up` is assigned inside a block or function/,
    },
    {
      name: 'Object.assign(module.exports, …)',
      file: 'm/12.js',
      text: `exports.up = (knex) => ${HARMLESS};\nObject.assign(module.exports, { up: (knex) => ${DROP} });\n`,
      reason: /exports are written in a way the extractor does not follow/,
    },
    {
      name: 'exports["up"] =',
      file: 'm/13.js',
      text: `exports.up = (knex) => ${HARMLESS};\nexports['up'] = (knex) => ${DROP};\n`,
      reason: /exports are written in a way the extractor does not follow/,
    },
    {
      name: 'module.exports = { ...base, up }',
      file: 'm/14.js',
      text: `const base = require('./base');\nmodule.exports = { up: (knex) => ${HARMLESS}, ...base };\n`,
      reason: /spread/,
    },
    {
      name: 'both ESM and CommonJS exports of up',
      file: 'm/15.ts',
      text: `export async function up(knex: Knex) { await ${HARMLESS}; }\nexports.up = async (knex: Knex) => { await ${DROP}; };\n`,
      reason: /both as an ES module export and through CommonJS/,
    },
    {
      name: 'two implementations of a function up',
      file: 'm/16.js',
      text: `async function up(knex) { await ${HARMLESS}; }\nasync function up(knex) { await ${DROP}; }\nmodule.exports = { up };\n`,
      reason: /declared more than once/,
    },
  ];

  test.each(unproven)('fails closed: $name', async ({ file, text, reason }) => {
    const result = await outcome(file, text);
    expect(result.sql).toEqual([]);
    // `config` may be unproven by the same write; the `up` reason is always there.
    expect(result.unresolved).toContainEqual(expect.stringMatching(new RegExp(`^the exported \`up\` that runs is not proven: .*${reason.source}`)));
  });
});
