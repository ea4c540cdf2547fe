import { beforeAll, describe, expect, it } from 'vitest';
import { loadParser } from '../../sql.js';
import { reader as knex } from './knex.js';
import { reader as kysely } from './kysely.js';
import { reader as sql } from './sql.js';

beforeAll(() => loadParser());

const brief = (found: ReturnType<typeof knex.read>) => ({
  references: found.references.map(
    (r) =>
      `${r.access} ${r.table || `import:${r.tableImport?.exported}`}${r.column ? `.${r.column}` : ''}${r.insertColumns ? ` [${Array.isArray(r.insertColumns) ? r.insertColumns.join(',') : r.insertColumns}]` : ''} @${r.line}`,
  ),
  dynamic: found.dynamic.map((d) => `${d.table ?? (d.tableImport ? `import:${d.tableImport.exported}` : '*')} @${d.line}: ${d.reason}`),
});

describe('knex reader', () => {
  it('reads tables from literals, local and imported constants, columns from select/where/insert/update', () => {
    const text = [
      "import { Knex } from 'knex';",
      "import { UserTableName } from '../database/entities/users';",
      "const EMAILS = 'emails';",
      'export async function f(db: Knex, userUuid: string, row: object) {',
      "  await db('users').where({ nickname: 'x' }).select('user_id', 'users.email as e');",
      "  await db(UserTableName).where('user_uuid', userUuid).update({ first_name: 'a' });",
      "  await db(EMAILS).insert({ email: 'a', user_id: 1 });",
      '  await db(UserTableName).insert(row);',
      '  await db.select(`${UserTableName}.user_uuid`).from(UserTableName);',
      '}',
    ].join('\n');
    expect(brief(knex.read('m.ts', text))).toMatchInlineSnapshot(`
      {
        "dynamic": [],
        "references": [
          "read users.nickname @5",
          "read users.user_id @5",
          "read users.email @5",
          "read import:UserTableName.user_uuid @6",
          "write import:UserTableName.first_name @6",
          "write import:UserTableName @6",
          "insert emails.email @7",
          "insert emails.user_id @7",
          "insert emails [email,user_id] @7",
          "insert import:UserTableName [unknown] @8",
          "read import:UserTableName.user_uuid @9",
        ],
      }
    `);
  });

  it('marks names built at run time as dynamic', () => {
    const text = [
      "import knex from 'knex';",
      'export async function f(table: string, column: string) {',
      '  await knex(table).select(column);',
      "  await knex('users').select(`${column}_at`).where({ [column]: 1 });",
      '}',
    ].join('\n');
    expect(brief(knex.read('m.ts', text))).toMatchInlineSnapshot(`
      {
        "dynamic": [
          "* @3: table name from variable \`table\`",
          "* @3: column name from variable \`column\`",
          "users @4: column name from a template with an interpolation",
          "users @4: column name from a computed key (variable \`column\`)",
        ],
        "references": [
          "any users @4",
        ],
      }
    `);
  });

  it('reads `this.database(T)` roots and local constants; ignores path.join and positions', () => {
    const text = [
      "import path from 'path';",
      "import { UserTableName } from '../entities/users';",
      'export class M {',
      '  async f() {',
      "    const cteName = 'latest';",
      "    path.join(__dirname, 'x');",
      "    await this.database(UserTableName).where('user_uuid', 1).select(`${cteName}.first_name`).orderBy(1);",
      '  }',
      '}',
    ].join('\n');
    expect(brief(knex.read('m.ts', text))).toMatchInlineSnapshot(`
      {
        "dynamic": [],
        "references": [
          "read import:UserTableName.user_uuid @7",
          "read latest.first_name @7",
          "read import:UserTableName @7",
        ],
      }
    `);
  });
});

describe('kysely reader', () => {
  it('reads selectFrom/insertInto/updateTable chains', () => {
    const text = [
      "const x = await db.selectFrom('users as u').select(['u.nickname', 'email']).where('id', '=', id).execute();",
      "await db.insertInto('users').values({ a: 1, b }).execute();",
      "await db.updateTable('pages').set({ title: t }).where('id', '=', id).execute();",
      'await db.selectFrom(name).selectAll().execute();',
    ].join('\n');
    expect(brief(kysely.read('k.ts', text))).toMatchInlineSnapshot(`
      {
        "dynamic": [
          "* @4: table name from variable \`name\`",
        ],
        "references": [
          "read users.nickname @1",
          "read users.email @1",
          "read users.id @1",
          "insert users.a @2",
          "insert users.b @2",
          "insert users [a,b] @2",
          "write pages @3",
          "write pages.title @3",
          "write pages @3",
          "read pages.id @3",
        ],
      }
    `);
  });
});

describe('sql reader', () => {
  it('parses raw SQL in literals with the PostgreSQL grammar; interpolated names are dynamic', () => {
    const text = [
      'const q = `SELECT u.nickname, email FROM users u',
      '  WHERE id = ${id}`;',
      'const r = knex.raw(`select ${col} from accounts`);',
      "const i = 'INSERT INTO users (a, b) VALUES (1, 2)';",
      'const t = `SELECT * FROM ${table}`;',
      "const n = 'Select a value from the list';",
    ].join('\n');
    expect(brief(sql.read('s.ts', text))).toMatchInlineSnapshot(`
      {
        "dynamic": [
          "accounts @3: a column name interpolated into raw SQL",
          "* @5: a table name interpolated into raw SQL",
        ],
        "references": [
          "read users @1",
          "read users.id @2",
          "read users.nickname @1",
          "read users.email @1",
          "read accounts @3",
          "insert users [a,b] @4",
          "read the @6",
          "read the.a @6",
        ],
      }
    `);
  });
});
