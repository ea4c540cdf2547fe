import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { migrationFormat } from '../formats/registry.js';
import { splitStatements, loadParser } from '../sql.js';

/**
 * Sequelize QueryInterface calls compiled by Sequelize 6 itself (postgres dialect, no database), on
 * outline's real migrations (fixtures/orm/outline-sequelize, copied from outline/outline v1.9.2-0) and
 * on each replayed method. Every statement goes through the PostgreSQL 18 grammar.
 */

const extract = (file: string, text: string, files: Record<string, string> = {}) =>
  migrationFormat('sequelize').extract(file, text, async (path) => files[path]);
const module = (up: string) =>
  `'use strict';\n\nmodule.exports = {\n  async up(queryInterface, Sequelize) {\n${up}\n  },\n  async down(queryInterface) {\n    await queryInterface.dropTable('users');\n  },\n};\n`;

describe('Sequelize builder calls', () => {
  test('outline: addColumn with Sequelize.INTEGER (real file)', async () => {
    const name = '20260619000000-add-duration-to-search-queries.js';
    const extracted = await extract(`server/migrations/${name}`, readFileSync(`fixtures/orm/outline-sequelize/${name}`, 'utf8'));
    expect(extracted.unresolved).toEqual([]);
    expect(extracted.statements.map((s) => s.sql)).toEqual(['ALTER TABLE "public"."search_queries" ADD COLUMN "duration" INTEGER']);
  });

  test('outline: changeColumn in a transaction (real file)', async () => {
    const name = '20260604140753-increase-url-column-lengths.js';
    const extracted = await extract(`server/migrations/${name}`, readFileSync(`fixtures/orm/outline-sequelize/${name}`, 'utf8'));
    expect(extracted.unresolved).toEqual([]);
    expect(extracted.inTransaction).toBe(true);
    expect(extracted.statements.map((s) => s.sql).slice(0, 3)).toEqual([
      'ALTER TABLE "webhook_subscriptions" ALTER COLUMN "url" SET NOT NULL',
      'ALTER TABLE "webhook_subscriptions" ALTER COLUMN "url" DROP DEFAULT',
      'ALTER TABLE "webhook_subscriptions" ALTER COLUMN "url" TYPE VARCHAR(1024)',
    ]);
  });

  test.each([
    [
      "queryInterface.addIndex('users', ['email'], { concurrently: true, unique: true })",
      ['CREATE UNIQUE INDEX CONCURRENTLY "users_email" ON "users" ("email")'],
    ],
    ["queryInterface.removeColumn('users', 'bio')", ['ALTER TABLE "public"."users" DROP COLUMN "bio"']],
    ["queryInterface.renameColumn('users', 'name', 'fullName')", ['ALTER TABLE "users" RENAME COLUMN "name" TO "fullName"']],
    ["queryInterface.removeIndex('users', 'users_email')", ['DROP INDEX IF EXISTS "users_email"']],
    ["queryInterface.dropTable('old')", ['DROP TABLE IF EXISTS "old"']],
    ["queryInterface.renameTable('a', 'b')", ['ALTER TABLE "a" RENAME TO "b"']],
    [
      "queryInterface.addConstraint('users', { fields: ['email'], type: 'unique', name: 'users_email_key' })",
      ['ALTER TABLE "users" ADD CONSTRAINT "users_email_key" UNIQUE ("email")'],
    ],
    [
      "queryInterface.createTable('pins', { id: { type: Sequelize.UUID, primaryKey: true, defaultValue: Sequelize.UUIDV4 }, userId: { type: Sequelize.UUID, allowNull: false, references: { model: 'users' }, onDelete: 'cascade' }, createdAt: { type: Sequelize.DATE, allowNull: false } })",
      [
        'CREATE TABLE IF NOT EXISTS "pins" ("id" UUID , "userId" UUID NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL, PRIMARY KEY ("id"))',
      ],
    ],
    [
      "queryInterface.addColumn('users', 'role', { type: Sequelize.STRING, allowNull: false, defaultValue: Sequelize.literal(\"'member'\") })",
      ['ALTER TABLE "public"."users" ADD COLUMN "role" VARCHAR(255) NOT NULL DEFAULT \'member\''],
    ],
  ])('%s', async (call, expected) => {
    await loadParser();
    const extracted = await extract('migrations/20240101000000-x.js', module(`    await ${call};`));
    expect(extracted.unresolved).toEqual([]);
    expect(extracted.statements.map((s) => s.sql)).toEqual(expected);
    for (const statement of expected) expect(splitStatements(statement)).toHaveLength(1);
  });

  test('an argument that is not a constant is unknown, naming the call', async () => {
    const extracted = await extract(
      'migrations/20240101000000-x.js',
      module("    const table = process.env.TABLE;\n    await queryInterface.addColumn(table, 'bio', { type: Sequelize.TEXT });"),
    );
    expect(extracted.statements).toEqual([]);
    expect(extracted.unresolved).toMatchObject([
      { line: 6, reason: expect.stringMatching(/^Sequelize `addColumn\(…\)` not compiled: a Sequelize builder argument is not a constant/) },
    ]);
  });
});
