import { BuilderReader, type MethodShape } from './builder.js';
import type { ReferenceReader } from '../references.js';

/**
 * kysely query chains: `db.selectFrom('users').select(['nickname'])`, `insertInto('users').values({…})`,
 * `updateTable('users').set({…})`, joins, `where('nickname', '=', x)`. The typed `DB` interface
 * (`interface Users { nickname: string }`) is read by the scan's mentions: a property key there is a
 * reference. Raw `sql\`…\`` templates are read by the SQL reader.
 */
const read: MethodShape = { args: ['columns'], access: 'read', rest: true };
const firstColumn: MethodShape = { args: ['columns'], access: 'read' };
const join: MethodShape = { args: ['table', 'columns', 'columns'], access: 'read' };

const METHODS: Record<string, MethodShape> = {
  selectFrom: { args: ['table'], access: 'read' },
  insertInto: { args: ['table'], access: 'insert' },
  replaceInto: { args: ['table'], access: 'insert' },
  updateTable: { args: ['table'], access: 'write' },
  deleteFrom: { args: ['table'], access: 'write' },
  mergeInto: { args: ['table'], access: 'write' },
  select: read,
  selectAll: { args: ['columns'], access: 'read' },
  distinctOn: read,
  returning: read,
  returningAll: { args: ['columns'], access: 'read' },
  groupBy: read,
  orderBy: firstColumn,
  where: firstColumn,
  orWhere: firstColumn,
  having: firstColumn,
  whereRef: { args: ['columns', 'value', 'columns'], access: 'read' },
  onRef: { args: ['columns', 'value', 'columns'], access: 'read' },
  innerJoin: join,
  leftJoin: join,
  rightJoin: join,
  fullJoin: join,
  values: { args: ['rows'], access: 'insert' },
  set: { args: ['keys'], access: 'write' },
  column: firstColumn,
  columns: { args: ['columns'], access: 'read' },
};

const MARKERS = new Set(['selectFrom', 'insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto']);
const builder = new BuilderReader({ via: 'kysely', methods: METHODS, rootCallIsTable: false, markers: MARKERS });

export const reader: ReferenceReader = {
  id: 'kysely',
  mayReference: (_path, text) => /\b(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(/.test(text),
  read: (path, text) => builder.read(path, text),
};
