import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reader, sequelizePluralize, sequelizeUnderscore } from './sequelize.js';

function columns(text: string, path = 'server/models/user.ts') {
  return reader
    .read(path, text)
    .references.filter((reference) => reference.column !== undefined)
    .map((reference) => `${reference.schema ? `${reference.schema}.` : ''}${reference.table}.${reference.column}@${reference.line}`);
}

function tables(text: string) {
  return [
    ...new Set(
      reader
        .read('m.ts', text)
        .references.filter((reference) => reference.column === undefined)
        .map((reference) => `${reference.table}@${reference.line}`),
    ),
  ];
}

function dynamic(text: string) {
  return reader.read('m.ts', text).dynamic.map((mark) => `${mark.table ?? '*'}@${mark.line}`);
}

describe('Sequelize naming (Utils.pluralize / Utils.underscore through inflection 1.x, as Sequelize 6)', () => {
  it.each([
    ['user', 'users', 'user'],
    ['person', 'people', 'person'],
    ['apiKey', 'apiKeys', 'api_key'],
    ['category', 'categories', 'category'],
    ['data', 'data', 'data'],
    ['UserGroup', 'UserGroups', 'user_group'],
  ])('%s', (name, plural, underscored) => {
    expect(sequelizePluralize(name)).toBe(plural);
    expect(sequelizeUnderscore(name)).toBe(underscored);
  });
});

describe('sequelize-typescript models', () => {
  it('reads a real model: @Table({ tableName }), bare @Column, DataType columns, VIRTUAL skipped, base class of the repository read in its own file (outline v0.87.4 ApiKey)', () => {
    const text = readFileSync('fixtures/old-code/outline-ApiKey.ts', 'utf8');
    const found = reader.read('server/models/ApiKey.ts', text);
    const apiKeys = found.references.filter((reference) => reference.table === 'apiKeys' && reference.column !== undefined);
    expect(apiKeys.map((reference) => `${reference.column}@${reference.line}`)).toEqual([
      'name@53',
      'scope@60',
      'secret@65',
      'hash@75',
      'last4@80',
      // `underscored` is not in the model's options: the global `define` options may set it, so both names.
      'expiresAt@85',
      'expires_at@85',
      'lastActiveAt@91',
      'last_active_at@91',
      // Timestamps are on unless the model turns them off; `deletedAt` too, as `paranoid` may come from `define`.
      'createdAt@38',
      'created_at@38',
      'updatedAt@38',
      'updated_at@38',
      'deletedAt@38',
      'deleted_at@38',
    ]);
    expect(
      found.references
        .filter((reference) => reference.column === undefined)
        .map(({ table, access, insertColumns, line }) => ({ table, access, insertColumns, line })),
    ).toEqual([
      { table: 'apiKeys', access: 'read', insertColumns: undefined, line: 38 },
      { table: 'apiKeys', access: 'insert', insertColumns: 'all-model-columns', line: 38 },
    ]);
    // `ParanoidModel` (./base/ParanoidModel: id, createdAt, updatedAt, deletedAt) is a file the scan reads itself.
    expect(found.dynamic).toEqual([]);
    // From a package it would not be read: unknown for the table.
    const fromPackage = reader.read('server/models/ApiKey.ts', text.replace('from "./base/ParanoidModel"', 'from "@outline/base"'));
    expect(fromPackage.dynamic.map(({ table, line, reason }) => ({ table, line, reason }))).toEqual([
      { table: 'apiKeys', line: 38, reason: 'columns inherited from `ParanoidModel` (declared in another file) are not read with ApiKey' },
    ]);
  });

  it('a base class with columns and no @Table maps no table of its own (outline IdModel)', () => {
    const text = readFileSync('fixtures/old-code/outline-IdModel.ts', 'utf8');
    expect(reader.read('server/models/base/IdModel.ts', text)).toEqual({ references: [], dynamic: [] });
  });

  it('what a base class cannot name is unknown for every table (the models extending it are elsewhere)', () => {
    const text =
      "import { BelongsTo, Column, Model } from 'sequelize-typescript';\nexport class Owned extends Model {\n  @BelongsTo(() => User)\n  owner: User;\n}\n";
    expect(dynamic(text)).toEqual(['*@4']);
  });

  it.each([
    [
      'a model name pluralised, both underscored forms when the model does not say',
      "import { Column, Model, Table } from 'sequelize-typescript';\n@Table\nclass UserGroup extends Model {\n  @Column\n  groupId: string;\n}\n",
      ['UserGroup@3', 'UserGroups@3', 'user_groups@3'],
    ],
    [
      'freezeTableName with modelName',
      "import { Column, Model, Table } from 'sequelize-typescript';\n@Table({ modelName: 'person', freezeTableName: true })\nclass Person extends Model {}\n",
      ['person@3'],
    ],
    [
      'underscored without freeze: pluralised then underscored',
      "import { Column, Model, Table } from 'sequelize-typescript';\n@Table({ underscored: true, freezeTableName: false })\nclass ApiKey extends Model {}\n",
      ['api_keys@3'],
    ],
  ])('%s', (_name, text, expected) => {
    expect(tables(text)).toEqual(expected);
  });

  it.each([
    [
      'field: and underscored',
      "import { Column, DataType, Model, Table } from 'sequelize-typescript';\n@Table({ tableName: 'users', underscored: true, timestamps: false })\nclass User extends Model {\n  @Column({ type: DataType.STRING, field: 'display_name' })\n  name: string;\n  @Column\n  lastActiveAt: Date;\n  @Column({ type: DataType.VIRTUAL })\n  label: string;\n}\n",
      ['users.display_name@5', 'users.last_active_at@7'],
      [],
    ],
    [
      'timestamps renamed and off; paranoid',
      "import { Model, Table } from 'sequelize-typescript';\n@Table({ tableName: 'notes', createdAt: 'created_on', updatedAt: false, paranoid: true, underscored: false })\nclass Note extends Model {}\n",
      ['notes.created_on@3', 'notes.deletedAt@3'],
      [],
    ],
    [
      '@BelongsTo with a foreign key; without one it is unknown',
      "import { BelongsTo, Column, ForeignKey, Model, Table } from 'sequelize-typescript';\n@Table({ tableName: 'posts', timestamps: false })\nclass Post extends Model {\n  @BelongsTo(() => User, 'authorId')\n  author: User;\n  @BelongsTo(() => Team)\n  team: Team;\n}\n",
      ['posts.authorId@5', 'posts.author_id@5'],
      ['posts@7'],
    ],
    [
      '@BelongsTo without a key takes it from the @ForeignKey member to the same model (outline Reaction)',
      "import { BelongsTo, Column, DataType, ForeignKey, Model, Table } from 'sequelize-typescript';\n@Table({ tableName: 'reactions', timestamps: false, underscored: false })\nclass Reaction extends Model {\n  @BelongsTo(() => User)\n  user: User;\n  @ForeignKey(() => User)\n  @Column(DataType.UUID)\n  userId: string;\n  @BelongsTo(() => Comment)\n  comment: Comment;\n}\n",
      ['reactions.userId@8'],
      ['reactions@10'],
    ],
    [
      'a table name that is not a constant',
      "import { Model, Table } from 'sequelize-typescript';\n@Table({ tableName: process.env.T })\nclass Note extends Model {}\n",
      [],
      ['*@3'],
    ],
    [
      'a base class of the same file is read',
      "import { Column, Model, Table } from 'sequelize-typescript';\nclass Base extends Model {\n  @Column\n  teamId: string;\n}\n@Table({ tableName: 'docs', timestamps: false, underscored: false })\nclass Doc extends Base {\n  @Column\n  title: string;\n}\n",
      ['docs.title@9', 'docs.teamId@4'],
      [],
    ],
  ])('%s', (_name, text, expectedColumns, expectedDynamic) => {
    expect(columns(text)).toEqual(expectedColumns);
    expect(dynamic(text)).toEqual(expectedDynamic);
  });
});

describe('sequelize.define and Model.init', () => {
  it.each([
    [
      'define: pluralised table, attributes with and without field, VIRTUAL skipped',
      "const { DataTypes } = require('sequelize');\nmodule.exports = (sequelize) => sequelize.define('user', {\n  email: DataTypes.STRING,\n  fullName: { type: DataTypes.STRING, field: 'full_name' },\n  label: { type: DataTypes.VIRTUAL },\n}, { timestamps: false, underscored: false });\n",
      ['user', 'users'],
      ['user.email@3', 'users.email@3', 'user.full_name@4', 'users.full_name@4'],
      [],
    ],
    [
      'define with tableName and underscored: attributes and timestamps underscored',
      "import { DataTypes } from 'sequelize';\nexport const Session = sequelize.define('Session', {\n  lastSeenAt: DataTypes.DATE,\n}, { tableName: 'sessions', underscored: true });\n",
      ['sessions'],
      ['sessions.last_seen_at@3', 'sessions.created_at@2', 'sessions.updated_at@2', 'sessions.deleted_at@2'],
      [],
    ],
    [
      'Model.init: the class name is the model name',
      "import { DataTypes, Model } from 'sequelize';\nclass Project extends Model {}\nProject.init({\n  title: DataTypes.STRING,\n}, { sequelize, tableName: 'projects', timestamps: false, underscored: false });\n",
      ['projects'],
      ['projects.title@4'],
      [],
    ],
    [
      'attributes from a variable of the file',
      "import { DataTypes } from 'sequelize';\nconst attributes = { title: { type: DataTypes.STRING, field: 'title_text' } };\nsequelize.define('doc', attributes, { tableName: 'docs', timestamps: false });\n",
      ['docs'],
      ['docs.title_text@2'],
      [],
    ],
    [
      'attributes from another file and a spread are unknown for the table',
      "import { DataTypes } from 'sequelize';\nimport { shared } from './shared';\nsequelize.define('doc', shared, { tableName: 'docs', timestamps: false });\nsequelize.define('page', { ...shared, title: DataTypes.STRING }, { tableName: 'pages', timestamps: false, underscored: false });\n",
      ['docs', 'pages'],
      ['pages.title@4'],
      ['docs@3', 'pages@4'],
    ],
    ['a model name from a variable', "import { DataTypes } from 'sequelize';\nsequelize.define(name, { a: DataTypes.STRING });\n", [], [], ['*@2']],
  ])('%s', (_name, text, expectedTables, expectedColumns, expectedDynamic) => {
    expect([...new Set(reader.read('m.ts', text).references.map((reference) => reference.table))]).toEqual(expectedTables);
    expect(columns(text)).toEqual(expectedColumns);
    expect(dynamic(text)).toEqual(expectedDynamic);
  });

  it('pre-filters on sequelize imports', () => {
    expect(reader.mayReference('a.ts', "import { Model } from 'sequelize';")).toBe(true);
    expect(reader.mayReference('a.ts', "import { Table } from 'sequelize-typescript';")).toBe(true);
    expect(reader.mayReference('a.ts', "import { Entity } from 'typeorm';")).toBe(false);
  });
});
