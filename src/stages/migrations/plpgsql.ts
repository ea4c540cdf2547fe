/**
 * PL/pgSQL bodies (DO blocks, functions): the statements inside, with their line in the migration file.
 * Static SQL is returned for classification; dynamic EXECUTE and loops are returned as what they are,
 * because what they do depends on runtime data.
 */

export type PlpgsqlItem =
  | { kind: 'sql'; sql: string; line: number }
  /** EXECUTE: `literal` holds the SQL when the argument is one constant string. */
  | { kind: 'dynamic'; line: number; expression: string; literal?: string }
  | { kind: 'loop'; line: number; loop: string }
  | { kind: 'unknown'; line: number; statement: string };

/**
 * Statement kinds that run no SQL of their own. Their expressions (`n := f()`, `RETURN f()`, `RAISE …, f()`)
 * may still call functions, so those are returned as `SELECT <expression>`.
 */
const INERT = new Set([
  'PLpgSQL_stmt_return',
  'PLpgSQL_stmt_raise',
  'PLpgSQL_stmt_assign',
  'PLpgSQL_stmt_exit',
  'PLpgSQL_stmt_getdiag',
  'PLpgSQL_stmt_assert',
  'PLpgSQL_stmt_commit',
  'PLpgSQL_stmt_rollback',
  'PLpgSQL_stmt_close',
  'PLpgSQL_stmt_return_next',
]);
/** Containers whose nested statements run at most once each (branches are all classified: conservative). */
const CONTAINERS = new Set(['PLpgSQL_stmt_block', 'PLpgSQL_stmt_if', 'PLpgSQL_stmt_case']);
const LOOPS: Readonly<Record<string, string>> = {
  PLpgSQL_stmt_fors: 'FOR … IN query LOOP',
  PLpgSQL_stmt_forc: 'FOR … IN cursor LOOP',
  PLpgSQL_stmt_dynfors: 'FOR … IN EXECUTE LOOP',
  PLpgSQL_stmt_fori: 'FOR … IN a..b LOOP',
  PLpgSQL_stmt_foreach_a: 'FOREACH … IN ARRAY LOOP',
  PLpgSQL_stmt_while: 'WHILE LOOP',
  PLpgSQL_stmt_loop: 'LOOP',
};
/** Kinds whose `expr`/`sqlstmt`/`query` is a statement to classify. */
const SQL_FIELDS: Readonly<Record<string, string>> = {
  PLpgSQL_stmt_execsql: 'sqlstmt',
  PLpgSQL_stmt_perform: 'expr',
  PLpgSQL_stmt_call: 'expr',
  PLpgSQL_stmt_return_query: 'query',
};

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function exprQuery(value: unknown): string | undefined {
  const expr = isObject(value) ? value['PLpgSQL_expr'] : undefined;
  return isObject(expr) && typeof expr['query'] === 'string' ? expr['query'] : undefined;
}

/** `'ALTER TABLE t …'` → the SQL inside, when the whole EXECUTE argument is one string literal. */
function stringLiteral(expression: string): string | undefined {
  const match = /^\s*(E?)'((?:[^']|'')*)'\s*$/s.exec(expression);
  if (match === null || match[1] === 'E') return undefined;
  return match[2]!.replace(/''/g, "'");
}

/** The query of every `PLpgSQL_expr` of a statement itself (conditions, assigned values, RAISE arguments), not of nested statements. */
function ownExpressions(value: unknown, into: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) ownExpressions(item, into);
    return;
  }
  if (!isObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    const query = key === 'PLpgSQL_expr' ? exprQuery(value) : undefined;
    if (query !== undefined) into.push(query);
    else if (!key.startsWith('PLpgSQL_stmt_')) ownExpressions(child, into);
  }
}

/** `n := f(x)` (an assignment's query keeps its target) → `f(x)`. */
function assignedValue(query: string): string {
  const match = /^[^:=]*:?=/.exec(query);
  return match === null ? query : query.slice(match[0].length);
}

/** Expressions that call something, as `SELECT <expression>` to classify (plain comparisons and variables call nothing). */
function expressionItems(kind: string, statement: Json, line: number, items: PlpgsqlItem[]): void {
  const queries: string[] = [];
  ownExpressions(statement, queries);
  for (const query of queries) {
    const expression = kind === 'PLpgSQL_stmt_assign' ? assignedValue(query) : query;
    if (expression.includes('(')) items.push({ kind: 'sql', sql: `SELECT ${expression}`, line });
  }
}

/** Every `PLpgSQL_stmt_*` object directly nested in `value` (not inside another statement). */
function nestedStatements(value: unknown, into: [string, Json][]): void {
  if (Array.isArray(value)) {
    for (const item of value) nestedStatements(item, into);
    return;
  }
  if (!isObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (key.startsWith('PLpgSQL_stmt_') && isObject(child)) into.push([key, child]);
    else if (key !== 'PLpgSQL_expr') nestedStatements(child, into);
  }
}

function walk(kind: string, statement: Json, bodyLine: number, items: PlpgsqlItem[]): void {
  const line = bodyLine + (typeof statement['lineno'] === 'number' ? statement['lineno'] - 1 : 0);
  const children = (): void => {
    const nested: [string, Json][] = [];
    for (const [key, value] of Object.entries(statement)) if (key !== 'query' && key !== 'cond') nestedStatements(value, nested);
    for (const [childKind, child] of nested) walk(childKind, child, bodyLine, items);
  };
  if (INERT.has(kind)) return expressionItems(kind, statement, line, items);
  if (CONTAINERS.has(kind)) {
    expressionItems(kind, statement, line, items);
    return children();
  }
  const sqlField = SQL_FIELDS[kind];
  if (sqlField !== undefined) {
    const sql = exprQuery(statement[sqlField]);
    items.push(sql === undefined ? { kind: 'unknown', line, statement: kind } : { kind: 'sql', sql, line });
    return;
  }
  if (kind === 'PLpgSQL_stmt_dynexecute') {
    const expression = exprQuery(statement['query']) ?? '';
    const literal = stringLiteral(expression);
    items.push(literal === undefined ? { kind: 'dynamic', line, expression } : { kind: 'dynamic', line, expression, literal });
    return;
  }
  const loop = LOOPS[kind];
  if (loop !== undefined) {
    items.push({ kind: 'loop', line, loop });
    if (kind === 'PLpgSQL_stmt_dynfors') items.push({ kind: 'dynamic', line, expression: exprQuery(statement['query']) ?? '' });
    const query = exprQuery(statement['query']);
    if (query !== undefined && kind !== 'PLpgSQL_stmt_dynfors') items.push({ kind: 'sql', sql: query, line });
    return children();
  }
  items.push({ kind: 'unknown', line, statement: kind.replace('PLpgSQL_stmt_', '') });
}

/**
 * The statements of each function in a `parsePlPgSQLSync` result. `bodyLine` is the file line on
 * which the body string starts (PL/pgSQL `lineno` 1 is that line).
 */
export function plpgsqlItems(parsed: unknown, bodyLine: number): PlpgsqlItem[] {
  const items: PlpgsqlItem[] = [];
  const functions = isObject(parsed) && Array.isArray(parsed['plpgsql_funcs']) ? parsed['plpgsql_funcs'] : [];
  for (const entry of functions) {
    const fn = isObject(entry) ? entry['PLpgSQL_function'] : undefined;
    const action = isObject(fn) ? fn['action'] : undefined;
    const nested: [string, Json][] = [];
    nestedStatements(action, nested);
    for (const [kind, statement] of nested) walk(kind, statement, bodyLine, items);
  }
  return items;
}

/** `NEW.col := expr` / `NEW."Col" = expr` → expr. */
const NEW_FIELD_ASSIGNMENT = /^\s*new\s*\.\s*(?:\w+|"(?:[^"]|"")+")\s*:?=\s*([\s\S]+)$/i;

/**
 * When a function body is only `NEW.field := expression; …; RETURN NEW;` (no exception block, no
 * other statement), the assigned expressions; otherwise undefined. Such a BEFORE ROW trigger
 * function changes fields of the row being written and lets the write through.
 */
export function newFieldAssignments(parsed: unknown): string[] | undefined {
  const functions = isObject(parsed) && Array.isArray(parsed['plpgsql_funcs']) ? parsed['plpgsql_funcs'] : [];
  const fn = functions.length === 1 && isObject(functions[0]) ? functions[0]['PLpgSQL_function'] : undefined;
  const block = isObject(fn) && isObject(fn['action']) ? fn['action']['PLpgSQL_stmt_block'] : undefined;
  if (!isObject(block) || block['exceptions'] !== undefined || !Array.isArray(block['body'])) return undefined;
  const body = block['body'] as unknown[];
  const last = body[body.length - 1];
  const returned = isObject(last) ? last['PLpgSQL_stmt_return'] : undefined;
  // `RETURN NEW`: no expression, the returned variable is datum 0 (NEW).
  if (!isObject(returned) || returned['expr'] !== undefined || (returned['retvarno'] ?? 0) !== 0) return undefined;
  const expressions: string[] = [];
  for (const statement of body.slice(0, -1)) {
    const assign = isObject(statement) ? statement['PLpgSQL_stmt_assign'] : undefined;
    const query = isObject(assign) ? exprQuery(assign['expr']) : undefined;
    const match = query === undefined ? null : NEW_FIELD_ASSIGNMENT.exec(query);
    if (match === null) return undefined;
    expressions.push(match[1]!);
  }
  return expressions;
}
