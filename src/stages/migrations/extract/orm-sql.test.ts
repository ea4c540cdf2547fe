import { describe, expect, test } from 'vitest';
import { extractOrmSqlMigration } from './orm-sql.js';
import { ORM_SQL_SPECS } from './orm-specs.js';

/** The ORM raw-SQL reader on shapes the parser sees differently from how they are written. */

const read = async () => undefined;
const ALL = ['locksTable', 'rewritesTable', 'scansTable'];

describe('ORM migrations', () => {
  test('a decorated TypeORM class: raw SQL read, a builder call with an unreadable argument and a handed-on runner unresolved with their lines', async () => {
    const text = [
      `import { MigrationInterface, QueryRunner } from 'typeorm';`,
      `@Reversible()`,
      `export class AddB1700000000000 implements MigrationInterface {`,
      `  transaction = false;`,
      `  @Logged()`,
      `  public async up(queryRunner: QueryRunner): Promise<void> {`,
      `    await queryRunner.query(\`ALTER TABLE a ADD b int\`);`,
      `    await queryRunner!.createIndex('a', index);`,
      `    await helper({ queryRunner });`,
      `  }`,
      `}`,
    ].join('\n');
    const result = await extractOrmSqlMigration('m/1700000000000-AddB.ts', text, read, ORM_SQL_SPECS.typeorm);
    expect(result.inTransaction).toBe(false);
    expect(result.statements.map((s) => [s.sql, s.line])).toEqual([['ALTER TABLE a ADD b int', 7]]);
    expect(result.unresolved.map((u) => [u.line, u.reason])).toEqual([
      [8, 'TypeORM `createIndex(…)` not compiled: a TypeORM builder argument is not a constant: `index` is not a constant declared in this file'],
      [9, 'the TypeORM handle is passed on or kept: what runs through it is not followed'],
    ]);
  });

  test('a Sequelize migration in CommonJS with a directive prologue; the transaction it opens counts', async () => {
    const text = `'use strict';\nmodule.exports = {\n  async up(queryInterface) {\n    await queryInterface.sequelize.transaction(async (t) => {\n      await queryInterface.sequelize.query('ALTER TABLE a ADD b int', { transaction: t });\n    });\n  },\n};\n`;
    const result = await extractOrmSqlMigration('m/1-add-b.js', text, read, ORM_SQL_SPECS.sequelize);
    expect(result.inTransaction).toBe(true);
    expect(result.unresolved).toEqual([]);
    expect(result.statements.map((s) => [s.sql, s.line])).toEqual([['ALTER TABLE a ADD b int', 5]]);
  });

  test('a migration that does not parse is one unresolved part, nothing extracted', async () => {
    const text = `export class M {\n  async up(queryRunner) {\n    await queryRunner.query('DROP TABLE a')\n  }\n  broken(: void {}\n}\n`;
    const result = await extractOrmSqlMigration('m/1-broken.ts', text, read, ORM_SQL_SPECS.typeorm);
    expect(result.statements).toEqual([]);
    expect(result.unresolved).toEqual([
      { line: 5, reason: expect.stringMatching(/^m\/1-broken\.ts:5 does not parse: /), affects: ALL, evidence: 'broken(: void {}' },
    ]);
  });
});
