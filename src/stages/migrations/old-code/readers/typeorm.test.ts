import { describe, expect, it } from 'vitest';
import { mikroUnderscore, reader, typeormCamelCase, typeormSnakeCase } from './typeorm.js';

/**
 * Entities written the way NestJS services write them (TypeORM: `@Entity('albums_shared_users_users')`
 * with `@PrimaryColumn({ name }) @JoinColumn({ name }) @ManyToOne(...)` on one property, as in
 * immich's server before its move to kysely; MikroORM: the shapes of its documentation).
 * Synthetic text, real shapes.
 */

function columns(text: string, path = 'src/entities/user.entity.ts') {
  return reader
    .read(path, text)
    .references.filter((reference) => reference.column !== undefined)
    .map(
      (reference) =>
        `${reference.schema ? `${reference.schema}.` : ''}${reference.table}.${reference.column}@${reference.line}${reference.access === 'read' ? '' : `:${reference.access}`}`,
    );
}

function dynamic(text: string) {
  return reader.read('src/entities/user.entity.ts', text).dynamic.map((mark) => `${mark.table ?? '*'}@${mark.line}`);
}

const TYPEORM_IMPORT =
  "import { BaseEntity, Column, CreateDateColumn, Entity, JoinColumn, JoinTable, ManyToMany, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn, ViewColumn, ViewEntity } from 'typeorm';\n";
const MIKRO_IMPORT = "import { Embedded, Entity, ManyToMany, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';\n";

describe('TypeORM naming functions (as typeorm/src/util/StringUtils.ts and MikroORM UnderscoreNamingStrategy)', () => {
  it.each([
    ['UserProfile', 'user_profile', 'userProfile', 'user_profile'],
    ['HTMLParser', 'html_parser', 'hTMLParser', 'htmlparser'],
    ['apiKey2Fa', 'api_key2_fa', 'apiKey2Fa', 'api_key2fa'],
  ])('%s', (name, snake, camel, underscore) => {
    expect(typeormSnakeCase(name)).toBe(snake);
    expect(typeormCamelCase(name)).toBe(camel);
    expect(mikroUnderscore(name)).toBe(underscore);
  });
  it('camelCase of a join name', () => expect(typeormCamelCase('author_id')).toBe('authorId'));
});

describe('TypeORM entities', () => {
  it('explicit names, primary and date columns, a join column on a primary column (immich album-user shape)', () => {
    const text = `${TYPEORM_IMPORT}
@Entity('albums_shared_users_users')
export class AlbumUserEntity {
  @PrimaryColumn({ type: 'uuid', name: 'albumsId' })
  @JoinColumn({ name: 'albumsId' })
  @ManyToOne(() => AlbumEntity, { onDelete: 'CASCADE', nullable: false })
  album!: AlbumEntity;

  @Column({ default: false })
  readonly!: boolean;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
`;
    expect(columns(text)).toEqual(['albums_shared_users_users.albumsId@8', 'albums_shared_users_users.readonly@11', 'albums_shared_users_users.created_at@14']);
    const tableLevel = reader.read('a.ts', text).references.filter((reference) => reference.column === undefined);
    expect(tableLevel.map(({ table, access, insertColumns, line, via }) => ({ table, access, insertColumns, line, via }))).toEqual([
      { table: 'albums_shared_users_users', access: 'read', insertColumns: undefined, line: 4, via: 'typeorm' },
      { table: 'albums_shared_users_users', access: 'insert', insertColumns: 'all-model-columns', line: 4, via: 'typeorm' },
    ]);
    expect(dynamic(text)).toEqual([]);
  });

  it('default names: snake_case table, the property name and its snake_case (default and SnakeNamingStrategy)', () => {
    expect(
      columns(
        `${TYPEORM_IMPORT}@Entity()\nexport class UserProfile {\n  @PrimaryGeneratedColumn('uuid')\n  id: string;\n  @Column()\n  displayName: string;\n}\n`,
      ),
    ).toEqual(['user_profile.id@5', 'user_profile.displayName@7', 'user_profile.display_name@7']);
  });

  it('@Entity({ name, schema }), a name from a constant of the file, select: false is written not read', () => {
    expect(
      columns(
        `${TYPEORM_IMPORT}const TABLE = 'accounts';\n@Entity({ name: TABLE, schema: 'auth' })\nexport class Account {\n  @Column('text', { select: false, name: 'password_hash' })\n  passwordHash: string;\n}\n`,
      ),
    ).toEqual(['auth.accounts.password_hash@6:write']);
  });

  it.each([
    [
      '@ManyToOne without a join-column name: named from the target primary key (another class)',
      `${TYPEORM_IMPORT}@Entity('posts')\nclass Post {\n  @ManyToOne(() => User)\n  author: User;\n}\n`,
      [],
      ['posts@5'],
    ],
    [
      '@JoinColumn({ referencedColumnName })',
      `${TYPEORM_IMPORT}@Entity('posts')\nclass Post {\n  @ManyToOne(() => User)\n  @JoinColumn({ referencedColumnName: 'uuid' })\n  author: User;\n}\n`,
      ['posts.authorUuid@6', 'posts.author_uuid@6'],
      [],
    ],
    ['embedded columns', `${TYPEORM_IMPORT}@Entity('users')\nclass User {\n  @Column(() => Address)\n  address: Address;\n}\n`, [], ['users@5']],
    // A base of the repository (relative import) is read in its own file, where its columns are words the lookup finds as mentions.
    [
      'a base class of another file of the repository',
      `${TYPEORM_IMPORT}import { Timestamped } from './base';\n@Entity('users')\nclass User extends Timestamped {\n  @Column()\n  name: string;\n}\n`,
      ['users.name@6'],
      [],
    ],
    [
      'a base class from a package or an alias is unknown for the table',
      `${TYPEORM_IMPORT}import { Timestamped } from '@app/common';\n@Entity('users')\nclass User extends Timestamped {\n  @Column()\n  name: string;\n}\n`,
      ['users.name@6'],
      ['users@4'],
    ],
    [
      'a mixin base is unknown for the table',
      `${TYPEORM_IMPORT}@Entity('users')\nclass User extends withTimestamps(BaseEntity) {\n  @Column()\n  name: string;\n}\n`,
      ['users.name@5'],
      ['users@3'],
    ],
    [
      'a base class (no @Entity) maps no table; what it cannot name is unknown for every table',
      `${TYPEORM_IMPORT}export abstract class Owned {\n  @ManyToOne(() => User)\n  owner: User;\n  @Column({ name: 'created_at' })\n  createdAt: Date;\n}\n`,
      [],
      ['*@4'],
    ],
    [
      'a base class of the same file is read; BaseEntity from typeorm maps nothing',
      `${TYPEORM_IMPORT}abstract class Timestamped extends BaseEntity {\n  @CreateDateColumn({ name: 'created_at' })\n  createdAt: Date;\n}\n@Entity('users')\nclass User extends Timestamped {\n  @Column({ name: 'name' })\n  name: string;\n}\n`,
      ['users.name@9', 'users.created_at@4'],
      [],
    ],
    [
      'an entity name imported from another file',
      `${TYPEORM_IMPORT}import { T } from './names';\n@Entity(T)\nclass User {\n  @Column()\n  name: string;\n}\n`,
      [],
      ['*@3'],
    ],
    [
      'a column name that is not a constant',
      `${TYPEORM_IMPORT}@Entity('users')\nclass User {\n  @Column({ name: process.env.COL })\n  name: string;\n}\n`,
      [],
      ['users@5'],
    ],
    [
      'options from another file may hold a name',
      `${TYPEORM_IMPORT}import { opts } from './o';\n@Entity('users')\nclass User {\n  @Column({ ...opts })\n  name: string;\n}\n`,
      [],
      ['users@6'],
    ],
    [
      'ManyToMany with a named JoinTable',
      `${TYPEORM_IMPORT}@Entity('posts')\nclass Post {\n  @ManyToMany(() => Tag)\n  @JoinTable({ name: 'post_tags', joinColumn: { name: 'post_id' }, inverseJoinColumn: { name: 'tag_id' } })\n  tags: Tag[];\n}\n`,
      ['post_tags.post_id@6', 'post_tags.tag_id@6'],
      [],
    ],
    [
      'ManyToMany with an unnamed JoinTable: named from both tables',
      `${TYPEORM_IMPORT}@Entity('posts')\nclass Post {\n  @ManyToMany(() => Tag)\n  @JoinTable()\n  tags: Tag[];\n}\n`,
      [],
      ['*@6'],
    ],
    [
      'the inverse ManyToMany side maps nothing',
      `${TYPEORM_IMPORT}@Entity('tags')\nclass Tag {\n  @ManyToMany(() => Post, (post) => post.tags)\n  posts: Post[];\n}\n`,
      [],
      [],
    ],
    [
      'a view entity',
      `${TYPEORM_IMPORT}@ViewEntity({ name: 'user_stats', expression: 'SELECT 1' })\nclass UserStats {\n  @ViewColumn()\n  total: number;\n}\n`,
      ['user_stats.total@5'],
      [],
    ],
    [
      "sequelize-typescript's @Table/@Column are not TypeORM's",
      "import { Column, Table, Model } from 'sequelize-typescript';\n@Table({ tableName: 'users' })\nclass User extends Model {\n  @Column\n  name: string;\n}\n",
      [],
      [],
    ],
  ])('%s', (_name, text, expectedColumns, expectedDynamic) => {
    expect(columns(text)).toEqual(expectedColumns);
    expect(dynamic(text)).toEqual(expectedDynamic);
  });

  it('a view is read and never inserted into', () => {
    const found = reader.read('v.ts', `${TYPEORM_IMPORT}@ViewEntity('user_stats')\nclass UserStats {\n  @ViewColumn()\n  total: number;\n}\n`);
    expect(found.references.some((reference) => reference.access === 'insert')).toBe(false);
  });

  it.each([
    [
      'a custom naming strategy class makes every table unknown',
      "import { DefaultNamingStrategy } from 'typeorm';\nexport class MyNaming extends DefaultNamingStrategy {\n  columnName(p: string) { return p.toUpperCase(); }\n}\n",
      ['*@2'],
    ],
    [
      'a class implementing NamingStrategyInterface too',
      "import { DefaultNamingStrategy, NamingStrategyInterface } from 'typeorm';\nexport class MyNaming implements NamingStrategyInterface {}\n",
      ['*@2'],
    ],
    [
      'typeorm-naming-strategies SnakeNamingStrategy is covered',
      "import { SnakeNamingStrategy } from 'typeorm-naming-strategies';\nimport { DataSource } from 'typeorm';\nexport default new DataSource({ type: 'postgres', namingStrategy: new SnakeNamingStrategy() });\n",
      [],
    ],
    [
      'a strategy from a package we do not know',
      "import { Naming } from 'some-naming';\nimport { DataSource } from 'typeorm';\nexport default new DataSource({ type: 'postgres', namingStrategy: new Naming() });\n",
      ['*@3'],
    ],
    [
      'a strategy of the repository is read where it is declared',
      "import { MyNaming } from './naming';\nimport { DataSource } from 'typeorm';\nexport default new DataSource({ namingStrategy: new MyNaming() });\n",
      [],
    ],
  ])('%s', (_name, text, expected) => {
    expect(dynamic(text)).toEqual(expected);
  });

  it('a file that does not parse fails closed', () => {
    expect(dynamic(`${TYPEORM_IMPORT}@Entity('users')\nclass User {\n  @Column(\n`)).toEqual(['*@5']);
  });
});

describe('MikroORM entities', () => {
  it.each([
    [
      'default names: UnderscoreNamingStrategy and EntityCaseNamingStrategy candidates',
      `${MIKRO_IMPORT}@Entity()\nexport class BookTag {\n  @PrimaryKey()\n  id!: number;\n  @Property()\n  createdAt = new Date();\n}\n`,
      ['book_tag.id@5', 'BookTag.id@5', 'book_tag.created_at@7', 'book_tag.createdAt@7', 'BookTag.created_at@7', 'BookTag.createdAt@7'],
      [],
    ],
    [
      'tableName, fieldName, persist: false, lazy',
      `${MIKRO_IMPORT}@Entity({ tableName: 'books' })\nexport class Book {\n  @Property({ fieldName: 'book_title' })\n  title!: string;\n  @Property({ persist: false })\n  get label() { return ''; }\n  @Property({ lazy: true })\n  body!: string;\n}\n`,
      ['books.book_title@5', 'books.body@9:write'],
      [],
    ],
    [
      'ManyToOne with and without fieldName',
      `${MIKRO_IMPORT}@Entity({ tableName: 'books' })\nexport class Book {\n  @ManyToOne({ entity: () => Author, fieldName: 'author_id' })\n  author!: Author;\n  @ManyToOne(() => Publisher)\n  publisher!: Publisher;\n}\n`,
      ['books.author_id@5'],
      ['books@7'],
    ],
    [
      'abstract entities map no table',
      `${MIKRO_IMPORT}@Entity({ abstract: true })\nexport abstract class Base {\n  @PrimaryKey()\n  id!: number;\n}\n`,
      [],
      [],
    ],
    [
      'embedded, named pivot, inverse side',
      `${MIKRO_IMPORT}@Entity({ tableName: 'books' })\nexport class Book {\n  @Embedded(() => Address)\n  address!: Address;\n  @ManyToMany({ entity: () => Tag, pivotTable: 'book_tags' })\n  tags!: Tag[];\n  @ManyToMany(() => Reader, (r) => r.books, { mappedBy: 'books' })\n  readers!: Reader[];\n}\n`,
      [],
      ['books@5', 'book_tags@7'],
    ],
  ])('%s', (_name, text, expectedColumns, expectedDynamic) => {
    expect(columns(text)).toEqual(expectedColumns);
    expect(dynamic(text)).toEqual(expectedDynamic);
    for (const reference of reader.read('a.ts', text).references) expect(reference.via).toBe('mikro-orm');
  });

  it('pre-filters on TypeORM/MikroORM imports and naming strategies', () => {
    expect(reader.mayReference('a.ts', "import { Entity } from 'typeorm';")).toBe(true);
    expect(reader.mayReference('a.ts', "import { Entity } from '@mikro-orm/core';")).toBe(true);
    expect(reader.mayReference('a.ts', 'class X extends DefaultNamingStrategy {}')).toBe(true);
    expect(reader.mayReference('a.ts', "import knex from 'knex';")).toBe(false);
  });
});
