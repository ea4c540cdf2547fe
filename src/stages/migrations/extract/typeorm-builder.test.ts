import { readFileSync } from 'node:fs';
import { DataSource, Table, TableColumn, TableForeignKey, TableIndex, TableUnique, TableCheck, type QueryRunner } from 'typeorm';
import { describe, expect, test } from 'vitest';
import { migrationFormat } from '../formats/registry.js';
import { loadParser, splitStatements } from '../sql.js';

/**
 * TypeORM `queryRunner` builder calls compiled by TypeORM 0.3's PostgresQueryRunner without a
 * database (typeorm-builder.ts), checked against TypeORM's own output: the same call made in the
 * test through TypeORM's public API (a `DataSource` for postgres, `createQueryRunner()`,
 * `enableSqlMemory()`), with the table handed over as a `Table` so that TypeORM asks nothing of a
 * database. Every statement also goes through the PostgreSQL 18 grammar.
 */

const extract = (file: string, text: string) => migrationFormat('typeorm').extract(file, text, async () => undefined);
const migration = (up: string, imports = 'Table, TableColumn, TableForeignKey, TableIndex, TableUnique, TableCheck') =>
  `import { MigrationInterface, QueryRunner, ${imports} } from 'typeorm';\n\nexport class M1700000000000 implements MigrationInterface {\n  public async up(queryRunner: QueryRunner): Promise<void> {\n${up}\n  }\n\n  public async down(queryRunner: QueryRunner): Promise<void> {\n    await queryRunner.dropTable('never_read');\n  }\n}\n`;

/**
 * What TypeORM itself puts in its SQL memory for the calls `run` makes. No connection: tables are
 * passed as `Table`s; the two questions TypeORM still asks a database are answered as the compiler
 * answers them (the table `dropTable` loads, by seeding TypeORM's own table cache; an enum type not
 * there yet).
 */
async function typeormOwnSql(run: (runner: QueryRunner) => Promise<void>, seeded: Table[] = []): Promise<string[]> {
  const runner = new DataSource({ type: 'postgres' }).createQueryRunner();
  const cache = runner as unknown as { loadedTables: Table[]; cachedTablePaths: Record<string, string>; hasEnumType: () => Promise<boolean> };
  for (const table of seeded) {
    cache.loadedTables.push(table);
    cache.cachedTablePaths[table.name] = table.name;
  }
  cache.hasEnumType = () => Promise.resolve(false);
  runner.enableSqlMemory();
  await run(runner);
  // TypeORM ends some statements with a space; the reader's statement splitter trims it.
  return runner.getMemorySql().upQueries.map((query) => query.query.trim());
}

async function compiled(up: string): Promise<string[]> {
  const extracted = await extract('src/migrations/1700000000000-M.ts', migration(up));
  expect(extracted.unresolved).toEqual([]);
  await loadParser();
  for (const statement of extracted.statements) expect(splitStatements(statement.sql, 1)).toHaveLength(1);
  return extracted.statements.map((statement) => statement.sql);
}

const users = () => new Table({ name: 'users' });

describe('TypeORM builder calls, compared with TypeORM run directly', () => {
  test.each<[string, string, (runner: QueryRunner) => Promise<void>, Table[]?]>([
    [
      'addColumn, nullable',
      "await queryRunner.addColumn('users', new TableColumn({ name: 'nickname', type: 'varchar', length: '50', isNullable: true }));",
      (r) => r.addColumn(users(), new TableColumn({ name: 'nickname', type: 'varchar', length: '50', isNullable: true })),
    ],
    [
      'addColumn with a default',
      "await queryRunner.addColumn('app_builds', new TableColumn({ name: 'is_current', type: 'boolean', default: false }));",
      (r) => r.addColumn(new Table({ name: 'app_builds' }), new TableColumn({ name: 'is_current', type: 'boolean', default: false })),
    ],
    [
      'addColumns, unique and enum',
      "await queryRunner.addColumns('users', [new TableColumn({ name: 'handle', type: 'varchar', isUnique: true, isNullable: true }), new TableColumn({ name: 'role', type: 'enum', enum: ['admin', 'member'], default: \"'member'\" })]);",
      (r) =>
        r.addColumns(users(), [
          new TableColumn({ name: 'handle', type: 'varchar', isUnique: true, isNullable: true }),
          new TableColumn({ name: 'role', type: 'enum', enum: ['admin', 'member'], default: "'member'" }),
        ]),
    ],
    [
      'createIndex',
      "await queryRunner.createIndex('orders', new TableIndex({ name: 'IDX_orders_status', columnNames: ['status'] }));",
      (r) => r.createIndex(new Table({ name: 'orders' }), new TableIndex({ name: 'IDX_orders_status', columnNames: ['status'] })),
    ],
    [
      'createIndex, unique, concurrent, partial, name generated',
      "await queryRunner.createIndex('users', new TableIndex({ columnNames: ['email'], isUnique: true, isConcurrent: true, where: '\"deleted_at\" IS NULL' }));",
      (r) => r.createIndex(users(), new TableIndex({ columnNames: ['email'], isUnique: true, isConcurrent: true, where: '"deleted_at" IS NULL' })),
    ],
    [
      'createTable with a foreign key and an index',
      "await queryRunner.createTable(new Table({ name: 'post', columns: [{ name: 'id', type: 'uuid', isPrimary: true, isGenerated: true, generationStrategy: 'uuid' }, { name: 'user_id', type: 'uuid' }], foreignKeys: [{ columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }], indices: [{ columnNames: ['user_id'] }] }));",
      (r) =>
        r.createTable(
          new Table({
            name: 'post',
            columns: [
              { name: 'id', type: 'uuid', isPrimary: true, isGenerated: true, generationStrategy: 'uuid' },
              { name: 'user_id', type: 'uuid' },
            ],
            foreignKeys: [{ columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
            indices: [{ columnNames: ['user_id'] }],
          }),
        ),
    ],
    [
      'createForeignKey, name generated',
      "await queryRunner.createForeignKey('tickets', new TableForeignKey({ columnNames: ['client_id'], referencedTableName: 'clients', referencedColumnNames: ['id'], onDelete: 'SET NULL' }));",
      (r) =>
        r.createForeignKey(
          new Table({ name: 'tickets' }),
          new TableForeignKey({ columnNames: ['client_id'], referencedTableName: 'clients', referencedColumnNames: ['id'], onDelete: 'SET NULL' }),
        ),
    ],
    [
      'createUniqueConstraint and createCheckConstraint',
      "await queryRunner.createUniqueConstraint('users', new TableUnique({ name: 'UQ_users_email', columnNames: ['email'] }));\n    await queryRunner.createCheckConstraint('users', new TableCheck({ name: 'CHK_age', expression: '\"age\" >= 0' }));",
      async (r) => {
        await r.createUniqueConstraint(users(), new TableUnique({ name: 'UQ_users_email', columnNames: ['email'] }));
        await r.createCheckConstraint(users(), new TableCheck({ name: 'CHK_age', expression: '"age" >= 0' }));
      },
    ],
    [
      'dropColumn by name',
      "await queryRunner.dropColumn('users', 'phone');",
      (r) => r.dropColumn(new Table({ name: 'users', columns: [{ name: 'phone', type: 'varchar' }] }), 'phone'),
    ],
    [
      'renameColumn by name',
      "await queryRunner.renameColumn('sync_progress', 'blockStartNumber', 'localSavedBlockNumber');",
      (r) =>
        r.renameColumn(
          new Table({ name: 'sync_progress', columns: [{ name: 'blockStartNumber', type: 'integer' }] }),
          'blockStartNumber',
          'localSavedBlockNumber',
        ),
    ],
    [
      'changeColumn from a TableColumn (nullability)',
      "await queryRunner.changeColumn('organization', new TableColumn({ name: 'slug', type: 'varchar', length: '255', isNullable: true }), new TableColumn({ name: 'slug', type: 'varchar', length: '255', isNullable: false }));",
      (r) => {
        const old = new TableColumn({ name: 'slug', type: 'varchar', length: '255', isNullable: true });
        return r.changeColumn(
          new Table({ name: 'organization', columns: [old] }),
          old,
          new TableColumn({ name: 'slug', type: 'varchar', length: '255', isNullable: false }),
        );
      },
    ],
    [
      'dropIndex, dropForeignKey, dropTable by name',
      "await queryRunner.dropIndex('orders', 'IDX_orders_status');\n    await queryRunner.dropForeignKey('tickets', 'FK_tickets_client');\n    await queryRunner.dropTable('legacy');",
      async (r) => {
        await r.dropIndex(new Table({ name: 'orders', indices: [{ name: 'IDX_orders_status', columnNames: [] }] }), 'IDX_orders_status');
        await r.dropForeignKey(
          new Table({
            name: 'tickets',
            foreignKeys: [{ name: 'FK_tickets_client', columnNames: ['client_id'], referencedTableName: 'clients', referencedColumnNames: ['id'] }],
          }),
          'FK_tickets_client',
        );
        await r.dropTable(new Table({ name: 'legacy' }));
      },
      [new Table({ name: 'legacy' })],
    ],
    [
      'changeColumn, an enum gains a value (TypeORM swaps the type: ALTER COLUMN … TYPE … USING)',
      "await queryRunner.changeColumn('users', new TableColumn({ name: 'role', type: 'enum', enum: ['a'] }), new TableColumn({ name: 'role', type: 'enum', enum: ['a', 'b'] }));",
      (r) => {
        const old = new TableColumn({ name: 'role', type: 'enum', enum: ['a'] });
        return r.changeColumn(new Table({ name: 'users', columns: [old] }), old, new TableColumn({ name: 'role', type: 'enum', enum: ['a', 'b'] }));
      },
    ],
    [
      'changeColumn, a type change (TypeORM drops and re-adds the column)',
      "await queryRunner.changeColumn('users', new TableColumn({ name: 'n', type: 'int' }), new TableColumn({ name: 'n', type: 'bigint' }));",
      (r) => {
        const old = new TableColumn({ name: 'n', type: 'int' });
        return r.changeColumn(new Table({ name: 'users', columns: [old] }), old, new TableColumn({ name: 'n', type: 'bigint' }));
      },
    ],
    ['renameTable', "await queryRunner.renameTable('old_name', 'new_name');", (r) => r.renameTable(new Table({ name: 'old_name' }), 'new_name')],
  ])('%s', async (_name, up, direct, seeded) => {
    const expected = await typeormOwnSql(direct, seeded);
    expect(expected.length).toBeGreaterThan(0);
    expect(await compiled(`    ${up}`)).toEqual(expected);
  });

  test('createTable(…, true): the CREATE, as TypeORM runs it when the table is new', async () => {
    const sql = await compiled(
      "    await queryRunner.createTable(new Table({ name: 'tags', columns: [{ name: 'id', type: 'int', isPrimary: true, isGenerated: true, generationStrategy: 'increment' }, { name: 'name', type: 'varchar' }] }), true);",
    );
    expect(sql).toEqual([
      'CREATE TABLE "tags" ("id" SERIAL NOT NULL, "name" varchar NOT NULL, CONSTRAINT "PK_e7dc17249a1148a1970748eda99" PRIMARY KEY ("id"))',
    ]);
  });

  test('fixtures modelled on real projects: the whole of `up`, `down` never read', async () => {
    const read = (name: string) => extract(`src/migrations/${name}`, readFileSync(`fixtures/orm/typeorm-builder/${name}`, 'utf8'));
    const nickname = await read('1700000000001-AddNicknameToUsers.ts');
    expect(nickname.unresolved).toEqual([]);
    expect(nickname.inTransaction).toBe(true);
    expect(nickname.statements.map((s) => s.sql)).toEqual(["SET lock_timeout = '5s'", 'ALTER TABLE "users" ADD "nickname" varchar(50)']);
    const tickets = await read('1700000000002-CreateTickets.ts');
    expect(tickets.unresolved).toEqual([]);
    expect(tickets.statements.map((s) => s.sql)).toEqual([
      expect.stringMatching(/^CREATE TABLE "tickets" \("id" uuid NOT NULL DEFAULT uuid_generate_v4\(\), /),
      expect.stringMatching(/^ALTER TABLE "tickets" ADD CONSTRAINT "FK_\w+" FOREIGN KEY \("client_id"\) REFERENCES "clients"\("id"\) ON DELETE SET NULL/),
      'CREATE INDEX "IDX_TICKETS_CLIENT_ID" ON "tickets" ("client_id")',
    ]);
    const renamed = await read('1700000000004-RenameSyncProgress.ts');
    expect(renamed.unresolved).toEqual([]);
    expect(renamed.statements.map((s) => s.sql)).toEqual([
      'ALTER TABLE "sync_progress" RENAME COLUMN "blockStartNumber" TO "localSavedBlockNumber"',
      'ALTER TABLE "sync_progress" DROP COLUMN "legacyCursor"',
      'ALTER TABLE "sync_progress" ADD "lightStartBlockNumber" integer NOT NULL DEFAULT 0',
    ]);
  });
});

describe('TypeORM builder calls that cannot be compiled are unknown, with the line', () => {
  test.each([
    ["await queryRunner.addColumn('users', column);", /not a constant/],
    ["await queryRunner.addColumn(table, new TableColumn({ name: 'a', type: 'int', isNullable: true }));", /not a constant/],
    ["await queryRunner.changeColumn('users', 'slug', new TableColumn({ name: 'slug', type: 'text' }));", /old one as the database has it/],
    ["await queryRunner.addColumn('users', new TableColumn({ name: 'id2', type: 'int', isPrimary: true }));", /primary key/],
    [
      "await queryRunner.changeColumn('users', new TableColumn({ name: 'email', type: 'text', isUnique: true }), new TableColumn({ name: 'email', type: 'text' }));",
      /unique constraint changes/,
    ],
    ["await queryRunner.dropColumn('users', 'status');\n    await queryRunner.addColumn('users', new Column({ name: 'a' }));", /not a TypeORM schema class/],
    ["for (const name of ['a', 'b']) await queryRunner.dropColumn('users', name);", /not a constant|loop/],
    ["await queryRunner.createView(new View({ name: 'v' }));", /is not read/],
    [
      "await queryRunner.dropColumn('users', new TableColumn({ name: 'g', type: 'int', generatedType: 'STORED', asExpression: '1' }));",
      /asks the database|metadata table/,
    ],
  ])('%s', async (up, reason) => {
    const extracted = await extract(
      'src/migrations/1700000000000-M.ts',
      migration(`    const table = await queryRunner.getTable('users');\n    const column = table!.columns[0];\n    ${up}`),
    );
    expect(extracted.unresolved.length).toBeGreaterThan(0);
    expect(extracted.unresolved.map((part) => part.reason).join('\n')).toMatch(reason);
    expect(extracted.unresolved.every((part) => part.line >= 6)).toBe(true);
  });

  test('a Table built once in a const (file top or `up`) and handed to several calls is read', async () => {
    const text = migration(
      "    const index = new TableIndex({ name: 'IDX_jobs_status', columnNames: ['status'] });\n    await queryRunner.createTable(JOBS, true);\n    await queryRunner.createIndex(JOBS, index);",
    ).replace(
      'export class',
      "const JOBS = new Table({ name: 'jobs', columns: [{ name: 'id', type: 'uuid', isPrimary: true }, { name: 'status', type: 'text' }] });\n\nexport class",
    );
    const extracted = await extract('src/migrations/1700000000000-M.ts', text);
    expect(extracted.unresolved).toEqual([]);
    expect(extracted.statements.map((s) => s.sql)).toEqual([
      expect.stringMatching(/^CREATE TABLE "jobs" \("id" uuid NOT NULL, "status" text NOT NULL, CONSTRAINT "PK_\w+" PRIMARY KEY \("id"\)\)$/),
      'CREATE INDEX "IDX_jobs_status" ON "jobs" ("status")',
    ]);
  });

  test('a const changed before the call (`index.isUnique = true`) is not followed', async () => {
    const extracted = await extract(
      'src/migrations/1700000000000-M.ts',
      migration(
        "    const index = new TableIndex({ name: 'IDX_a', columnNames: ['a'] });\n    index.isUnique = true;\n    await queryRunner.createIndex('t', index);",
      ),
    );
    expect(extracted.statements).toEqual([]);
    expect(extracted.unresolved.map((part) => [part.line, part.reason])).toEqual([
      [7, expect.stringMatching(/createIndex\(…\)` not compiled: .*not a constant/)],
    ]);
  });

  test('a compiled namespace import (`typeorm_1.TableIndex`) is read like the named one', async () => {
    const text = `"use strict";\nconst typeorm_1 = require("typeorm");\nclass M1700000000000 {\n    async up(queryRunner) {\n        await queryRunner.createIndex('story', new typeorm_1.TableIndex({ name: 'IDX_story', columnNames: ['story_id'] }));\n    }\n}\nexports.M1700000000000 = M1700000000000;\n`;
    const extracted = await extract('dist/migrations/1700000000000-M.js', text);
    expect(extracted.unresolved).toEqual([]);
    expect(extracted.statements.map((s) => s.sql)).toEqual(['CREATE INDEX "IDX_story" ON "story" ("story_id")']);
  });
});
