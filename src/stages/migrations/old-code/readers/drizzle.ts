import { propertyAccess } from '../../../../syntax/ast.js';
import { isCall, lineOf, literalKeyName, parseSource, shortSourceOf, unwrapExpression, walk, type t } from '../../../../syntax/parse.js';
import { ConstantEvaluator } from '../../../../syntax/constants.js';
import { moduleBindings } from '../../../../syntax/bindings.js';
import type { CodeReference, DynamicReference, FileReferences, ReferenceReader } from '../references.js';
import { unique } from './entity-classes.js';

/**
 * drizzle table definitions: `pgTable('users', { id: uuid('id'), createdAt: timestamp() })`
 * (also `mysqlTable`, `sqliteTable`, `pgSchema('s').table(...)`, the callback form
 * `pgTable('t', (t) => ({ … }))`, and views `pgView('v', { … })`). `db.select().from(users)` and
 * the relational `db.query.users` select every column the table object declares, and
 * `db.insert(users).values(…)` names every column (those not given as `default`), so every
 * declared column is a read reference and the table a table-level `'all-model-columns'` insert.
 *
 * A column's name is the builder's first string argument; without one it is the object key as
 * written, or — with `drizzle(…, { casing: 'snake_case' | 'camelCase' })`, configured in another
 * file — the key in that casing (drizzle's own `toSnakeCase`/`toCamelCase`): every one of these
 * names is a reference. Fails closed on names that are not constants, spreads and columns from
 * other files (DynamicReference for the table), table-name creators (`pgTableCreator`).
 */

const VIA = 'drizzle';
const TABLE_FUNCTIONS = new Set(['pgTable', 'mysqlTable', 'sqliteTable', 'singlestoreTable', 'gelTable']);
const VIEW_FUNCTIONS = new Set(['pgView', 'pgMaterializedView', 'mysqlView', 'sqliteView']);
const CREATORS = new Set(['pgTableCreator', 'mysqlTableCreator', 'sqliteTableCreator']);

/** drizzle-orm/src/casing.ts `toSnakeCase`. */
export function drizzleSnakeCase(input: string): string {
  const words = input.replace(/['\u2019]/g, '').match(/[\da-z]+|[A-Z]+(?![a-z])|[A-Z][\da-z]+/g) ?? [];
  return words.map((word) => word.toLowerCase()).join('_');
}

/** drizzle-orm/src/casing.ts `toCamelCase`. */
export function drizzleCamelCase(input: string): string {
  const words = input.replace(/['\u2019]/g, '').match(/[\da-z]+|[A-Z]+(?![a-z])|[A-Z][\da-z]+/g) ?? [];
  return words.reduce((text, word, index) => text + (index === 0 ? word.toLowerCase() : `${word[0]!.toUpperCase()}${word.slice(1)}`), '');
}

interface Context {
  path: string;
  text: string;
  ast: t.File;
  /** Local name → the drizzle function it imports (`pgTable`), for names imported from drizzle-orm. */
  drizzle: Map<string, string>;
  evaluate: (node: t.Node) => unknown;
  references: CodeReference[];
  dynamic: DynamicReference[];
}

/** The drizzle function a callee names: `pgTable` (imported), `core.pgTable` (namespace), or `schema.table` when `schema` is `pgSchema('s')`. */
function calleeKind(context: Context, callee: t.Node): { kind: 'table' | 'view' | 'creator'; schema?: string | null } | undefined {
  const inner = unwrapExpression(callee);
  if (inner.type === 'Identifier') {
    const name = context.drizzle.get(inner.name);
    if (name && TABLE_FUNCTIONS.has(name)) return { kind: 'table' };
    if (name && VIEW_FUNCTIONS.has(name)) return { kind: 'view' };
    if (name && CREATORS.has(name)) return { kind: 'creator' };
    return undefined;
  }
  const access = propertyAccess(inner);
  if (!access) return undefined;
  const object = unwrapExpression(access.object);
  if (object.type === 'Identifier' && context.drizzle.get(object.name) === '*') {
    if (TABLE_FUNCTIONS.has(access.name)) return { kind: 'table' };
    if (VIEW_FUNCTIONS.has(access.name)) return { kind: 'view' };
    if (CREATORS.has(access.name)) return { kind: 'creator' };
  }
  if (access.name === 'table' || access.name === 'view' || access.name === 'materializedView') {
    const schema = schemaOf(context, object);
    if (schema !== undefined) return { kind: access.name === 'table' ? 'table' : 'view', schema };
  }
  return undefined;
}

/** `pgSchema('s')`, or a variable of this file bound to it: the schema name (null when not a constant). */
function schemaOf(context: Context, node: t.Node): string | null | undefined {
  let target = unwrapExpression(node);
  if (target.type === 'Identifier') {
    const init = localInit(context.ast, target.name);
    if (!init) return undefined;
    target = unwrapExpression(init);
  }
  if (!isCall(target)) return undefined;
  const callee = unwrapExpression(target.callee);
  const name = callee.type === 'Identifier' ? context.drizzle.get(callee.name) : undefined;
  if (name !== 'pgSchema' && name !== 'mysqlSchema') return undefined;
  const value = target.arguments[0] ? context.evaluate(target.arguments[0]) : undefined;
  return typeof value === 'string' ? value : null;
}

function localInit(ast: t.File, name: string): t.Node | undefined {
  let found: t.Node | undefined;
  walk(ast, (node) => {
    if (found) return false;
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.id.name === name && node.init) found = node.init;
  });
  return found;
}

/** The first call of a builder chain: `text('x')` of `text('x').notNull().default('')`, `t.text('x')` of the callback form. */
function builderCall(node: t.Node): t.CallExpression | t.OptionalCallExpression | undefined {
  let current = unwrapExpression(node);
  while (isCall(current)) {
    const callee = unwrapExpression(current.callee);
    const access = propertyAccess(callee);
    if (access && isCall(unwrapExpression(access.object))) {
      current = unwrapExpression(access.object);
      continue;
    }
    return current;
  }
  return undefined;
}

function readColumns(context: Context, object: t.ObjectExpression, table: { names: string[]; schema?: string }, seen: Set<string>): void {
  const push = (columns: string[], line: number) => {
    for (const name of table.names)
      for (const column of unique(columns))
        context.references.push({
          table: name,
          ...(table.schema === undefined ? {} : { schema: table.schema }),
          column,
          access: 'read',
          file: context.path,
          line,
          via: VIA,
        });
  };
  const unknown = (line: number, reason: string) => {
    for (const name of table.names) context.dynamic.push({ table: name, file: context.path, line, via: VIA, reason });
  };
  for (const property of object.properties) {
    if (property.type === 'SpreadElement') {
      const argument = unwrapExpression(property.argument);
      const local = argument.type === 'Identifier' && !seen.has(argument.name) ? localInit(context.ast, argument.name) : undefined;
      if (local && unwrapExpression(local).type === 'ObjectExpression') {
        readColumns(context, unwrapExpression(local) as t.ObjectExpression, table, new Set([...seen, (argument as t.Identifier).name]));
        continue;
      }
      unknown(lineOf(property), `columns spread from \`${shortSourceOf(property.argument, context.text, 40)}\` are not read`);
      continue;
    }
    if (property.type !== 'ObjectProperty') {
      unknown(lineOf(property), `column \`${shortSourceOf(property, context.text, 40)}\` not read`);
      continue;
    }
    const key = property.computed ? undefined : literalKeyName(property);
    if (key === undefined) {
      unknown(lineOf(property), `column key \`${shortSourceOf(property.key, context.text, 40)}\` is not a constant`);
      continue;
    }
    let value = unwrapExpression(property.value);
    if (value.type === 'Identifier') {
      const local = localInit(context.ast, value.name);
      if (local) value = unwrapExpression(local);
    }
    const call = builderCall(value);
    if (!call) {
      unknown(lineOf(property), `column \`${key}\`: \`${shortSourceOf(property.value, context.text, 40)}\` is not a column builder`);
      continue;
    }
    const first = call.arguments[0];
    const inner = first ? unwrapExpression(first) : undefined;
    if (!inner || inner.type === 'ObjectExpression') {
      push([key, drizzleSnakeCase(key), drizzleCamelCase(key)], lineOf(property.key));
      continue;
    }
    const name = context.evaluate(inner);
    if (typeof name === 'string') push([name], lineOf(property.key));
    else unknown(lineOf(property), `column \`${key}\`: name \`${shortSourceOf(inner, context.text, 40)}\` is not a constant`);
  }
}

function read(path: string, text: string): FileReferences {
  const parsed = parseSource(path, text);
  if (!parsed.ok) return { references: [], dynamic: [{ file: path, line: parsed.line, via: VIA, reason: parsed.reason }] };
  const ast = parsed.ast;
  const drizzle = new Map<string, string>();
  for (const binding of moduleBindings(ast).imports)
    if (!binding.typeOnly && binding.specifier.startsWith('drizzle-orm')) drizzle.set(binding.local, binding.imported);
  const evaluator = new ConstantEvaluator({ load: (wanted) => (wanted === path ? { path, ast } : undefined), resolve: () => undefined });
  const context: Context = { path, text, ast, drizzle, evaluate: (node) => evaluator.evaluate(path, node), references: [], dynamic: [] };
  walk(ast, (node) => {
    if (!isCall(node)) return;
    const kind = calleeKind(context, node.callee);
    if (!kind) return;
    const line = lineOf(node);
    if (kind.kind === 'creator') {
      context.dynamic.push({ file: path, line, via: VIA, reason: `table names from \`${shortSourceOf(node, text, 50)}\` are built at run time` });
      return;
    }
    if (kind.schema === null) {
      context.dynamic.push({ file: path, line, via: VIA, reason: 'schema name of the table is not a constant' });
      return;
    }
    const [nameNode, columnsNode] = node.arguments as t.Node[];
    const name = nameNode ? context.evaluate(nameNode) : undefined;
    if (typeof name !== 'string') {
      context.dynamic.push({ file: path, line, via: VIA, reason: `table name \`${nameNode ? shortSourceOf(nameNode, text, 40) : ''}\` is not a constant` });
      return;
    }
    const table = { names: [name], ...(kind.schema === undefined ? {} : { schema: kind.schema }) };
    const base = { table: name, ...(kind.schema === undefined ? {} : { schema: kind.schema }), file: path, line, via: VIA };
    context.references.push({ ...base, access: 'read' });
    if (kind.kind === 'table') context.references.push({ ...base, access: 'insert', insertColumns: 'all-model-columns' });
    // A view without a column object (`pgView('v').as(qb => …)`) takes its columns from the query, read elsewhere.
    if (!columnsNode) return;
    let columns = unwrapExpression(columnsNode);
    if (columns.type === 'ArrowFunctionExpression' || columns.type === 'FunctionExpression') {
      const body = columns.body.type === 'BlockStatement' ? returned(columns.body) : columns.body;
      if (!body) {
        context.dynamic.push({ table: name, file: path, line, via: VIA, reason: 'columns callback does not return an object literal' });
        return;
      }
      columns = unwrapExpression(body);
    }
    if (columns.type === 'Identifier') {
      const local = localInit(ast, columns.name);
      if (local) columns = unwrapExpression(local);
    }
    if (columns.type !== 'ObjectExpression') {
      context.dynamic.push({
        table: name,
        file: path,
        line,
        via: VIA,
        reason: `columns \`${shortSourceOf(columnsNode, text, 40)}\` are not an object literal`,
      });
      return;
    }
    readColumns(context, columns, table, new Set());
  });
  return { references: context.references, dynamic: context.dynamic };
}

function returned(block: t.BlockStatement): t.Node | undefined {
  const last = block.body.find((statement) => statement.type === 'ReturnStatement');
  return last?.type === 'ReturnStatement' ? (last.argument ?? undefined) : undefined;
}

export const reader: ReferenceReader = {
  id: VIA,
  mayReference(_path, text) {
    return text.includes('drizzle-orm');
  },
  read,
};
