/**
 * What the old-code rules say (issue 33): the `{oldCode}` part of their message from the lookup's
 * answer, and the `{viaFix}` part of their fix — the expand/contract way in the library the old
 * code used to reach the object (the `via` of the first cited reference).
 */
import { citeReferences } from './lookup.js';
import type { ReferenceAnswer } from './references.js';

export type ObjectKind = 'column' | 'table' | 'insert';

/** Libraries by `via`, with how to stop using a column / a table in this release. */
const WAYS: Readonly<Record<string, { column: string; table: string; insert: string }>> = {
  knex: {
    column: 'knex: remove {column} from every select, where, insert and update on {table} (and from its row types) in this release, then drop it in the next',
    table: 'knex: remove every query on {table} (and its table-name constant) in this release, then drop it in the next',
    insert: 'knex: add {column} as nullable or with a DEFAULT now, write it in every insert into {table} in this release, and make it NOT NULL in the next',
  },
  kysely: {
    column: 'kysely: remove {column} from the DB interface of {table} and from every query in this release, then drop it in the next',
    table: 'kysely: remove {table} from the DB interface and every query in this release, then drop it in the next',
    insert: 'kysely: add {column} as nullable or with a DEFAULT now, set it in every insertInto({table}) in this release, and make it NOT NULL in the next',
  },
  prisma: {
    column:
      'Prisma: remove the field from its model in schema.prisma in this release (the client selects every scalar field by default), then drop the column in the next',
    table: 'Prisma: remove the model of {table} from schema.prisma in this release, then drop the table in the next',
    insert: 'Prisma: add the field as optional (or with @default) now, set it in every create in this release, and make it required in the next',
  },
  typeorm: {
    column: 'TypeORM: mark the property `@Column({ select: false })` or remove it from the entity in this release, then drop the column in the next',
    table: 'TypeORM: remove the entity of {table} in this release, then drop the table in the next',
    insert: 'TypeORM: add the column as `nullable: true` (or with a default) now, set it on every save in this release, and make it NOT NULL in the next',
  },
  'mikro-orm': {
    column: 'MikroORM: mark the property `lazy: true` or remove it from the entity in this release, then drop the column in the next',
    table: 'MikroORM: remove the entity of {table} in this release, then drop the table in the next',
    insert: 'MikroORM: add the property as `nullable: true` (or with a default) now, set it on every persist in this release, and make it NOT NULL in the next',
  },
  sequelize: {
    column: 'Sequelize: remove the attribute from the model in this release, then drop the column in the next',
    table: 'Sequelize: remove the model of {table} in this release, then drop the table in the next',
    insert:
      'Sequelize: add the attribute with `allowNull: true` (or a defaultValue) now, set it on every create in this release, and make it NOT NULL in the next',
  },
  drizzle: {
    column: 'drizzle: remove the column from the pgTable definition of {table} in this release, then drop it in the next',
    table: 'drizzle: remove the pgTable of {table} in this release, then drop the table in the next',
    insert: 'drizzle: add the column without .notNull() (or with .default()) now, set it in every insert in this release, and make it NOT NULL in the next',
  },
  sql: {
    column: 'raw SQL: remove {column} from the queries on {table} in this release, then drop it in the next',
    table: 'raw SQL: remove the queries on {table} in this release, then drop the table in the next',
    insert: 'raw SQL: name {column} in every INSERT INTO {table} in this release (add it nullable or with a DEFAULT now), and make it NOT NULL in the next',
  },
};

/** ` With knex: …` for the fix, or `''` when the references do not say which library. */
export function viaFix(answer: ReferenceAnswer | undefined, kind: ObjectKind, table: string, column = ''): string {
  if (answer?.state !== 'referenced') return '';
  const via = answer.references.map((reference) => reference.via).find((name) => WAYS[name] !== undefined);
  const way = via === undefined ? undefined : WAYS[via]![kind];
  return way === undefined ? '' : ` With ${way.replace(/\{table\}/g, table).replace(/\{column\}/g, column)}.`;
}

/**
 * The `{oldCode}` part of a message: today's words when the previous release's code was not read
 * (`answer` undefined), the cited references, or why it is unknown.
 */
export function oldCodeWords(answer: ReferenceAnswer | undefined, today: string, referencedAs: string): string {
  if (answer === undefined) return today;
  if (answer.state === 'referenced') return `${referencedAs} at ${citeReferences(answer.references)}`;
  if (answer.state === 'unknown') return `${today} (whether it does is unknown: ${answer.reason})`;
  return today;
}

/** The evidence line of an answer that is not an old-code break. */
export function unreferencedWords(answer: ReferenceAnswer & { state: 'unreferenced' }): string {
  return `the previous release's code does not reference it (read ${answer.filesRead} files)`;
}
