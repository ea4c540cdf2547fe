import { BuilderReader, type MethodShape } from './builder.js';
import type { ReferenceReader } from '../references.js';

/**
 * knex query chains: `knex('users').where({ nickname }).select('id')`, `trx(UserTableName).insert(row)`,
 * `db.select('a').from('users')`, joins. Table names from constants of the file or imported ones
 * (resolved by the scan); a name built at run time is a dynamic reference.
 */
const read: MethodShape = { args: ['columns'], access: 'read', rest: true };
const firstColumn: MethodShape = { args: ['columns'], access: 'read' };
const join: MethodShape = { args: ['table', 'columns', 'value', 'columns'], access: 'read' };
const where: MethodShape = { args: ['keys'], access: 'read' };

const METHODS: Record<string, MethodShape> = {
  from: { args: ['table'], access: 'read' },
  into: { args: ['table'], access: 'insert' },
  table: { args: ['table'], access: 'any' },
  select: read,
  column: read,
  columns: read,
  distinct: read,
  distinctOn: read,
  first: read,
  pluck: firstColumn,
  returning: read,
  groupBy: read,
  orderBy: firstColumn,
  count: read,
  min: read,
  max: read,
  sum: read,
  avg: read,
  countDistinct: read,
  where: where,
  andWhere: where,
  orWhere: where,
  whereNot: where,
  andWhereNot: where,
  orWhereNot: where,
  having: firstColumn,
  whereIn: firstColumn,
  whereNotIn: firstColumn,
  orWhereIn: firstColumn,
  orWhereNotIn: firstColumn,
  whereNull: firstColumn,
  whereNotNull: firstColumn,
  orWhereNull: firstColumn,
  orWhereNotNull: firstColumn,
  whereBetween: firstColumn,
  whereNotBetween: firstColumn,
  whereLike: firstColumn,
  whereILike: firstColumn,
  whereJsonPath: firstColumn,
  whereJsonObject: firstColumn,
  whereColumn: { args: ['columns', 'value', 'columns'], access: 'read' },
  join,
  innerJoin: join,
  leftJoin: join,
  leftOuterJoin: join,
  rightJoin: join,
  rightOuterJoin: join,
  fullOuterJoin: join,
  crossJoin: join,
  insert: { args: ['rows', 'columns'], access: 'insert' },
  update: { args: ['keys', 'value', 'columns'], access: 'write' },
  increment: { args: ['keys'], access: 'write' },
  decrement: { args: ['keys'], access: 'write' },
  del: { args: ['columns'], access: 'write' },
  delete: { args: ['columns'], access: 'write' },
  onConflict: { args: ['columns'], access: 'insert' },
  merge: { args: ['keys'], access: 'write' },
  upsert: { args: ['rows'], access: 'insert' },
};

const MARKERS = new Set(Object.keys(METHODS));
const builder = new BuilderReader({ via: 'knex', methods: METHODS, rootCallIsTable: true, markers: MARKERS });

export const reader: ReferenceReader = {
  id: 'knex',
  mayReference: (_path, text) => /\bknex\b/i.test(text),
  read: (path, text) => builder.read(path, text),
};
