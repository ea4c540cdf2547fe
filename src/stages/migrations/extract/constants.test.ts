import { describe, expect, test } from 'vitest';
import { extractKnexMigration } from './knex.js';

/** Constants in table names and raw SQL: same file, imported from the repository, and what stays unresolved. */

const FILE = 'packages/backend/src/database/migrations/20240101000000_x.ts';
const ALL = ['locksTable', 'rewritesTable', 'scansTable'];

async function extract(header: string, up: string, files: Record<string, string> = {}) {
  const reads: string[] = [];
  const text = `${header}\nexport async function up(knex: Knex): Promise<void> {\n  ${up}\n}\n`;
  const result = await extractKnexMigration(FILE, text, {
    readRepoFile: async (path) => {
      reads.push(path);
      return files[path];
    },
  });
  return { ...result, sql: result.statements.map((s) => s.sql), reads };
}

describe('same-file constants', () => {
  const cases: Array<{ name: string; header: string; up: string; sql: string }> = [
    {
      name: 'const string',
      header: `const TABLE = 'users';`,
      up: `await knex.raw(\`ALTER TABLE \${TABLE} ADD COLUMN a int\`);`,
      sql: 'ALTER TABLE users ADD COLUMN a int',
    },
    {
      name: 'as const object',
      header: `const TABLES = { USERS: 'users', ORGS: 'orgs' } as const;`,
      up: `await knex.schema.dropTable(TABLES.ORGS);`,
      sql: 'drop table "orgs"',
    },
    {
      name: 'element access and nested objects',
      header: `const DB = { tables: { users: 'users' } };`,
      up: `await knex.schema.dropTable(DB['tables'].users);`,
      sql: 'drop table "users"',
    },
    { name: 'string enum', header: `enum Table { Users = 'users' }`, up: `await knex(Table.Users).del();`, sql: 'delete from "users"' },
    {
      name: 'concatenation and numbers',
      header: `const T = 'users'; const N = 255;`,
      up: `await knex.raw('ALTER TABLE ' + T + ' ALTER COLUMN a TYPE varchar(' + N + ')');`,
      sql: 'ALTER TABLE users ALTER COLUMN a TYPE varchar(255)',
    },
    {
      name: 'constant composed of constants',
      header: `const SCHEMA = 'app';\nconst TABLE = \`\${SCHEMA}.users\`;\nconst COLUMN = 'search';`,
      up: `await knex.raw(\`ALTER TABLE \${TABLE} ADD COLUMN \${COLUMN} tsvector GENERATED ALWAYS AS (to_tsvector('simple', name)) STORED\`);`,
      sql: "ALTER TABLE app.users ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('simple', name)) STORED",
    },
    {
      name: 'array join',
      header: `const COLUMNS = ['a', 'b'];`,
      up: `await knex.raw(\`CREATE INDEX i ON t (\${COLUMNS.join(', ')})\`);`,
      sql: 'CREATE INDEX i ON t (a, b)',
    },
    { name: 'constant inside up', header: '', up: `const table = 'local_t';\n  await knex.schema.dropTable(table);`, sql: 'drop table "local_t"' },
    {
      name: 'satisfies and spread',
      header: `const BASE = { a: 'x' };\nconst ALL_TABLES = { ...BASE, b: 'y' } satisfies Record<string, string>;`,
      up: `await knex(ALL_TABLES.b).del();`,
      sql: 'delete from "y"',
    },
  ];
  test.each(cases)('$name', async ({ header, up, sql }) => {
    const result = await extract(header, up);
    expect(result.unresolved).toEqual([]);
    expect(result.sql).toEqual([sql]);
  });
});

describe('imported constants inside the repository', () => {
  const dir = 'packages/backend/src/database';
  test('named import from a sibling .ts file', async () => {
    const result = await extract(
      `import { ProjectTableName } from '../entities/projects';`,
      `await knex.raw(\`CREATE INDEX i ON \${ProjectTableName} (a)\`);`,
      {
        [`${dir}/entities/projects.ts`]: `export const ProjectTableName = 'projects';`,
      },
    );
    expect(result.sql).toEqual(['CREATE INDEX i ON projects (a)']);
    expect(result.reads).toEqual([`${dir}/entities/projects`, `${dir}/entities/projects.ts`]);
  });

  test('NodeNext `.js` specifier maps to the .ts file; re-exports and index files are followed', async () => {
    const result = await extract(
      `import { USERS, Kind } from '../entities/index.js';\nimport * as names from '../names';`,
      `await knex.schema.dropTable(USERS);\n  await knex(names.ORGS).where('kind', Kind.A).del();`,
      {
        [`${dir}/entities/index.ts`]: `export * from './users';\nexport { Kind } from './kind';`,
        [`${dir}/entities/users.ts`]: `export const USERS = 'users';`,
        [`${dir}/entities/kind.ts`]: `export enum Kind { A = 'a' }`,
        [`${dir}/names/index.ts`]: `export const ORGS = 'orgs';`,
      },
    );
    expect(result.unresolved).toEqual([]);
    expect(result.sql).toEqual(['drop table "users"', 'delete from "orgs" where "kind" = \'a\'']);
  });

  test('helpers from require() and namespace imports are named in the reason', async () => {
    const text = `const helpers = require('./helpers');\nconst { build } = require('./helpers');\nexports.up = async (knex) => { await knex.raw(helpers.make('a')); await knex.raw(build()); };`;
    const result = await extractKnexMigration('m/001.js', text, {
      readRepoFile: async (path) => (path === 'm/helpers.js' ? 'exports.make = (t) => t;' : undefined),
    });
    expect(result.unresolved.map((u) => u.reason)).toEqual([
      'SQL built by helper helpers.make() in ./helpers (its result is computed at run time)',
      'SQL built by helper build() in ./helpers (its result is computed at run time)',
    ]);
  });

  test('CommonJS require with destructuring and module.exports', async () => {
    const text = `const { TABLE } = require('./constants');\nconst helpers = require('./helpers');\nexports.up = async (knex) => { await knex.schema.dropTable(TABLE); await knex.raw(helpers.SQL); };`;
    const files: Record<string, string> = {
      'm/constants.js': `module.exports = { TABLE: 'cjs_table' };`,
      'm/helpers.js': `exports.SQL = 'DROP INDEX old_idx';`,
    };
    const result = await extractKnexMigration('m/001.js', text, { readRepoFile: async (path) => files[path] });
    expect(result.unresolved).toEqual([]);
    expect(result.statements.map((s) => s.sql)).toEqual(['drop table "cjs_table"', 'DROP INDEX old_idx']);
  });

  test('a plain constant exported by a helper module resolves; a helper function does not', async () => {
    const files = {
      [`${dir}/sql/views.ts`]: `export const CREATE_VIEW = 'CREATE VIEW v AS SELECT 1';\nexport function backfill(table: string) { return \`UPDATE \${table} SET x = 1\`; }`,
    };
    const result = await extract(
      `import { CREATE_VIEW, backfill } from '../sql/views';`,
      `await knex.raw(CREATE_VIEW);\n  await knex.raw(backfill('users'));`,
      files,
    );
    expect(result.sql).toEqual(['CREATE VIEW v AS SELECT 1']);
    expect(result.unresolved).toEqual([
      {
        line: 4,
        reason: 'SQL built by helper backfill() in ../sql/views (its result is computed at run time)',
        affects: ALL,
        evidence: "knex.raw(backfill('users'))",
      },
    ]);
  });
});

describe('unresolved constants', () => {
  const cases: Array<{ name: string; header: string; up: string; reason: string | RegExp }> = [
    {
      name: 'import from a package',
      header: `import { TABLE } from '@lightdash/common';`,
      up: `await knex.schema.dropTable(TABLE);`,
      reason: '`@lightdash/common` is a package or path alias outside the repository files',
    },
    {
      name: 'import not found at this ref',
      header: `import { TABLE } from './gone';`,
      up: `await knex.schema.dropTable(TABLE);`,
      reason: /^import `\.\/gone` from .* was not found in the repository at this ref$/,
    },
    {
      name: 'import leaving the repository',
      header: `import { TABLE } from '../../../../../../../outside';`,
      up: `await knex.schema.dropTable(TABLE);`,
      reason: 'import `../../../../../../../outside` leaves the repository',
    },
    {
      name: 'let binding',
      header: `let TABLE = 'users';`,
      up: `await knex.schema.dropTable(TABLE);`,
      reason: '`TABLE` is declared with let/var (it may change at run time)',
    },
    {
      name: 'function result',
      header: `const tableName = () => 'users';`,
      up: `await knex.raw(\`DROP TABLE \${tableName()}\`);`,
      reason: '`tableName()` is computed at run time by tableName()',
    },
    { name: 'global', header: '', up: `await knex.raw(process.env.SQL);`, reason: '`process` is not a constant declared in this file' },
    { name: 'missing property', header: `const T = { A: 'a' };`, up: `await knex.schema.dropTable(T.B);`, reason: '`T.B`: no property `B` in the constant' },
  ];
  test.each(cases)('$name', async ({ header, up, reason }) => {
    const result = await extract(header, up, {});
    expect(result.statements).toEqual([]);
    expect(result.unresolved).toHaveLength(1);
    expect(result.unresolved[0]!.affects).toEqual(ALL);
    if (typeof reason === 'string') expect(result.unresolved[0]!.reason).toBe(reason);
    else expect(result.unresolved[0]!.reason).toMatch(reason);
  });
});

describe('shapes the parser reads as written', () => {
  test('enum members named by strings, and computed keys of a constant object', async () => {
    const result = await extract(
      `enum T { A = 'a', 'B' = 'b' }\nconst K = 'k';\nconst O = { [K]: 'c', ['x' + 1]: 'd' };`,
      `await knex.raw(\`DROP TABLE \${T.A}\${T['B']}\${O.k}\${O.x1}\`);`,
    );
    expect(result.unresolved).toEqual([]);
    expect(result.sql).toEqual(['DROP TABLE abcd']);
  });

  test('a CommonJS helper module and a directive prologue', async () => {
    const text = `'use strict';\nconst { T } = require('./names');\nexports.up = function (knex) { return knex.schema.createTable(T, function (t) { 'use strict'; t.increments(); }); };`;
    const result = await extractKnexMigration('m/001.js', text, {
      readRepoFile: async (path) => (path === 'm/names.js' ? `'use strict';\nmodule.exports = { T: 'cjs' };` : undefined),
    });
    expect(result.unresolved).toEqual([]);
    expect(result.statements.map((s) => s.sql)).toEqual(['create table "cjs" ("id" serial primary key)']);
  });

  test('a constant changed through a unary operator or an update is not trusted; typeof is only a read', async () => {
    const changed = await extract(`const X = { a: 'DROP TABLE a' };\nlet n = 0;\nif (n) X.a++;`, `await knex.raw(X.a);`);
    expect(changed.sql).toEqual([]);
    expect(changed.unresolved[0]!.reason).toBe('`X` is changed after its declaration (its items are only known at run time)');
    const read = await extract(`const X = { a: 'DROP TABLE a' };\nconst kind = typeof X.a;`, `await knex.raw(X.a);`);
    expect(read.sql).toEqual(['DROP TABLE a']);
  });
});
