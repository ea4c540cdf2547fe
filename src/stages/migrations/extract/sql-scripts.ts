import { ConstantEvaluator, type Constant, type ConstantModule, type ConstantSources } from '../../../syntax/constants.js';
import { walk, type t } from '../../../syntax/parse.js';
import { loadParser, splitStatements, SqlParseError } from '../sql.js';
import type { ExtractedMigration, ExtractedStatement, HeavinessFlag, UnresolvedPart } from '../types.js';
import { UNRESOLVED_PLACEHOLDER } from '../types.js';
import { excerpt } from './constants.js';
import { findExport } from './exports.js';
import { loadMigrationSource, unparsedMigration, type LoadedMigration, type ReadRepoFile } from './modules.js';
import {
  fileOf,
  isCall,
  parseFile,
  isFunctionNode,
  isMember,
  lineOf,
  memberName,
  parameterIdentifier,
  parentOf,
  textOf,
  type FunctionNode,
  type Node,
  type SourceFile,
  isPropertyName,
} from './source.js';

/**
 * TypeScript scripts that run SQL themselves (logto's alterations: `export default { up: async
 * (pool) => { await pool.query(sql`ALTER TABLE …`) } }`, node-postgres `client.query('…')`,
 * postgres.js `sql`…``, drizzle `db.execute(sql`…`)`). Every use of the handle `up` (and `beforeUp`)
 * takes is accounted for: a query whose SQL is a template or text with every interpolation resolved
 * becomes statements; anything else is an unresolved part naming its line. `down` is never read;
 * the script never runs.
 *
 * Interpolations follow the query builders' semantics: a constant value (src/syntax/constants.ts)
 * is a bind parameter, written as its SQL literal; a nested sql`…`, `sql.identifier([…])`,
 * `sql.raw(…)`, `sql.join([…], sql`…`)`, `sql.unsafe(…)`, postgres.js `sql('name')` are SQL text;
 * `sql.json/jsonb/array/…(x)` are values whatever `x` is. Any other `${…}` may be a value or a SQL
 * fragment only known at run time: the statement is unknown.
 */

const ALL_FLAGS: HeavinessFlag[] = ['locksTable', 'rewritesTable', 'scansTable'];

/** Methods of a slonik pool/connection, a node-postgres pool/client and drizzle's db whose first argument is the SQL they run. */
const QUERY_METHODS = new Set(['query', 'one', 'many', 'any', 'maybeOne', 'exists', 'oneFirst', 'manyFirst', 'anyFirst', 'maybeOneFirst', 'execute', 'unsafe']);

/** Value helpers of slonik's `sql`: whatever they are given, the result is one bound value. */
const VALUE_HELPERS = new Set(['json', 'jsonb', 'array', 'binary', 'date', 'timestamp', 'interval', 'uuid', 'literalValue']);

/** How the service's runner runs one script (read from its code by {@link readRunner}). */
export interface RunnerMode {
  /** Where the runner's code was read. */
  path: string;
  /** Whether `up(…)` is called inside a `.transaction(…)` callback. */
  upInTransaction: boolean;
  /** Whether `beforeUp(…)` is called, outside any transaction. */
  runsBeforeUp: boolean;
}

/** logto's runner, by repository path (its alterations live in another package): read first. */
export const RUNNER_PATHS: readonly string[] = ['packages/cli/src/commands/database/alteration/index.ts'];

/** Names a hand-written runner beside its scripts goes by (`db/migrate.ts` for `db/migrations/*.ts`). */
const RUNNER_NAMES = ['migrate', 'migrator', 'run-migrations', 'runMigrations', 'migrations-runner', 'runner'];
const RUNNER_EXTENSIONS = ['ts', 'mts', 'js', 'mjs', 'cjs'];

/**
 * Where a service's own runner may sit for a script at `file`: logto's path, then a file named like a
 * runner in the scripts' folder or the folder above it, or the folder's `index`. The first that
 * exists and is proven a runner of this folder (it names the folder and calls `up` with a
 * connection) is read; the reads are recorded, so a runner added or changed re-reads the scripts.
 */
export function runnerCandidates(file: string): string[] {
  const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
  const parent = folder.includes('/') ? folder.slice(0, folder.lastIndexOf('/')) : '';
  const join = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);
  const candidates = [...RUNNER_PATHS];
  for (const dir of new Set([folder, parent]))
    for (const name of RUNNER_NAMES) for (const extension of RUNNER_EXTENSIONS) candidates.push(join(dir, `${name}.${extension}`));
  for (const extension of RUNNER_EXTENSIONS) candidates.push(join(folder, `index.${extension}`));
  return candidates;
}

/** Calls whose callback runs in a transaction: slonik, knex, kysely, drizzle, Sequelize `transaction(cb)`, postgres.js `begin(cb)`, pg-promise `tx(cb)`. */
const TRANSACTION_METHODS = new Set(['transaction', 'begin', 'tx']);
/** Calls whose callback only iterates or chains: they open no transaction. */
const PLAIN_CALLBACK_METHODS = new Set(['map', 'forEach', 'flatMap', 'reduce', 'filter', 'some', 'every', 'then', 'catch', 'finally']);

/**
 * Where `node` runs: inside a transaction callback (true), outside any callback or only in iteration
 * callbacks (false), or in a callback handed to something else (undefined: a helper such as
 * `withTransaction(pool, (c) => m.up(c))` may open one — not proven either way).
 */
function callbackTransaction(node: Node): boolean | undefined {
  for (let current = parentOf(node); current; current = parentOf(current)) {
    const owner = parentOf(current);
    if (!isFunctionNode(current) || !isCall(owner) || !(owner.arguments as Node[]).includes(current)) continue;
    const method = memberName(owner.callee) ?? (owner.callee.type === 'Identifier' ? owner.callee.name : undefined);
    if (method !== undefined && TRANSACTION_METHODS.has(method)) return true;
    if (method === undefined || !PLAIN_CALLBACK_METHODS.has(method)) return undefined;
  }
  return false;
}

const leadingSql = (call: Node, pattern: RegExp) => {
  if (!isCall(call)) return false;
  const [first] = call.arguments as Node[];
  const text =
    first?.type === 'StringLiteral'
      ? first.value
      : first?.type === 'TemplateLiteral' && first.expressions.length === 0
        ? first.quasis[0]!.value.cooked
        : undefined;
  return text !== undefined && pattern.test(text);
};

/**
 * node-postgres style: the statement holding the call follows a `client.query('BEGIN')` and precedes a
 * `client.query('COMMIT')` in the same block.
 */
function betweenBeginAndCommit(node: Node): boolean {
  for (let current: Node | undefined = node; current; current = parentOf(current)) {
    const block = parentOf(current);
    if (block?.type !== 'BlockStatement' && block?.type !== 'Program') continue;
    const body = block.body as Node[];
    const at = body.indexOf(current);
    const callsIn = (statements: Node[], pattern: RegExp) => {
      let found = false;
      for (const statement of statements)
        walk(statement, (inner) => {
          if (found) return false;
          if (leadingSql(inner, pattern)) found = true;
          return undefined;
        });
      return found;
    };
    return callsIn(body.slice(0, at), /^\s*(BEGIN|START\s+TRANSACTION)\b/i) && callsIn(body.slice(at + 1), /^\s*COMMIT\b/i);
  }
  return false;
}

/** `up(conn)`, or `<module>.up(conn)` (`migration.up(client)`, `(await import(file)).up(sql)`): with the connection it is handed. */
function scriptCall(node: Node, name: 'up' | 'beforeUp'): boolean {
  if (!isCall(node) || node.arguments.length === 0) return false;
  if (node.callee.type === 'Identifier') return node.callee.name === name;
  return isMember(node.callee) && memberName(node.callee) === name && node.callee.object.type !== 'ThisExpression';
}

/**
 * What the runner does with a script's `up` and `beforeUp`: `up(connection)` inside
 * `pool.transaction(async (connection) => …)` (or `sql.begin(…)`, `db.tx(…)`, or between `BEGIN` and
 * `COMMIT` queries); `beforeUp(pool)` before it, outside. Undefined when the runner calls `up` both
 * ways, inside a callback of a helper it does not know, or not at all (the mode is then not proven).
 */
export function readRunner(path: string, text: string): RunnerMode | undefined {
  const parsed = parseFile(path, text);
  if (!parsed.ok) return undefined;
  const file = parsed.file;
  const ups: Array<boolean | undefined> = [];
  const beforeUps: Array<boolean | undefined> = [];
  const mode = (node: Node) => (betweenBeginAndCommit(node) ? true : callbackTransaction(node));
  walk(file.ast, (node) => {
    if (scriptCall(node, 'up')) ups.push(mode(node));
    if (scriptCall(node, 'beforeUp')) beforeUps.push(mode(node));
  });
  if (ups.length === 0 || new Set(ups).size !== 1 || ups[0] === undefined) return undefined;
  if (beforeUps.some((inTransaction) => inTransaction !== false)) return undefined;
  return { path, upInTransaction: ups[0], runsBeforeUp: beforeUps.length > 0 };
}

/**
 * The runner of the script at `file`. A runner found by name beside the scripts counts only when its
 * text names the scripts' folder (it loads them) and it calls `up` one way; logto's runner is known.
 */
async function findRunner(file: string, read: ReadRepoFile): Promise<RunnerMode | { missing: string }> {
  const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
  const folderName = folder.slice(folder.lastIndexOf('/') + 1);
  const skipped: string[] = [];
  for (const path of runnerCandidates(file)) {
    const text = await read(path);
    if (text === undefined) continue;
    const known = RUNNER_PATHS.includes(path);
    if (!known && !(folderName !== '' && text.includes(folderName))) {
      skipped.push(`${path} does not name the folder ${folderName}`);
      continue;
    }
    const mode = readRunner(path, text);
    if (mode) return mode;
    if (known) return { missing: `the runner ${path} does not call \`up\` one recognisable way (inside or outside \`pool.transaction(…)\`)` };
    skipped.push(`${path} does not call \`up\` one recognisable way`);
  }
  const looked = `looked for ${RUNNER_PATHS.join(', ')} and a migrate/migrator/run-migrations/runner/index file beside the scripts`;
  return { missing: `no runner found in the repository (${looked}${skipped.length > 0 ? `; ${skipped.join('; ')}` : ''})` };
}

/** `'text'` as a SQL string literal (a bound value, as the server sees it). */
function literal(value: Constant): string | undefined {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  return `'${JSON.stringify(value).replaceAll("'", "''")}'`;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Rendered = { ok: true; sql: string } | { ok: false; node: Node; reason: string };

/** Local `const name = init` declarations visible from `node` (enclosing blocks and the module). */
function constInit(identifier: t.Identifier): Node | undefined {
  for (let scope = parentOf(identifier); scope; scope = parentOf(scope)) {
    const body = scope.type === 'BlockStatement' || scope.type === 'Program' ? scope.body : undefined;
    if (!body) continue;
    for (const statement of body) {
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
      if (declaration?.type !== 'VariableDeclaration') continue;
      for (const declarator of declaration.declarations) {
        if (declarator.id.type === 'Identifier' && declarator.id.name === identifier.name)
          return declaration.kind === 'const' ? (declarator.init ?? undefined) : undefined;
      }
    }
  }
  return undefined;
}

class ScriptReader {
  readonly statements: ExtractedStatement[] = [];
  readonly unresolved: UnresolvedPart[] = [];
  private readonly constants: ConstantEvaluator;

  /** The parameters of `helper` bound to the constants of `args` (the handle's own position excluded); undefined when a parameter is a pattern. */
  bindArguments(helper: FunctionNode, args: readonly Node[], handleIndex = -1): { values: Map<string, Constant | undefined>; text: Set<string> } | undefined {
    const bindings = new Map<string, Constant | undefined>();
    const text = new Set<string>();
    for (const [index, parameter] of helper.params.entries()) {
      if (index === handleIndex) continue;
      const name = parameterIdentifier(parameter);
      if (!name) return undefined;
      const argument = args[index];
      const value = argument && argument.type !== 'SpreadElement' ? this.constant(argument) : undefined;
      bindings.set(name.name, value);
      if (value === undefined && argument && this.textShaped(argument)) text.add(name.name);
    }
    return { values: bindings, text };
  }

  constructor(
    readonly loaded: LoadedMigration,
    /** The transaction mode is not known: statements whose heaviness depends on it are unknown. */
    private readonly modeUnknown: string | undefined,
  ) {
    this.constants = new ConstantEvaluator(constantSources(loaded));
  }

  /** The migration file's line of the helper call being read (a helper in another file has no line there). */
  readonly callSites: number[] = [];

  private lineOf(node: Node): number {
    return fileOf(node) === this.loaded.file ? lineOf(node) : (this.callSites[0] ?? 1);
  }

  fail(node: Node, reason: string): void {
    this.unresolved.push({ line: this.lineOf(node), reason, affects: [...ALL_FLAGS], evidence: excerpt(node) });
  }

  /** Parameters of the helpers being read, bound to the caller's constants (undefined: known only at run time). */
  private readonly scopes: Array<Map<string, Constant | undefined>> = [];
  /** Parameters bound to text known only at run time (`logto_tenant_${database}`), per scope. */
  private readonly textScopes: Array<Set<string>> = [];
  private placeholders = 0;

  /** Reads `body` with `bindings` for the parameters of the helper it belongs to. */
  within<T>(bindings: { values: Map<string, Constant | undefined>; text: Set<string> }, body: () => T): T {
    this.scopes.push(bindings.values);
    this.textScopes.push(bindings.text);
    try {
      return body();
    } finally {
      this.scopes.pop();
      this.textScopes.pop();
    }
  }

  /** Whether `node` is always text (or a number), whatever its value: never a SQL fragment. */
  textShaped(node: Node): boolean {
    return isText(node) || (node.type === 'Identifier' && (this.textScopes.at(-1)?.has(node.name) ?? false));
  }

  private bound(name: string): { value: Constant | undefined } | undefined {
    const scope = this.scopes.at(-1);
    return scope?.has(name) ? { value: scope.get(name) } : undefined;
  }

  /** A name known only at run time: a quoted identifier no other site shares (never taken for a table created elsewhere). */
  private unknownIdentifier(): string {
    this.placeholders += 1;
    return quoteIdentifier(`${UNRESOLVED_PLACEHOLDER}:${this.placeholders}`);
  }

  constant(node: Node): Constant | undefined {
    if (node.type === 'Identifier') {
      const parameter = this.bound(node.name);
      if (parameter) return parameter.value;
    }
    // Text built from a helper's bound parameters (`${tableName}_tenant_id`): the evaluator does not see them.
    if (this.scopes.length > 0 && node.type === 'TemplateLiteral') {
      let text = node.quasis[0]!.value.cooked ?? '';
      for (const [index, expression] of node.expressions.entries()) {
        const part = this.constant(expression as Node);
        if (typeof part !== 'string' && typeof part !== 'number') return undefined;
        text += String(part) + (node.quasis[index + 1]!.value.cooked ?? '');
      }
      return text;
    }
    if (this.scopes.length > 0 && node.type === 'BinaryExpression' && node.operator === '+' && node.left.type !== 'PrivateName') {
      const left = this.constant(node.left);
      const right = this.constant(node.right);
      if (typeof left === 'string' && (typeof right === 'string' || typeof right === 'number')) return left + String(right);
      if (typeof right === 'string' && typeof left === 'number') return String(left) + right;
    }
    let target = node;
    for (let hops = 0; target.type === 'Identifier' && hops < 8; hops++) {
      const init = constInit(target);
      if (!init) break;
      target = init;
    }
    try {
      return this.constants.evaluate(fileOf(target).path, target);
    } catch {
      return undefined;
    }
  }

  /** The SQL text a fragment expression stands for (a nested template, `sql.identifier`, …), or undefined when it is not one. */
  private fragment(node: Node, tags: ReadonlySet<string>, depth: number): Rendered | undefined {
    if (depth > 12) return { ok: false, node, reason: 'SQL fragments nest too deeply' };
    let expression: Node = node;
    while (expression.type === 'TSAsExpression' || expression.type === 'TSNonNullExpression' || expression.type === 'TSSatisfiesExpression')
      expression = expression.expression;
    if (expression.type === 'Identifier') {
      const init = constInit(expression);
      if (init && (init.type === 'TaggedTemplateExpression' || isCall(init))) return this.fragment(init, tags, depth + 1);
      return undefined;
    }
    if (expression.type === 'TaggedTemplateExpression' && expression.tag.type === 'Identifier' && tags.has(expression.tag.name))
      return this.template(expression, tags, depth + 1);
    if (!isCall(expression)) return undefined;
    const callee = expression.callee;
    const args = expression.arguments as Node[];
    // postgres.js: sql('name') / sql(['a', 'b']) is an identifier (list).
    if (callee.type === 'Identifier' && tags.has(callee.name)) {
      const value = args.length === 1 ? this.constant(args[0]!) : undefined;
      if (typeof value === 'string') return { ok: true, sql: quoteIdentifier(value) };
      if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
        return { ok: true, sql: (value as string[]).map(quoteIdentifier).join(', ') };
      return { ok: false, node: expression, reason: `\`${excerpt(expression, 60)}\`: its identifiers or values are not constants` };
    }
    if (callee.type === 'Identifier' && !this.bound(callee.name)) {
      const helper = resolveFunction(callee, this.loaded);
      const body = helper && returnedExpression(helper);
      if (!helper || !body) return undefined;
      const bindings = this.bindArguments(helper, args);
      if (!bindings) return { ok: false, node: expression, reason: `\`${excerpt(expression, 60)}\`: its arguments are not read` };
      return this.within(bindings, () => this.fragment(body, sqlTags(fileOf(body)), depth + 1));
    }
    if (!isMember(callee) || callee.object.type !== 'Identifier' || !tags.has(callee.object.name)) return undefined;
    const helper = memberName(callee);
    if (helper !== undefined && VALUE_HELPERS.has(helper)) {
      const value = args.length >= 1 ? this.constant(args[0]!) : undefined;
      const text = value === undefined ? `'${UNRESOLVED_PLACEHOLDER}'` : literal(value);
      const cast = helper === 'json' || helper === 'jsonb' ? `::${helper}` : '';
      return { ok: true, sql: `${text ?? `'${UNRESOLVED_PLACEHOLDER}'`}${cast}` };
    }
    if (helper === 'identifier') {
      const value = args.length === 1 ? this.constant(args[0]!) : undefined;
      if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string'))
        return { ok: true, sql: (value as string[]).map(quoteIdentifier).join('.') };
      // Names built from text at run time (`logto_tenant_${database}`): each an identifier of its own, unknown.
      const [list] = args;
      if (
        args.length === 1 &&
        list?.type === 'ArrayExpression' &&
        list.elements.length > 0 &&
        list.elements.every(
          (element) => element && element.type !== 'SpreadElement' && (typeof this.constant(element) === 'string' || this.textShaped(element)),
        )
      ) {
        return {
          ok: true,
          sql: list.elements
            .map((element) => {
              const part = this.constant(element as Node);
              return typeof part === 'string' ? quoteIdentifier(part) : this.unknownIdentifier();
            })
            .join('.'),
        };
      }
      return { ok: false, node: expression, reason: `\`${excerpt(expression, 60)}\`: the identifier is not a constant` };
    }
    if (helper === 'raw' || helper === 'unsafe') {
      const value = args.length === 1 ? this.constant(args[0]!) : undefined;
      if (typeof value === 'string') return { ok: true, sql: value };
      return { ok: false, node: expression, reason: `\`${excerpt(expression, 60)}\`: raw SQL built at run time` };
    }
    if (helper === 'join') {
      const [list, glue] = args;
      if (list?.type !== 'ArrayExpression' || !glue)
        return { ok: false, node: expression, reason: `\`${excerpt(expression, 60)}\`: the joined list is not written out` };
      const separator = this.fragment(glue, tags, depth + 1);
      if (!separator?.ok) return separator ?? { ok: false, node: glue, reason: 'the separator of sql.join is not a SQL fragment' };
      const parts: string[] = [];
      for (const element of list.elements) {
        if (!element || element.type === 'SpreadElement')
          return { ok: false, node: expression, reason: `\`${excerpt(expression, 60)}\`: a spread or hole in the joined list` };
        const part = this.interpolation(element, tags, depth + 1);
        if (!part.ok) return part;
        parts.push(part.sql);
      }
      return { ok: true, sql: parts.join(separator.sql) };
    }
    return { ok: false, node: expression, reason: `\`${excerpt(expression, 60)}\` is not read` };
  }

  /** One `${…}`: a fragment's SQL, a constant's literal, or why neither is proven. */
  private interpolation(node: Node, tags: ReadonlySet<string>, depth: number): Rendered {
    const fragment = this.fragment(node, tags, depth);
    if (fragment) return fragment;
    const value = this.constant(node);
    const text = value === undefined ? undefined : literal(value);
    if (text !== undefined) return { ok: true, sql: text };
    // Text built at run time is a bound value, never SQL (slonik and postgres.js bind strings).
    if (this.textShaped(node)) return { ok: true, sql: `'${UNRESOLVED_PLACEHOLDER}'` };
    return { ok: false, node, reason: `\`\${${excerpt(node, 60)}}\` is not a constant: a value or a SQL fragment only known at run time` };
  }

  template(node: t.TaggedTemplateExpression, tags: ReadonlySet<string>, depth = 0): Rendered {
    const { quasis, expressions } = node.quasi;
    let sql = quasis[0]!.value.cooked ?? quasis[0]!.value.raw;
    for (let i = 0; i < expressions.length; i++) {
      const part = this.interpolation(expressions[i]!, tags, depth);
      if (!part.ok) return part;
      sql += part.sql + (quasis[i + 1]!.value.cooked ?? quasis[i + 1]!.value.raw);
    }
    return { ok: true, sql };
  }

  /** The SQL a query call's argument holds. */
  sqlOf(argument: Node | undefined, tags: ReadonlySet<string>, call: Node): Rendered {
    if (!argument) return { ok: false, node: call, reason: 'a query call without SQL' };
    const fragment = this.fragment(argument, tags, 0);
    if (fragment) return fragment;
    const value = this.constant(argument);
    if (typeof value === 'string') return { ok: true, sql: value };
    // node-postgres: query({ text: '…', values })
    if (
      value !== undefined &&
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      typeof (value as Record<string, Constant>).text === 'string'
    ) {
      return { ok: true, sql: (value as Record<string, Constant>).text as string };
    }
    return { ok: false, node: argument, reason: `the SQL \`${excerpt(argument, 60)}\` is built at run time` };
  }

  add(node: Node, sql: string): void {
    const line = this.lineOf(node);
    let split: { sql: string; line: number }[];
    try {
      split = splitStatements(sql, line);
    } catch (error) {
      return this.fail(node, `SQL does not parse (PostgreSQL 18 grammar): ${error instanceof SqlParseError ? error.parserMessage : String(error)}`);
    }
    for (const statement of split) {
      if (this.modeUnknown !== undefined && dependsOnTransaction(statement.sql)) {
        this.unresolved.push({
          line,
          reason: `how the runner runs this script is not known (${this.modeUnknown}): whether this statement runs inside a transaction decides what it does`,
          affects: [...ALL_FLAGS],
          evidence: statement.sql.trim().slice(0, 160),
        });
        continue;
      }
      this.statements.push({ sql: statement.sql, line, origin: 'orm-raw' });
    }
  }
}

/** An expression whose value is always text (or a number): a template literal, `'a' + x`, `JSON.stringify(…)`, `String(…)`. */
function isText(node: Node): boolean {
  if (node.type === 'StringLiteral' || node.type === 'TemplateLiteral' || node.type === 'NumericLiteral') return true;
  if (node.type === 'BinaryExpression' && node.operator === '+')
    return (
      node.left.type === 'StringLiteral' || node.left.type === 'TemplateLiteral' || node.right.type === 'StringLiteral' || node.right.type === 'TemplateLiteral'
    );
  if (isCall(node)) return ['JSON.stringify', 'String', 'Number'].includes(textOf(node.callee));
  return false;
}

/** The function a called name stands for: a same-file `const f = (…) => …` / `function f`, or one imported from a repository file. */
function resolveFunction(callee: t.Identifier, loaded: LoadedMigration): FunctionNode | undefined {
  const file = fileOf(callee);
  const init = constInit(callee);
  if (init && isFunctionNode(init)) return init;
  for (const statement of file.statements) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'FunctionDeclaration' && declaration.id?.name === callee.name) return declaration;
    if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type !== 'ImportSpecifier' || specifier.local.name !== callee.name) continue;
      const target = loaded.modules.resolve(file, statement.source.value);
      if (!('file' in target)) return undefined;
      const exported = findExport(target.file, textOf(specifier.imported));
      return exported && isFunctionNode(exported) ? exported : undefined;
    }
  }
  return undefined;
}

/** `(…) => expression` or a body that is one `return expression;`. */
function returnedExpression(fn: FunctionNode): Node | undefined {
  const body = fn.body;
  if (body.type !== 'BlockStatement') return body;
  const [only] = body.body;
  return body.body.length === 1 && only?.type === 'ReturnStatement' && only.argument ? only.argument : undefined;
}

/** CONCURRENTLY and session settings: their effect depends on a transaction (or its absence). */
function dependsOnTransaction(sql: string): boolean {
  return /\bconcurrently\b/i.test(sql) || /^\s*(set|reset)\b/i.test(sql.replace(/^\s*(--[^\n]*\n\s*)*/, ''));
}

function constantSources(loaded: LoadedMigration): ConstantSources {
  const byPath = new Map<string, SourceFile>([[loaded.file.path, loaded.file]]);
  return {
    load: (path): ConstantModule | undefined => {
      const file = byPath.get(path);
      return file ? { path, ast: file.ast } : undefined;
    },
    resolve: (fromPath, specifier) => {
      const from = byPath.get(fromPath);
      if (!from) return undefined;
      const target = loaded.modules.resolve(from, specifier);
      if (!('file' in target)) return undefined;
      byPath.set(target.file.path, target.file);
      return target.file.path;
    },
  };
}

const isLoop = (node: Node) =>
  node.type === 'ForStatement' ||
  node.type === 'ForOfStatement' ||
  node.type === 'ForInStatement' ||
  node.type === 'WhileStatement' ||
  node.type === 'DoWhileStatement';

/** Inside a loop or a callback of `fn`: the query runs an unknown number of times (or never). */
function repeatedWithin(node: Node, fn: Node): boolean {
  for (let current = parentOf(node); current && current !== fn; current = parentOf(current)) {
    if (isLoop(current) || isFunctionNode(current)) return true;
  }
  return false;
}

/** The `sql` tags of the file: names imported as `sql` from a query library, or declared `sql`. */
function sqlTags(file: SourceFile): Set<string> {
  const tags = new Set<string>(['sql']);
  for (const statement of file.statements) {
    if (statement.type !== 'ImportDeclaration') continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type === 'ImportSpecifier' && textOf(specifier.imported) === 'sql') tags.add(specifier.local.name);
    }
  }
  return tags;
}

/** The function an exported script member is (`export default { up }`, `const alteration = { up }; export default alteration`, `export const up`). */
function scriptFunction(file: SourceFile, name: string): FunctionNode | 'absent' | 'unproven' {
  const exported = findExport(file, name);
  if (exported && isFunctionNode(exported)) return exported;
  const defaults = file.statements.filter((statement): statement is t.ExportDefaultDeclaration => statement.type === 'ExportDefaultDeclaration');
  if (defaults.length !== 1) return exported ? 'unproven' : 'absent';
  let value: Node | undefined = defaults[0]!.declaration;
  for (let hops = 0; value?.type === 'Identifier' && hops < 4; hops++) value = constInit(value);
  while (value && (value.type === 'TSAsExpression' || value.type === 'TSSatisfiesExpression')) value = value.expression;
  if (value?.type === 'ObjectExpression') {
    let found: FunctionNode | 'absent' | 'unproven' = 'absent';
    for (const property of value.properties) {
      if (property.type === 'SpreadElement') return 'unproven';
      const key = property.computed
        ? undefined
        : property.key.type === 'Identifier'
          ? property.key.name
          : property.key.type === 'StringLiteral'
            ? property.key.value
            : undefined;
      if (key !== name) continue;
      if (property.type === 'ObjectMethod') found = property;
      else if (isFunctionNode(property.value)) found = property.value;
      else found = 'unproven';
    }
    return found;
  }
  return exported ? 'unproven' : 'absent';
}

/** Reads one function (`up` or `beforeUp`): every use of its handle. */
const MAX_HELPER_DEPTH = 4;

function readFunction(reader: ScriptReader, fn: FunctionNode, tags: ReadonlySet<string>, label: string, handleIndex = 0, depth = 0): void {
  if (fn.params.length <= handleIndex) return; // no handle: nothing it runs reaches the database
  const handle = parameterIdentifier(fn.params[handleIndex]!);
  if (!handle) return reader.fail(fn, `\`${label}\` takes its database handle as a pattern: what runs through it is not followed`);
  const scriptTags = new Set(tags);
  // postgres.js: the handle is itself the tag (sql`…`, sql.unsafe(…), sql('name')).
  scriptTags.add(handle.name);
  const occurrences: t.Identifier[] = [];
  walk(fn, (node) => {
    if (node.type === 'Identifier' && node !== handle && node.name === handle.name && !isPropertyName(node)) occurrences.push(node);
  });
  for (const occurrence of occurrences) {
    const parent = parentOf(occurrence);
    // A handle used inside a nested sql`…` of another query is that query's business.
    if (parent?.type === 'TaggedTemplateExpression' && parent.tag === occurrence) {
      if (isCall(parentOf(parent)) || parentOf(parent)?.type === 'TemplateLiteral') continue;
      if (repeatedWithin(parent, fn)) {
        reader.fail(parent, `${label}: SQL inside a loop or a callback runs an unknown number of times`);
        continue;
      }
      const rendered = reader.template(parent, scriptTags);
      if (rendered.ok) reader.add(parent, rendered.sql);
      else reader.fail(rendered.node, `${label}: ${rendered.reason}`);
      continue;
    }
    if (isMember(parent) && parent.object === occurrence && isCall(parentOf(parent)) && (parentOf(parent) as t.CallExpression).callee === parent) {
      const call = parentOf(parent) as t.CallExpression;
      const method = memberName(parent);
      if (method !== undefined && QUERY_METHODS.has(method)) {
        if (repeatedWithin(call, fn)) {
          reader.fail(call, `${label}: \`${handle.name}.${method}(…)\` inside a loop or a callback runs an unknown number of times`);
          continue;
        }
        const rendered =
          method === 'unsafe'
            ? reader.sqlOf(call.arguments[0] as Node | undefined, new Set(), call)
            : reader.sqlOf(call.arguments[0] as Node | undefined, scriptTags, call);
        if (rendered.ok) reader.add(call, rendered.sql);
        else reader.fail(rendered.node, `${label}: ${rendered.reason}`);
        continue;
      }
      reader.fail(call, `${label}: \`${handle.name}.${method ?? '…'}(…)\` is not read (only queries with their SQL are)`);
      continue;
    }
    // Inside a fragment of a template (postgres.js `${sql('name')}`): read with that template.
    if (isCall(parent) && parent.callee === occurrence && enclosingTemplate(parent)) continue;
    if (isCall(parent) && parent.callee.type === 'Identifier' && (parent.arguments as Node[]).includes(occurrence) && depth < MAX_HELPER_DEPTH) {
      const helper = resolveFunction(parent.callee, reader.loaded);
      const args = parent.arguments as Node[];
      const bindings = helper && reader.bindArguments(helper, args, args.indexOf(occurrence));
      if (helper && bindings && !repeatedWithin(parent, fn)) {
        if (fileOf(parent) === reader.loaded.file) reader.callSites.push(lineOf(parent));
        reader.within(bindings, () =>
          readFunction(reader, helper, sqlTags(fileOf(helper)), `${label} → ${textOf(parent.callee)}(…)`, args.indexOf(occurrence), depth + 1),
        );
        if (fileOf(parent) === reader.loaded.file) reader.callSites.pop();
        continue;
      }
    }
    reader.fail(parent ?? occurrence, `${label}: the database handle is passed on or kept: what runs through it is not followed`);
  }
}

function enclosingTemplate(node: Node): boolean {
  for (let current = parentOf(node); current; current = parentOf(current)) {
    if (current.type === 'TemplateLiteral') return true;
    if (current.type === 'ExpressionStatement' || isFunctionNode(current)) return false;
  }
  return false;
}

export async function extractSqlScriptMigration(file: string, text: string, read: ReadRepoFile): Promise<ExtractedMigration> {
  await loadParser();
  const loaded = await loadMigrationSource(file, text, read);
  if ('unparsed' in loaded) return unparsedMigration(file, text, loaded);
  const up = scriptFunction(loaded.file, 'up');
  const beforeUp = scriptFunction(loaded.file, 'beforeUp');
  if (up === 'absent' || up === 'unproven') {
    const reason = up === 'absent' ? 'no exported `up` found (not a SQL script the extractor can read)' : 'which function is exported as `up` is not proven';
    return { file, statements: [], unresolved: [{ line: 1, reason, affects: [...ALL_FLAGS] }], inTransaction: true };
  }
  const runner = await findRunner(file, read);
  const modeUnknown = 'missing' in runner ? runner.missing : undefined;
  const tags = sqlTags(loaded.file);

  const before = new ScriptReader(loaded, modeUnknown);
  if (beforeUp === 'unproven') before.fail(loaded.file.statements[0] ?? loaded.file.ast, 'which function is exported as `beforeUp` is not proven');
  else if (beforeUp !== 'absent') {
    if ('missing' in runner) before.fail(beforeUp, `\`beforeUp\`: whether and how the runner calls it is not known (${runner.missing})`);
    else if (runner.runsBeforeUp) readFunction(before, beforeUp, tags, '`beforeUp`');
    // The runner at this ref never calls beforeUp: it runs nothing.
  }
  const main = new ScriptReader(loaded, modeUnknown);
  readFunction(main, up, tags, '`up`');

  const upInTransaction = 'missing' in runner ? true : runner.upInTransaction;
  const unresolved = [...before.unresolved, ...main.unresolved];
  if (before.statements.length === 0) return { file, statements: main.statements, unresolved, inTransaction: upInTransaction };
  // beforeUp runs on the pool, outside a transaction; then up runs in its own transaction.
  const upLine = lineOf(up);
  const wrapped: ExtractedStatement[] =
    upInTransaction && main.statements.length > 0
      ? [{ sql: 'BEGIN', line: upLine, origin: 'orm-raw' }, ...main.statements, { sql: 'COMMIT', line: upLine, origin: 'orm-raw' }]
      : main.statements;
  return { file, statements: [...before.statements, ...wrapped], unresolved, inTransaction: false };
}
