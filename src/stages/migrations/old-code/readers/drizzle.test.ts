import { describe, expect, it } from 'vitest';
import { drizzleCamelCase, drizzleSnakeCase, reader } from './drizzle.js';

/** Table definitions in the shapes drizzle's documentation and real schemas (`src/db/schema.ts`) use. Synthetic text. */

function columns(text: string) {
  return reader
    .read('src/db/schema.ts', text)
    .references.filter((reference) => reference.column !== undefined)
    .map((reference) => `${reference.schema ? `${reference.schema}.` : ''}${reference.table}.${reference.column}@${reference.line}`);
}

function dynamic(text: string) {
  return reader.read('src/db/schema.ts', text).dynamic.map((mark) => `${mark.table ?? '*'}@${mark.line}`);
}

const PG = "import { pgTable, pgSchema, pgView, pgTableCreator, text, uuid, integer, timestamp, varchar } from 'drizzle-orm/pg-core';\n";

describe('drizzle casing (drizzle-orm/src/casing.ts)', () => {
  it.each([
    ['createdAt', 'created_at', 'createdAt'],
    ['user_id', 'user_id', 'userId'],
    ['HTMLBody', 'html_body', 'htmlBody'],
  ])('%s', (key, snake, camel) => {
    expect(drizzleSnakeCase(key)).toBe(snake);
    expect(drizzleCamelCase(key)).toBe(camel);
  });
});

describe('drizzle reader', () => {
  it('names from the builders, keys when the builder has none (every casing), a table-level insert', () => {
    const text = `${PG}export const users = pgTable('users', {\n  id: uuid('id').primaryKey().defaultRandom(),\n  displayName: text('display_name').notNull(),\n  createdAt: timestamp({ withTimezone: true }).defaultNow(),\n});\n`;
    expect(columns(text)).toEqual(['users.id@3', 'users.display_name@4', 'users.createdAt@5', 'users.created_at@5']);
    expect(
      reader
        .read('s.ts', text)
        .references.filter((reference) => reference.column === undefined)
        .map(({ access, insertColumns, line }) => ({ access, insertColumns, line })),
    ).toEqual([
      { access: 'read', insertColumns: undefined, line: 2 },
      { access: 'insert', insertColumns: 'all-model-columns', line: 2 },
    ]);
    expect(dynamic(text)).toEqual([]);
  });

  it.each([
    [
      'the callback form',
      `${PG}export const posts = pgTable('posts', (t) => ({\n  id: t.integer().primaryKey(),\n  authorId: t.uuid('author_id'),\n}));\n`,
      ['posts.id@3', 'posts.author_id@4'],
      [],
    ],
    [
      'pgSchema(…).table',
      `${PG}const analytics = pgSchema('analytics');\nexport const events = analytics.table('events', {\n  name: varchar('name', { length: 64 }),\n});\n`,
      ['analytics.events.name@4'],
      [],
    ],
    [
      'a spread of shared columns of the same file',
      `${PG}const timestamps = { createdAt: timestamp('created_at'), updatedAt: timestamp('updated_at') };\nexport const notes = pgTable('notes', {\n  id: integer('id'),\n  ...timestamps,\n});\n`,
      ['notes.id@4', 'notes.created_at@2', 'notes.updated_at@2'],
      [],
    ],
    [
      'a spread from another file is unknown for the table',
      `${PG}import { timestamps } from './columns';\nexport const notes = pgTable('notes', {\n  id: integer('id'),\n  ...timestamps,\n});\n`,
      ['notes.id@4'],
      ['notes@5'],
    ],
    [
      'a table name from a constant of the file; one from another file is unknown',
      `${PG}import { NAME } from './names';\nconst T = 'tags';\nexport const tags = pgTable(T, { id: integer('id') });\nexport const other = pgTable(NAME, { id: integer('id') });\n`,
      ['tags.id@4'],
      ['*@5'],
    ],
    ['a column name that is not a constant', `${PG}export const t = pgTable('t', { a: text(process.env.COL!) });\n`, [], ['t@2']],
    [
      'a table creator builds names at run time',
      `${PG}const table = pgTableCreator((name) => \`app_\${name}\`);\nexport const u = table('users', { id: integer('id') });\n`,
      [],
      ['*@2'],
    ],
    ['a view with columns is read', `${PG}export const v = pgView('user_names', { name: text('name') }).existing();\n`, ['user_names.name@2'], []],
    ['pgTable from another library is not drizzle', "import { pgTable } from './mine';\nexport const t = pgTable('t', { a: 1 });\n", [], []],
  ])('%s', (_name, text, expectedColumns, expectedDynamic) => {
    expect(columns(text)).toEqual(expectedColumns);
    expect(dynamic(text)).toEqual(expectedDynamic);
  });

  it('a view is never inserted into', () => {
    expect(
      reader
        .read('s.ts', `${PG}export const v = pgView('v', { name: text('name') }).existing();\n`)
        .references.some((reference) => reference.access === 'insert'),
    ).toBe(false);
  });

  it('pre-filters on drizzle-orm', () => {
    expect(reader.mayReference('s.ts', PG)).toBe(true);
    expect(reader.mayReference('s.ts', "import knex from 'knex';")).toBe(false);
  });
});
