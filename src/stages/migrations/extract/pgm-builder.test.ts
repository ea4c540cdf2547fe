import { describe, expect, test } from 'vitest';
import { migrationFormat } from '../formats/registry.js';
import { loadParser, splitStatements } from '../sql.js';

/**
 * node-pg-migrate builder calls compiled by node-pg-migrate 7 itself (a Migration whose database only
 * records), in the layout its users write (`migrations/<timestamp>_<name>.ts`, `up(pgm: MigrationBuilder)`).
 * Every statement goes through the PostgreSQL 18 grammar.
 */

const extract = (text: string) => migrationFormat('node-pg-migrate').extract('migrations/1706745700000_x.ts', text, () => Promise.resolve(undefined));
const module = (up: string) =>
  `import { MigrationBuilder } from 'node-pg-migrate';\n\nexport async function up(pgm: MigrationBuilder): Promise<void> {\n${up}\n}\n`;

describe('node-pg-migrate builder calls', () => {
  test.each([
    [
      "pgm.addColumns('users', { bio: { type: 'text', notNull: true, default: pgm.func('now()') } })",
      ['ALTER TABLE "users"\n  ADD "bio" text DEFAULT now() NOT NULL'],
    ],
    ["pgm.createIndex('users', 'email', { concurrently: true })", ['CREATE INDEX CONCURRENTLY "users_email_index" ON "users" ("email")']],
    ["pgm.alterColumn('users', 'age', { type: 'bigint' })", ['ALTER TABLE "users"\n  ALTER "age" SET DATA TYPE bigint']],
    ["pgm.dropColumns('users', ['bio'])", ['ALTER TABLE "users"\n  DROP "bio"']],
    ["pgm.renameColumn('users', 'name', 'full_name')", ['ALTER TABLE "users" RENAME "name" TO "full_name"']],
  ])('%s', async (call, expected) => {
    await loadParser();
    const extracted = await extract(module(`  ${call};`));
    expect(extracted.unresolved).toEqual([]);
    expect(extracted.statements.map((s) => s.sql)).toEqual(expected);
    for (const statement of expected) expect(splitStatements(statement)).toHaveLength(1);
  });

  test('noTransaction() and a builder call: read outside a transaction', async () => {
    const extracted = await extract(module("  pgm.noTransaction();\n  pgm.createIndex('users', 'email', { concurrently: true });"));
    expect(extracted.inTransaction).toBe(false);
    expect(extracted.statements).toHaveLength(1);
  });

  test('an argument known only at run time is unknown, naming the call', async () => {
    const extracted = await extract(module("  pgm.addColumns(process.env.TABLE!, { bio: 'text' });"));
    expect(extracted.statements).toEqual([]);
    expect(extracted.unresolved).toMatchObject([
      { line: 4, reason: expect.stringMatching(/^node-pg-migrate `addColumns\(…\)` not compiled: a node-pg-migrate builder argument is not a constant/) },
    ]);
  });
});
