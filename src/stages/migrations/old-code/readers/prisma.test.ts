import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reader } from './prisma.js';

const columns = (path: string, text: string) =>
  reader
    .read(path, text)
    .references.filter((reference) => reference.column !== undefined)
    .map((reference) => `${reference.schema ? `${reference.schema}.` : ''}${reference.table}.${reference.column}@${reference.line}`);

describe('Prisma reader', () => {
  it('reads a real model: @@map table, @map columns, relation fields are not columns (rallly v4.12.0 event.prisma)', () => {
    const text = readFileSync('fixtures/old-code/rallly-event.prisma', 'utf8');
    const found = reader.read('packages/database/prisma/models/event.prisma', text);
    expect(found.dynamic).toEqual([]);
    const scheduled = found.references.filter((reference) => reference.table === 'scheduled_events');
    expect(scheduled.filter((reference) => reference.column === undefined).map(({ access, insertColumns, line }) => ({ access, insertColumns, line }))).toEqual(
      [
        { access: 'read', insertColumns: undefined, line: 19 },
        { access: 'insert', insertColumns: 'all-model-columns', line: 19 },
      ],
    );
    expect(scheduled.filter((reference) => reference.column !== undefined).map((reference) => reference.column)).toEqual([
      'id',
      'user_id',
      'space_id',
      'event_type_id',
      'sheet_slot_id',
      'title',
      'description',
      'location',
      'conferencing',
      'capacity',
      'created_at',
      'updated_at',
      'status',
      'time_zone',
      'start',
      'end',
      'all_day',
      'deleted_at',
      'sequence',
      'uid',
      'hide_attendees',
      // Lists of models declared in other files of a multi-file schema: a back-relation or an enum list cannot be told
      // apart here, so they count as columns (a reference to a column that does not exist only makes a verdict stricter).
      'rescheduledDates',
      'invites',
      'polls',
    ]);
    expect(scheduled.find((reference) => reference.column === 'user_id')).toMatchObject({
      file: 'packages/database/prisma/models/event.prisma',
      line: 21,
      via: 'prisma',
      access: 'read',
    });
    // Enums are types, not tables.
    expect(found.references.some((reference) => reference.table === 'scheduled_event_status')).toBe(false);
  });

  it.each([
    ['model name is the table without @@map; field name without @map', 'model User {\n  id Int @id\n  nickname String?\n}\n', ['User.id@2', 'User.nickname@3']],
    [
      '@map(name: "x") form (formbricks)',
      'model Webhook {\n  createdAt DateTime @default(now()) @map(name: "created_at")\n  @@map(name: "webhooks")\n}\n',
      ['webhooks.created_at@2'],
    ],
    ['@@schema names the schema', 'model Event {\n  id Int @id\n  @@schema("analytics")\n}\n', ['analytics.Event.id@2']],
    [
      '@ignore fields and Unsupported fields are not in the client',
      'model Doc {\n  id Int @id\n  legacy String @ignore\n  embedding Unsupported("vector(1536)")?\n}\n',
      ['Doc.id@2'],
    ],
    ['@@ignore models are not in the client', 'model Old {\n  id Int @id\n  @@ignore\n}\n', []],
    [
      'relation fields to a model of the same file are not columns; back-relation lists neither',
      'model Post {\n  id Int @id\n  authorId Int @map("author_id")\n  author User @relation(fields: [authorId], references: [id])\n}\nmodel User {\n  id Int @id\n  posts Post[]\n}\n',
      ['Post.id@2', 'Post.author_id@3', 'User.id@7'],
    ],
    [
      'a relation to a model of another file (with @relation) is not a column',
      'model Post {\n  id Int @id\n  author User @relation(fields: [authorId], references: [id])\n  authorId Int\n}\n',
      ['Post.id@2', 'Post.authorId@4'],
    ],
    [
      'an enum of another file is a column (type unknown here: counted, never dropped)',
      'model Post {\n  id Int @id\n  status Status @default(draft)\n}\n',
      ['Post.id@2', 'Post.status@3'],
    ],
    [
      'comments (with // inside a string default) and doc comments',
      'model Link {\n  /// the target\n  url String @default("https://example.com") // where to\n  // old String\n}\n',
      ['Link.url@3'],
    ],
    [
      'block comments inside a model (trigger.dev)',
      'model ErrorGroupState {\n  /**\n   * Error is ignored until this date\n   */\n  ignoredUntil DateTime? /* inline */\n}\n',
      ['ErrorGroupState.ignoredUntil@5'],
    ],
    ['view blocks are read', 'view UserInfo {\n  id Int @unique\n  email String\n}\n', ['UserInfo.id@2', 'UserInfo.email@3']],
  ])('%s', (_name, text, expected) => {
    expect(columns('schema.prisma', text)).toEqual(expected);
  });

  it('a view is read but never written', () => {
    const found = reader.read('schema.prisma', 'view UserInfo {\n  id Int @unique\n}\n');
    expect(found.references.map((reference) => reference.access)).toEqual(['read', 'read']);
  });

  it('fails closed on a map that is not a plain string and on a field line it cannot read', () => {
    const found = reader.read(
      'schema.prisma',
      'model A {\n  id Int @id\n  x String @map(env("X"))\n  ??? weird\n}\nmodel B {\n  id Int\n  @@map(env("T"))\n}\n',
    );
    expect(found.dynamic.map(({ table, line }) => ({ table, line }))).toEqual([
      { table: 'A', line: 3 },
      { table: 'A', line: 4 },
      { table: undefined, line: 6 },
    ]);
    expect(columns('schema.prisma', 'model A {\n  id Int @id\n  x String @map(env("X"))\n}\n')).toEqual(['A.id@2']);
  });

  it('an unterminated model fails closed', () => {
    expect(reader.read('schema.prisma', 'model A {\n  id Int @id\n').dynamic).toHaveLength(1);
  });

  it('pre-filters on .prisma files with a model or view', () => {
    expect(reader.mayReference('prisma/schema/user.prisma', 'model User {\n}')).toBe(true);
    expect(reader.mayReference('prisma/schema/enums.prisma', 'enum Role {\n  A\n}')).toBe(false);
    expect(reader.mayReference('src/user.ts', 'model User {')).toBe(false);
  });
});
