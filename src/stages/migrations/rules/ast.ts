/**
 * Reading the libpg-query AST: node access, names, types, expression volatility, WHERE narrowness.
 * Pure helpers shared by the classifier and the rules; no rule decisions here.
 */
import type { Node, RangeVar, TypeName } from 'libpg-query';
import type { Tri } from '../../../core/tristate.js';
import { UNRESOLVED_PLACEHOLDER } from '../types.js';

type KeysOfUnion<T> = T extends unknown ? keyof T : never;
export type NodeKind = KeysOfUnion<Node>;
export type NodeBody<K extends NodeKind> = Extract<Node, Record<K, unknown>>[K];

/** The node's body when it is of kind `kind`. */
export function nodeOf<K extends NodeKind>(node: Node | undefined, kind: K): NodeBody<K> | undefined {
  if (node === undefined || !(kind in node)) return undefined;
  return (node as unknown as Record<K, NodeBody<K>>)[kind];
}

/** The kind of a node: `AlterTableStmt`, `SelectStmt`, … */
export function kindOf(node: Node): string {
  return Object.keys(node)[0] ?? 'unknown';
}

export function stringValue(node: Node | undefined): string | undefined {
  return nodeOf(node, 'String')?.sval;
}

/** Table name as written: `schema.table` when qualified, else `table`. */
export function tableName(relation: RangeVar | undefined): string | undefined {
  if (relation?.relname === undefined) return undefined;
  return relation.schemaname === undefined ? relation.relname : `${relation.schemaname}.${relation.relname}`;
}

/** Name from a list of `String` nodes (`DROP TABLE s.t`, function names). */
export function dottedName(parts: readonly Node[] | undefined): string | undefined {
  const names = (parts ?? []).map(stringValue);
  if (names.length === 0 || names.some((name) => name === undefined)) return undefined;
  return names.join('.');
}

/**
 * Comparison key: `public.users` and `users` are the same table (default search_path). Names come
 * from the parser, which already folded unquoted identifiers to lower case and kept quoted ones exact
 * (`"Orders"` is another table than `orders`), so the key keeps their case.
 */
export function tableKey(name: string): string {
  return name.startsWith('public.') ? name.slice('public.'.length) : name;
}

const TYPE_ALIASES: Readonly<Record<string, string>> = {
  integer: 'int4',
  int: 'int4',
  serial: 'int4',
  serial4: 'int4',
  bigint: 'int8',
  bigserial: 'int8',
  serial8: 'int8',
  smallint: 'int2',
  smallserial: 'int2',
  serial2: 'int2',
  decimal: 'numeric',
  real: 'float4',
  'double precision': 'float8',
  boolean: 'bool',
  'character varying': 'varchar',
  character: 'bpchar',
  char: 'bpchar',
  'timestamp with time zone': 'timestamptz',
};

export interface ColumnType {
  /** Canonical name: `varchar`, `text`, `int4`, `numeric`, … */
  name: string;
  /** Type modifiers: varchar(n) → [n], numeric(p,s) → [p, s]. */
  mods: number[];
  array: boolean;
  /** serial / bigserial / smallserial (a sequence default: volatile). */
  serial: boolean;
}

export function columnType(typeName: TypeName | undefined): ColumnType | undefined {
  const parts = (typeName?.names ?? []).map(stringValue);
  const last = parts[parts.length - 1];
  if (last === undefined) return undefined;
  const mods = (typeName?.typmods ?? []).map((mod) => nodeOf(mod, 'A_Const')?.ival?.ival ?? 0);
  return {
    name: TYPE_ALIASES[last.toLowerCase()] ?? last.toLowerCase(),
    mods,
    array: (typeName?.arrayBounds ?? []).length > 0,
    serial: /^(small|big)?serial[248]?$/i.test(last),
  };
}

export function typeText(type: ColumnType): string {
  // interval(p) keeps its precision after the field range in its typmods: written back as PostgreSQL reads it.
  const mods = type.name === 'interval' && type.mods.length === 2 && type.mods[0] === INTERVAL_FULL_RANGE ? type.mods.slice(1) : type.mods;
  return `${type.name}${mods.length > 0 ? `(${mods.join(',')})` : ''}${type.array ? '[]' : ''}`;
}

const INTEGER_WIDTH: Readonly<Record<string, number>> = { int2: 2, int4: 4, int8: 8 };
const TEXTUAL = new Set(['varchar', 'text']);

/**
 * Whether changing `from` to `to` keeps storage (binary-coercible, no rewrite) — PostgreSQL's
 * documented cases, for scalar types only (an array type must stay the same): varchar(n)→varchar(m ≥ n) / varchar / text, text→varchar without length,
 * numeric(p,s)→numeric(q ≥ p, s) or unconstrained numeric, timestamp/timestamptz/time/timetz/interval
 * precision kept or raised, cidr→inet. Each is re-observed in PGlite (test/fixtures/peer-migrations).
 */
export function isBinaryCoercible(from: ColumnType, to: ColumnType): boolean {
  if (from.array !== to.array) return false;
  // An array's elements are coerced one by one (an ArrayCoerceExpr, never a relabel): PostgreSQL
  // rewrites the table unless the type stays exactly the same (text[] → varchar[] rewrites, observed).
  if (from.array) return from.name === to.name && from.mods.join() === to.mods.join();
  return elementsBinaryCoercible(from, to);
}

/** {@link isBinaryCoercible} of the element types (the types themselves, for scalars). */
function elementsBinaryCoercible(from: ColumnType, to: ColumnType): boolean {
  if (TEXTUAL.has(from.name) && TEXTUAL.has(to.name)) {
    const fromLimit = from.name === 'varchar' ? from.mods[0] : undefined;
    const toLimit = to.name === 'varchar' ? to.mods[0] : undefined;
    return toLimit === undefined || (fromLimit !== undefined && toLimit >= fromLimit);
  }
  if (from.name === 'numeric' && to.name === 'numeric') {
    const [fromPrecision, fromScale = 0] = from.mods;
    const [toPrecision, toScale = 0] = to.mods;
    if (toPrecision === undefined) return true;
    return fromPrecision !== undefined && toPrecision >= fromPrecision && toScale === fromScale;
  }
  // Fractional-second precision kept or raised (or removed): PostgreSQL's timestamp/time support functions skip the rewrite.
  if (from.name === to.name && PRECISION_TYPES.has(from.name)) {
    const [fromPrecision] = from.mods;
    const [toPrecision] = to.mods;
    return toPrecision === undefined || (fromPrecision !== undefined && toPrecision >= fromPrecision);
  }
  // interval(p): same or full field range, precision kept or raised (typmods are [range, precision]).
  if (from.name === 'interval' && to.name === 'interval') {
    if (to.mods.length === 0) return true;
    const [fromRange, fromPrecision] = from.mods;
    const [toRange, toPrecision] = to.mods;
    return (
      fromPrecision !== undefined && toPrecision !== undefined && (toRange === INTERVAL_FULL_RANGE || toRange === fromRange) && toPrecision >= fromPrecision
    );
  }
  // Every cidr value is a valid inet value with the same bytes (the reverse narrows and rewrites).
  if (from.name === 'cidr' && to.name === 'inet') return to.mods.length === 0;
  return from.name === to.name && from.mods.join() === to.mods.join();
}

/** Types whose only modifier is a fractional-second precision. */
const PRECISION_TYPES = new Set(['timestamp', 'timestamptz', 'time', 'timetz']);
/** The interval typmod's field range meaning "all fields" (`interval(3)`). */
const INTERVAL_FULL_RANGE = 32767;

/** Whether every value of `from` fits `to` (old code writing `from`-shaped values keeps working). */
export function isWidening(from: ColumnType, to: ColumnType): boolean {
  if (from.array !== to.array) return false;
  // Element by element: text[] → varchar[] rewrites, but every old value still fits.
  if (elementsBinaryCoercible(from, to)) return true;
  const fromWidth = INTEGER_WIDTH[from.name];
  const toWidth = INTEGER_WIDTH[to.name];
  if (fromWidth !== undefined && toWidth !== undefined) return toWidth >= fromWidth;
  if (from.name === 'float4' && to.name === 'float8') return true;
  if (fromWidth !== undefined && to.name === 'numeric' && to.mods.length === 0) return true;
  if (from.name === 'bpchar' && TEXTUAL.has(to.name)) return to.mods[0] === undefined || to.mods[0] >= (from.mods[0] ?? 1);
  return false;
}

/** Functions whose value is fixed for the statement: a default using only these does not rewrite (PG 11+). */
const NON_VOLATILE_FUNCTIONS = new Set([
  'now',
  'transaction_timestamp',
  'statement_timestamp',
  'current_date',
  'lower',
  'upper',
  'coalesce',
  'to_jsonb',
  'jsonb_build_object',
  'jsonb_build_array',
  'json_build_object',
  'json_build_array',
  'array',
  'concat',
  'to_timestamp',
  'make_interval',
  'current_setting',
  'length',
  'abs',
  'round',
  'trim',
  'replace',
  'substring',
  'left',
  'right',
  'timezone',
  'date_trunc',
  'to_char',
  'md5',
  'array_to_json',
  'to_json',
  'json_object',
  'jsonb_object',
]);
/** Known volatile functions: a default calling one is evaluated per row, so the table is rewritten. */
const VOLATILE_FUNCTIONS = new Set([
  'random',
  'gen_random_uuid',
  'uuid_generate_v1',
  'uuid_generate_v1mc',
  'uuid_generate_v4',
  'clock_timestamp',
  'timeofday',
  'nextval',
  'txid_current',
  'uuidv4',
  'uuidv7',
  'random_normal',
  'gen_random_bytes',
]);

/** Built-ins a migration may call in a SELECT without touching tables (aggregates, settings, advisory locks, sequences). */
const HARMLESS_BUILTINS = new Set([
  'count',
  'sum',
  'min',
  'max',
  'avg',
  'array_agg',
  'string_agg',
  'jsonb_agg',
  'json_agg',
  'bool_and',
  'bool_or',
  'set_config',
  'pg_advisory_lock',
  'pg_advisory_unlock',
  'pg_advisory_xact_lock',
  'pg_try_advisory_lock',
  'pg_try_advisory_xact_lock',
  'pg_advisory_unlock_all',
  'setval',
  'currval',
  'lastval',
  'format',
  'to_regclass',
  'pg_get_serial_sequence',
  'version',
  'current_database',
  'current_schema',
  'current_user',
  'pg_sleep',
  'exists',
  'generate_series',
  'unnest',
  'jsonb_array_elements',
  'json_array_elements',
  'jsonb_each',
  'array_length',
  // Pure value functions data migrations use in SET and VALUES: they read no table.
  'jsonb_set',
  'jsonb_insert',
  'jsonb_strip_nulls',
  'jsonb_typeof',
  'json_typeof',
  'jsonb_array_length',
  'jsonb_object_keys',
  'row_to_json',
  'array_append',
  'array_prepend',
  'array_remove',
  'array_cat',
  'array_position',
  'array_to_string',
  'string_to_array',
  'split_part',
  'regexp_replace',
  'initcap',
  'btrim',
  'ltrim',
  'rtrim',
  'lpad',
  'rpad',
  'strpos',
  'encode',
  'decode',
  'floor',
  'ceil',
  'date_part',
  'extract',
  'age',
]);

export function isKnownBuiltinFunction(name: string): boolean {
  // Exact: the parser folded unquoted names; a quoted `"Count"` is a user function, not count().
  const bare = name;
  return HARMLESS_BUILTINS.has(bare) || NON_VOLATILE_FUNCTIONS.has(bare) || VOLATILE_FUNCTIONS.has(bare);
}

/** System catalogs: reading them is not reading an application table. */
export function isCatalogTable(name: string): boolean {
  // Exact: a quoted "PG_Stats" is an application table.
  const lower = name;
  return lower.startsWith('pg_') || lower.startsWith('pg_catalog.') || lower.startsWith('information_schema.');
}

function childNodes(value: unknown, into: Node[]): void {
  if (Array.isArray(value)) for (const item of value) childNodes(item, into);
  else if (value !== null && typeof value === 'object') into.push(value as Node);
}

/** Every node of an expression tree, depth first (objects only; order is stable). */
export function walkNodes(root: unknown, visit: (kind: string, body: Record<string, unknown>) => void): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (/^[A-Z]/.test(key) && child !== null && typeof child === 'object' && !Array.isArray(child)) {
          visit(key, child as Record<string, unknown>);
        }
        const nested: Node[] = [];
        childNodes(child, nested);
        for (let i = nested.length - 1; i >= 0; i--) stack.push(nested[i]);
      }
    }
  }
}

export interface Volatility {
  volatile: Tri;
  /** The function that decided (`random`), or the unknown one. */
  function?: string;
}

/**
 * How many arguments each built-in of {@link NON_VOLATILE_FUNCTIONS} and {@link VOLATILE_FUNCTIONS}
 * accepts in PostgreSQL (`[min, max]`; variadic ones have no maximum). A call with another count is
 * not that built-in: `now(123)` resolves to a user's `now(integer)`, whose volatility is not known.
 */
const BUILTIN_ARITY: Readonly<Record<string, readonly [number, number]>> = {
  now: [0, 0],
  transaction_timestamp: [0, 0],
  statement_timestamp: [0, 0],
  current_date: [0, 0],
  lower: [1, 1],
  upper: [1, 1],
  coalesce: [1, Infinity],
  to_jsonb: [1, 1],
  jsonb_build_object: [0, Infinity],
  jsonb_build_array: [0, Infinity],
  json_build_object: [0, Infinity],
  json_build_array: [0, Infinity],
  array: [0, Infinity],
  concat: [0, Infinity],
  to_timestamp: [1, 2],
  make_interval: [0, 7],
  current_setting: [1, 2],
  length: [1, 2],
  abs: [1, 1],
  round: [1, 2],
  trim: [1, 2],
  replace: [3, 3],
  substring: [2, 3],
  left: [2, 2],
  right: [2, 2],
  timezone: [1, 2],
  date_trunc: [2, 3],
  to_char: [2, 2],
  md5: [1, 1],
  array_to_json: [1, 2],
  to_json: [1, 1],
  json_object: [1, 2],
  jsonb_object: [1, 2],
  random: [0, 2],
  gen_random_uuid: [0, 0],
  uuid_generate_v1: [0, 0],
  uuid_generate_v1mc: [0, 0],
  uuid_generate_v4: [0, 0],
  clock_timestamp: [0, 0],
  timeofday: [0, 0],
  nextval: [1, 1],
  txid_current: [0, 0],
  uuidv4: [0, 0],
  uuidv7: [0, 1],
  random_normal: [0, 2],
  gen_random_bytes: [1, 1],
};

/**
 * The built-in a call resolves to, judged by its signature, not its name alone: unqualified or
 * `pg_catalog.`-qualified (a `public.now()` is the user's), positional arguments in a count the
 * built-in accepts, no `*`, VARIADIC or named argument. Undefined when it may be a user's function.
 */
function builtinCalled(body: Record<string, unknown>): string | undefined {
  const name = dottedName((body as { funcname?: Node[] }).funcname) ?? '?';
  const bare = name.replace(/^pg_catalog\./, '');
  const arity = BUILTIN_ARITY[bare];
  if (arity === undefined || body.agg_star === true || body.func_variadic === true) return undefined;
  const args = (body.args as Node[] | undefined) ?? [];
  if (args.some((arg) => nodeOf(arg, 'NamedArgExpr') !== undefined) && bare !== 'make_interval') return undefined;
  return args.length >= arity[0] && args.length <= arity[1] ? bare : undefined;
}

/**
 * Whether a default expression is volatile: `true` (known volatile call), `false` (constants and stable
 * calls, and user functions `provenNonVolatile` vouches for), `unknown` (a function we do not know).
 */
export function expressionVolatility(expression: Node | undefined, provenNonVolatile: (name: string) => boolean = () => false): Volatility {
  let result: Volatility = { volatile: false };
  walkNodes(expression, (kind, body) => {
    if (kind !== 'FuncCall' || result.volatile === true) return;
    const builtin = builtinCalled(body);
    if (builtin !== undefined && VOLATILE_FUNCTIONS.has(builtin)) result = { volatile: true, function: builtin };
    else if (builtin === undefined && provenNonVolatile(dottedName((body as { funcname?: Node[] }).funcname) ?? '?')) return;
    else if ((builtin === undefined || !NON_VOLATILE_FUNCTIONS.has(builtin)) && result.volatile === false) {
      result = { volatile: 'unknown', function: dottedName((body as { funcname?: Node[] }).funcname) ?? '?' };
    }
  });
  return result;
}

function isConstant(node: Node | undefined): boolean {
  if (node === undefined) return false;
  if (nodeOf(node, 'A_Const') !== undefined || nodeOf(node, 'ParamRef') !== undefined) return true;
  const cast = nodeOf(node, 'TypeCast');
  if (cast !== undefined) return isConstant(cast.arg);
  const array = nodeOf(node, 'A_ArrayExpr');
  if (array !== undefined) return (array.elements ?? []).every(isConstant);
  return false;
}

/** An IN list of constants. A knex value the extractor could not resolve may stand for a spread of any length. */
function isConstantList(node: Node | undefined): boolean {
  const items = nodeOf(node, 'List')?.items;
  if (items === undefined) return false;
  return items.every((item) => isConstant(item) && nodeOf(item, 'A_Const')?.sval?.sval !== UNRESOLVED_PLACEHOLDER);
}

function isConstantOrList(node: Node | undefined): boolean {
  return isConstant(node) || isConstantList(node);
}

/** The names a table about `entity` goes by: `project` → `projects`, `category` → `categories`. */
function isNamedAfter(table: string, entity: string): boolean {
  return [entity, `${entity}s`, `${entity}es`, entity.endsWith('y') ? `${entity.slice(0, -1)}ies` : undefined].includes(table);
}

/**
 * The table's own key: `id`, `uuid`, or `<entity>_id` / `<entity>_uuid` when the table is named after
 * the entity (`projects.project_uuid`). A foreign key (`projects.organization_uuid`) is not: a
 * self-hosted install often has one organization, which then owns every row. A column qualified
 * with another name than the table's (a joined table, an alias) is not taken as its key either.
 */
function isKeyColumn(node: Node | undefined, table: string, indexed?: ColumnIndexed): boolean {
  const fields = (nodeOf(node, 'ColumnRef')?.fields ?? []).map((field) => stringValue(field));
  const column = fields[fields.length - 1];
  const bareTable = table.split('.').pop() ?? table;
  if (column === undefined || (fields.length > 1 && fields[fields.length - 2] !== bareTable)) return false;
  // The table's shape is known and no index starts with the column: every row is read to find the key.
  if (indexed?.(column) === false) return false;
  if (column === 'id' || column === 'uuid') return true;
  const entity = /^(.+)_(id|uuid)$/.exec(column)?.[1];
  return entity !== undefined && isNamedAfter(bareTable, entity);
}

/** Whether an index starts with the column: false only when the table's shape is known and none does. */
export type ColumnIndexed = (column: string) => boolean | undefined;

/**
 * A WHERE that touches a bounded set of rows of `table`: equality or IN against constants on the
 * table's own key column (see {@link isKeyColumn}), possibly AND-ed with anything. Everything else is broad.
 * With `indexed`, a key column the known schema has no index on is not narrow (PostgreSQL scans).
 */
export function isNarrowWhere(where: Node | undefined, table: string, indexed?: ColumnIndexed): boolean {
  if (where === undefined) return false;
  const bool = nodeOf(where, 'BoolExpr');
  if (bool !== undefined) {
    const args = bool.args ?? [];
    if (bool.boolop === 'AND_EXPR') return args.some((arg) => isNarrowWhere(arg, table, indexed));
    if (bool.boolop === 'OR_EXPR') return args.length > 0 && args.every((arg) => isNarrowWhere(arg, table, indexed));
    return false;
  }
  const expr = nodeOf(where, 'A_Expr');
  if (expr === undefined) return false;
  const operator = stringValue(expr.name?.[0]);
  if (operator !== '=') return false;
  if (expr.kind === 'AEXPR_OP' || expr.kind === 'AEXPR_IN') {
    return (
      (isKeyColumn(expr.lexpr, table, indexed) && isConstantOrList(expr.rexpr)) || (isKeyColumn(expr.rexpr, table, indexed) && isConstantOrList(expr.lexpr))
    );
  }
  return false;
}

/** Tables read by a SELECT's FROM (and joins, subqueries, CTEs), as written. */
export function tablesRead(select: unknown): string[] {
  const names: string[] = [];
  walkNodes(select, (kind, body) => {
    if (kind === 'RangeVar') {
      const name = tableName(body as RangeVar);
      if (name !== undefined) names.push(name);
    }
  });
  return names;
}

/** Names of the WITH queries (CTEs) defined anywhere in a statement, as the parser gives them (quoted names keep their case): `FROM name` reads one of them, not a table. */
export function cteNames(root: unknown): Set<string> {
  const names = new Set<string>();
  walkNodes(root, (kind, body) => {
    const name = kind === 'CommonTableExpr' ? (body as { ctename?: string }).ctename : undefined;
    if (name !== undefined) names.add(name);
  });
  return names;
}

/** Function names called anywhere in a statement. */
export function functionsCalled(root: unknown): string[] {
  const names: string[] = [];
  walkNodes(root, (kind, body) => {
    if (kind === 'FuncCall') names.push(dottedName((body as { funcname?: Node[] }).funcname) ?? '?');
  });
  return names;
}

/** Shortened statement text for evidence (~200 characters, whitespace collapsed). */
export function shortenStatement(sql: string, limit = 200): string {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1)}…`;
}
