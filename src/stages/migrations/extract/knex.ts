import type { Knex } from 'knex';
import { Node, SyntaxKind } from '../../../typescript/ts-morph.js';
import type { ExtractedMigration, ExtractedStatement, HeavinessFlag, UnresolvedPart } from '../types.js';
import { excerpt, StaticEvaluator, type Bindings, type Evaluation } from './constants.js';
import { resolveExport } from './exports.js';
import { firstUnresolved, KNEX_ROOT, loadKnex, replay, sqlOf, stepArgs, type Arg, type Chain, type Step } from './knex-builder.js';
import { loadMigrationSource, type ReadRepoFile } from './modules.js';

/**
 * knex migrations (`.ts`/`.js`): the exported `up` is read with ts-morph, every knex call in it is
 * recorded as data and replayed on `knex({ client: 'pg' })` to get the SQL knex would send.
 * What cannot be followed statically becomes an {@link UnresolvedPart}; the migration's own code
 * never runs.
 */

const ALL_FLAGS: HeavinessFlag[] = ['locksTable', 'rewritesTable', 'scansTable'];
const GUARD_METHODS = new Set(['hasTable', 'hasColumn', 'hasView']);
const PROMISE_METHODS = new Set(['then', 'catch', 'finally']);
/** `knex.<name>(…)` that starts a query builder. */
const QUERY_ENTRIES = new Set(['table', 'from', 'into', 'queryBuilder', 'select', 'insert', 'update', 'del', 'delete', 'where', 'with', 'withSchema', 'count', 'first', 'pluck', 'truncate', 'distinct', 'column', 'columns', 'upsert']);
/** Methods whose first argument names the table of a query builder. */
const TABLE_ARGUMENT_METHODS = new Set(['table', 'from', 'into']);
const VALUE_OR_CONTROL = new Set(['fn', 'ref', 'commit', 'rollback', 'isCompleted']);
const MAX_UNROLL = 200;

type RawStep = { kind: 'get'; name: string; node: Node } | { kind: 'call'; args: Node[]; node: Node };
interface Flattened {
  root: string;
  steps: RawStep[];
}

interface WalkContext {
  knexNames: ReadonlySet<string>;
  guarded: boolean;
  bindings: Bindings;
  /** Set inside loops over runtime data and callbacks of functions we do not follow. */
  repeated?: { reason: string; node: Node };
}

function stripExpression(node: Node): Node {
  let current = node;
  while (Node.isParenthesizedExpression(current) || Node.isAwaitExpression(current) || Node.isNonNullExpression(current) || Node.isAsExpression(current) || Node.isVoidExpression(current)) {
    current = current.getExpression();
  }
  return current;
}

/** `a.b(c).d` → root `a`, steps [get b, call (c), get d]; undefined for anything that is not a plain chain. */
function flatten(expression: Node): Flattened | undefined {
  const node = stripExpression(expression);
  if (Node.isIdentifier(node)) return { root: node.getText(), steps: [] };
  if (node.getKind() === SyntaxKind.ThisKeyword) return { root: 'this', steps: [] };
  if (Node.isCallExpression(node)) {
    const inner = flatten(node.getExpression());
    return inner && { root: inner.root, steps: [...inner.steps, { kind: 'call', args: node.getArguments(), node }] };
  }
  if (Node.isPropertyAccessExpression(node)) {
    const inner = flatten(node.getExpression());
    return inner && { root: inner.root, steps: [...inner.steps, { kind: 'get', name: node.getName(), node }] };
  }
  if (Node.isElementAccessExpression(node)) {
    const key = node.getArgumentExpression();
    const inner = flatten(node.getExpression());
    if (!inner || !key || !(Node.isStringLiteral(key) || Node.isNoSubstitutionTemplateLiteral(key))) return undefined;
    return { root: inner.root, steps: [...inner.steps, { kind: 'get', name: key.getLiteralValue(), node }] };
  }
  return undefined;
}

function chainRoot(node: Node): string | undefined {
  let current = node;
  for (;;) {
    if (Node.isCallExpression(current) || Node.isPropertyAccessExpression(current) || Node.isElementAccessExpression(current) || Node.isParenthesizedExpression(current) || Node.isNonNullExpression(current)) {
      current = current.getExpression();
    } else if (Node.isIdentifier(current)) {
      return current.getText();
    } else {
      return undefined;
    }
  }
}

type FunctionNode = Node & { getParameters(): Node[]; getBody(): Node | undefined };

function isFunctionNode(node: Node): node is FunctionNode {
  return Node.isArrowFunction(node) || Node.isFunctionExpression(node) || Node.isFunctionDeclaration(node) || Node.isMethodDeclaration(node);
}

function parameterNames(fn: FunctionNode): Array<string | undefined> {
  return fn.getParameters().map((p) => {
    const nameNode = (p as unknown as { getNameNode(): Node }).getNameNode();
    return Node.isIdentifier(nameNode) ? nameNode.getText() : undefined;
  });
}

/**
 * Whether a builder is kept or handed on instead of being run where it is written
 * (`const q = knex('t')`, `helper(knex.schema)`): later calls on it are not seen.
 */
function builderEscapes(node: Node): boolean {
  let current = node;
  let parent = node.getParent();
  while (parent && (Node.isParenthesizedExpression(parent) || Node.isAsExpression(parent) || Node.isNonNullExpression(parent))) {
    current = parent;
    parent = parent.getParent();
  }
  if (!parent) return false;
  if (Node.isVariableDeclaration(parent) || Node.isPropertyAssignment(parent) || Node.isShorthandPropertyAssignment(parent)) return true;
  if (Node.isCallExpression(parent) && parent.getArguments().includes(current)) return true;
  return Node.isBinaryExpression(parent) && parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken;
}

class KnexWalker {
  readonly statements: ExtractedStatement[] = [];
  readonly unresolved: UnresolvedPart[] = [];
  private readonly reportedRepeats = new Set<Node>();

  constructor(
    private readonly knex: Knex,
    private readonly evaluator: StaticEvaluator,
  ) {}

  private addUnresolved(node: Node, reason: string, evidence = excerpt(node)): void {
    this.unresolved.push({ line: node.getStartLineNumber(), reason, affects: [...ALL_FLAGS], evidence });
  }

  walkFunctionBody(fn: FunctionNode, ctx: WalkContext): void {
    const body = fn.getBody();
    if (body) this.walk(body, ctx);
  }

  walk(node: Node, ctx: WalkContext): void {
    if (Node.isParameterDeclaration(node) || Node.isTypeNode(node)) return;
    if (isFunctionNode(node)) return this.walkNestedFunction(node, ctx);
    if (Node.isIfStatement(node)) {
      this.walk(node.getExpression(), ctx);
      this.walk(node.getThenStatement(), { ...ctx, guarded: true });
      const otherwise = node.getElseStatement();
      if (otherwise) this.walk(otherwise, { ...ctx, guarded: true });
      return;
    }
    if (Node.isCatchClause(node) || Node.isCaseClause(node) || Node.isDefaultClause(node)) {
      node.forEachChild((child) => this.walk(child, { ...ctx, guarded: true }));
      return;
    }
    if (Node.isConditionalExpression(node)) {
      this.walk(node.getCondition(), ctx);
      this.walk(node.getWhenTrue(), { ...ctx, guarded: true });
      this.walk(node.getWhenFalse(), { ...ctx, guarded: true });
      return;
    }
    if (Node.isBinaryExpression(node) && ['&&', '||', '??'].includes(node.getOperatorToken().getText())) {
      this.walk(node.getLeft(), ctx);
      this.walk(node.getRight(), { ...ctx, guarded: true });
      return;
    }
    if (Node.isForOfStatement(node) && this.unrollForOf(node, ctx)) return;
    if (Node.isForOfStatement(node) || Node.isForInStatement(node) || Node.isForStatement(node) || Node.isWhileStatement(node) || Node.isDoStatement(node)) {
      const header = Node.isForOfStatement(node) || Node.isForInStatement(node) ? `loop over \`${excerpt(node.getExpression(), 80)}\`` : 'loop';
      node.forEachChild((child) => this.walk(child, { ...ctx, repeated: ctx.repeated ?? { reason: `knex calls inside a ${header} run once per item of runtime data`, node } }));
      return;
    }
    if (Node.isCallExpression(node) && this.unrollArrayCallback(node, ctx)) return;
    if (Node.isCallExpression(node) || Node.isPropertyAccessExpression(node) || Node.isElementAccessExpression(node)) {
      const root = chainRoot(node);
      if (root !== undefined && ctx.knexNames.has(root)) return this.handleChain(node, ctx);
    }
    if (Node.isIdentifier(node) && ctx.knexNames.has(node.getText())) {
      const parent = node.getParent();
      const isName = (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === node) || (Node.isPropertyAssignment(parent) && parent.getNameNode() === node);
      if (!isName) this.addUnresolved(parent ?? node, `the knex object is passed on (\`${excerpt(parent ?? node, 80)}\`): what runs there is not followed`);
      return;
    }
    node.forEachChild((child) => this.walk(child, ctx));
  }

  private walkNestedFunction(fn: FunctionNode, ctx: WalkContext): void {
    const usesKnex = fn.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => ctx.knexNames.has(id.getText()));
    if (!usesKnex) return;
    const owner = fn.getParent();
    const where = owner && Node.isCallExpression(owner) ? `a callback of \`${excerpt(owner.getExpression(), 60)}()\`` : 'a nested function';
    this.walkFunctionBody(fn, { ...ctx, guarded: true, repeated: ctx.repeated ?? { reason: `knex calls inside ${where} may run any number of times`, node: fn } });
  }

  /** `for (const t of CONSTANT_ARRAY)`: walk the body once per element. */
  private unrollForOf(node: Node, ctx: WalkContext): boolean {
    if (!Node.isForOfStatement(node)) return false;
    const initializer = node.getInitializer();
    if (!Node.isVariableDeclarationList(initializer)) return false;
    const [declaration] = initializer.getDeclarations();
    const nameNode = declaration?.getNameNode();
    if (!nameNode || !Node.isIdentifier(nameNode)) return false;
    const items = this.evaluator.evaluate(node.getExpression(), ctx.bindings);
    if (!items.ok || !Array.isArray(items.value) || items.value.length > MAX_UNROLL) return false;
    for (const item of items.value) {
      this.walk(node.getStatement(), { ...ctx, bindings: new Map([...ctx.bindings, [nameNode.getText(), item]]) });
    }
    return true;
  }

  /** `CONSTANT_ARRAY.map(t => …)` / `.forEach(…)`: walk the callback once per element. */
  private unrollArrayCallback(call: Node, ctx: WalkContext): boolean {
    if (!Node.isCallExpression(call)) return false;
    const callee = call.getExpression();
    const [callback] = call.getArguments();
    if (!Node.isPropertyAccessExpression(callee) || !['map', 'forEach'].includes(callee.getName()) || !callback || !isFunctionNode(callback)) return false;
    const [name] = parameterNames(callback);
    if (!name) return false;
    const items = this.evaluator.evaluate(callee.getExpression(), ctx.bindings);
    if (!items.ok || !Array.isArray(items.value) || items.value.length > MAX_UNROLL) return false;
    for (const item of items.value) this.walkFunctionBody(callback, { ...ctx, bindings: new Map([...ctx.bindings, [name, item]]) });
    return true;
  }

  private handleChain(node: Node, ctx: WalkContext): void {
    const flat = flatten(node);
    const first = flat?.steps[0];
    const isValue = first?.kind === 'get' && (VALUE_OR_CONTROL.has(first.name) || first.name === 'transaction' || (first.name === 'schema' && flat!.steps.some((s) => s.kind === 'get' && GUARD_METHODS.has(s.name))));
    if (flat && !isValue && builderEscapes(node)) {
      this.addUnresolved(node, `the knex builder \`${excerpt(node, 60)}\` is kept or passed on: calls made on it later are not followed`);
    }
    if (!flat) return this.addUnresolved(node, `knex call \`${excerpt(node, 80)}\` has a shape the extractor does not follow`);
    const promiseAt = flat.steps.findIndex((s) => s.kind === 'get' && PROMISE_METHODS.has(s.name));
    const head = promiseAt === -1 ? flat.steps : flat.steps.slice(0, promiseAt);
    const isGuard = this.handleSegment(flat.root, head, node, ctx);
    if (promiseAt === -1) return;
    // `.then(cb)` / `.catch(cb)`: the callbacks run once, after the head; behind a guard they are conditional.
    for (const step of flat.steps.slice(promiseAt)) {
      if (step.kind !== 'call') continue;
      for (const arg of step.args) {
        if (isFunctionNode(arg)) this.walkFunctionBody(arg, { ...ctx, guarded: ctx.guarded || isGuard });
        else this.walk(arg, ctx);
      }
    }
  }

  /** Returns true when the segment is a `hasTable`/`hasColumn` check (its `.then` callbacks are guarded). */
  private handleSegment(root: string, steps: RawStep[], node: Node, ctx: WalkContext): boolean {
    const [first] = steps;
    const line = node.getStartLineNumber();
    if (!first) {
      this.addUnresolved(node, 'the knex object is used directly; what runs is not followed');
      return false;
    }
    if (first.kind === 'get' && first.name === 'transaction') {
      const call = steps[1];
      const callback = call?.kind === 'call' ? call.args[0] : undefined;
      const [trxName] = callback && isFunctionNode(callback) ? parameterNames(callback) : [];
      if (!callback || !isFunctionNode(callback) || !trxName) {
        this.addUnresolved(node, 'knex.transaction() without a callback: the transaction object is not followed');
        return false;
      }
      this.walkFunctionBody(callback, { ...ctx, knexNames: new Set([...ctx.knexNames, trxName]) });
      return false;
    }
    if (first.kind === 'get' && first.name === 'schema') {
      if (steps.some((s) => s.kind === 'get' && GUARD_METHODS.has(s.name))) {
        for (const step of steps) if (step.kind === 'call') step.args.forEach((arg) => this.walk(arg, ctx));
        return true;
      }
      const origin = steps.some((s) => s.kind === 'get' && s.name === 'raw') ? 'knex-raw' : 'knex-schema-builder';
      this.emit(this.record(root, steps, ctx), origin, line, ctx, node, false);
      return false;
    }
    if (first.kind === 'get' && first.name === 'raw') {
      this.emit(this.record(root, steps, ctx), 'knex-raw', line, ctx, node, false);
      return false;
    }
    // Values (`knex.fn.now()`, `knex.ref('a')`) and transaction control (`trx.commit()`) send no DDL or DML of their own.
    if (first.kind === 'get' && VALUE_OR_CONTROL.has(first.name)) return false;
    if (first.kind === 'call' || QUERY_ENTRIES.has(first.name)) {
      const chain = this.record(root, steps, ctx);
      const tableProblem = this.unresolvedTable(chain);
      if (tableProblem) {
        this.addUnresolved(node, `table name cannot be resolved: ${tableProblem}`);
        this.noteRepeated(ctx);
        return false;
      }
      this.emit(chain, 'knex-query-builder', line, ctx, node, true);
      return false;
    }
    this.addUnresolved(node, `knex.${first.name}() is not followed by the extractor`);
    return false;
  }

  private unresolvedTable(chain: Chain): string | undefined {
    for (let i = 0; i < chain.steps.length; i++) {
      const step = chain.steps[i]!;
      const previous = chain.steps[i - 1];
      const namesTable = i === 0 || (previous?.kind === 'get' && TABLE_ARGUMENT_METHODS.has(previous.name));
      if (step.kind === 'call' && namesTable) {
        const [tableArg] = step.args;
        if (tableArg?.kind === 'unresolved') return tableArg.reason;
      }
    }
    return undefined;
  }

  private noteRepeated(ctx: WalkContext): void {
    if (!ctx.repeated || this.reportedRepeats.has(ctx.repeated.node)) return;
    this.reportedRepeats.add(ctx.repeated.node);
    this.addUnresolved(ctx.repeated.node, ctx.repeated.reason, excerpt(ctx.repeated.node, 120));
  }

  private emit(chain: Chain, origin: ExtractedStatement['origin'], line: number, ctx: WalkContext, node: Node, placeholders: boolean): void {
    this.noteRepeated(ctx);
    if (!placeholders) {
      const missing = firstUnresolved(stepArgs(chain));
      if (missing) return this.addUnresolved(node, missing.reason, excerpt(node));
    }
    let sqls: string[];
    try {
      sqls = sqlOf(this.knex, replay(chain, new Map([[KNEX_ROOT, this.knex]]), placeholders));
    } catch (error) {
      return this.addUnresolved(node, `knex could not build this call: ${error instanceof Error ? error.message : String(error)}`);
    }
    for (const sql of sqls) this.statements.push({ sql, line, origin, ...(ctx.guarded ? { guarded: true } : {}) });
  }

  private record(root: string, steps: RawStep[], ctx: WalkContext, params: ReadonlySet<string> = new Set()): Chain {
    return {
      root: ctx.knexNames.has(root) ? KNEX_ROOT : root,
      steps: steps.map((step): Step => (step.kind === 'get' ? { kind: 'get', name: step.name } : { kind: 'call', args: step.args.map((arg) => this.toArg(arg, ctx, params)) })),
    };
  }

  private unresolvedArg(node: Node, evaluation: Evaluation & { ok: false }): Arg {
    return { kind: 'unresolved', reason: evaluation.reason, evidence: excerpt(node) };
  }

  /** A knex call argument as data: a static value, a nested knex chain, a builder callback, or unresolved. */
  private toArg(argument: Node, ctx: WalkContext, params: ReadonlySet<string>): Arg {
    const node = stripExpression(argument);
    if (Node.isArrowFunction(node) || Node.isFunctionExpression(node)) return this.callbackArg(node, ctx, params);
    if (Node.isIdentifier(node) && ctx.knexNames.has(node.getText())) return { kind: 'chain', chain: { root: KNEX_ROOT, steps: [] } };
    const root = chainRoot(node) ?? (flatten(node)?.root === 'this' ? 'this' : undefined);
    if ((Node.isCallExpression(node) || Node.isPropertyAccessExpression(node) || Node.isElementAccessExpression(node)) && root !== undefined && (ctx.knexNames.has(root) || params.has(root))) {
      const flat = flatten(node);
      if (!flat) return { kind: 'unresolved', reason: `\`${excerpt(node, 80)}\` has a shape the extractor does not follow`, evidence: excerpt(node) };
      return { kind: 'chain', chain: this.record(flat.root, flat.steps, ctx, params) };
    }
    const evaluation = this.evaluator.evaluate(node, ctx.bindings);
    if (evaluation.ok) return { kind: 'value', value: evaluation.value };
    if (Node.isArrayLiteralExpression(node)) {
      return { kind: 'array', items: node.getElements().map((element) => (Node.isSpreadElement(element) ? this.unresolvedArg(element, evaluation) : this.toArg(element, ctx, params))) };
    }
    if (Node.isObjectLiteralExpression(node)) {
      const entries: Array<[string, Arg]> = [];
      for (const property of node.getProperties()) {
        if (Node.isPropertyAssignment(property)) {
          const nameNode = property.getNameNode();
          const key = Node.isComputedPropertyName(nameNode) ? this.evaluator.evaluate(nameNode.getExpression(), ctx.bindings) : { ok: true as const, value: Node.isStringLiteral(nameNode) ? nameNode.getLiteralValue() : nameNode.getText() };
          const initializer = property.getInitializer();
          if (!key.ok || typeof key.value !== 'string' || !initializer) return key.ok ? { kind: 'unresolved', reason: `property \`${excerpt(nameNode)}\` is not static`, evidence: excerpt(property) } : this.unresolvedArg(nameNode, key);
          entries.push([key.value, this.toArg(initializer, ctx, params)]);
        } else if (Node.isShorthandPropertyAssignment(property)) {
          entries.push([property.getName(), this.toArg(property.getNameNode(), ctx, params)]);
        } else {
          return { kind: 'unresolved', reason: `\`${excerpt(property, 60)}\` is not a static property`, evidence: excerpt(property) };
        }
      }
      return { kind: 'object', entries };
    }
    return this.unresolvedArg(node, evaluation);
  }

  /** A builder callback (`t => { t.string('a').notNullable(); }`) recorded statement by statement. */
  private callbackArg(fn: FunctionNode, ctx: WalkContext, outer: ReadonlySet<string>): Arg {
    const names = parameterNames(fn);
    if (names.some((n) => n === undefined)) return { kind: 'unresolved', reason: 'builder callback with a destructured parameter', evidence: excerpt(fn) };
    const params = new Set([...outer, ...(names as string[]), 'this']);
    const body = fn.getBody();
    const expressions: Node[] = [];
    if (body && Node.isBlock(body)) {
      for (const statement of body.getStatements()) {
        if (Node.isExpressionStatement(statement)) expressions.push(statement.getExpression());
        else if (Node.isReturnStatement(statement) && statement.getExpression()) expressions.push(statement.getExpression()!);
        else if (!Node.isEmptyStatement(statement)) {
          return { kind: 'unresolved', reason: `\`${excerpt(statement, 80)}\` inside a builder callback is not followed (only plain builder calls are)`, evidence: excerpt(statement) };
        }
      }
    } else if (body) {
      expressions.push(body);
    }
    const chains: Chain[] = [];
    for (const expression of expressions) {
      const flat = flatten(expression);
      if (!flat || !params.has(flat.root) || ctx.knexNames.has(flat.root)) {
        return { kind: 'unresolved', reason: `\`${excerpt(expression, 80)}\` inside a builder callback is not a call on the builder`, evidence: excerpt(expression) };
      }
      chains.push(this.record(flat.root, flat.steps, ctx, params));
    }
    return { kind: 'callback', params: names as string[], body: chains };
  }
}

export interface KnexExtractOptions {
  /** Reads another repository file at the same ref (for imported constants). */
  readRepoFile: ReadRepoFile;
}

/** Statements and unresolved parts of one knex migration file. */
export async function extractKnexMigration(file: string, text: string, options: KnexExtractOptions): Promise<ExtractedMigration> {
  const [knex, loaded] = await Promise.all([loadKnex(), loadMigrationSource(file, text, options.readRepoFile)]);
  try {
    const evaluator = new StaticEvaluator(loaded.modules);
    const walker = new KnexWalker(knex, evaluator);
    const configExport = resolveExport(loaded.file, 'config');
    const config = configExport.kind === 'found' ? evaluator.evaluate(configExport.node) : undefined;
    const inTransaction = !(config?.ok && config.value !== null && typeof config.value === 'object' && !Array.isArray(config.value) && (config.value as Record<string, unknown>).transaction === false);
    if (configExport.kind === 'unproven') {
      walker.unresolved.push({ line: configExport.node.getStartLineNumber(), reason: `the exported \`config\` is not proven: ${configExport.reason}`, affects: [...ALL_FLAGS], evidence: excerpt(configExport.node) });
    }

    // The `up` knex runs: the binding exported at module end (exports.ts), or unknown with the reason.
    const upExport = resolveExport(loaded.file, 'up');
    const upNode = upExport.kind === 'found' ? upExport.node : undefined;
    const up = upNode && isFunctionNode(upNode) ? upNode : undefined;
    if (!up) {
      const reason =
        upExport.kind === 'unproven'
          ? `the exported \`up\` that runs is not proven: ${upExport.reason}`
          : upNode
            ? 'the exported `up` is not a function the extractor can read'
            : 'no exported `up` function found (not a knex migration the extractor can read)';
      const where = upExport.kind === 'missing' ? undefined : upExport.node;
      return {
        file,
        statements: [],
        unresolved: [...walker.unresolved, { line: where ? where.getStartLineNumber() : 1, reason, affects: [...ALL_FLAGS], evidence: where ? excerpt(where) : undefined }],
        inTransaction,
      };
    }
    const [knexName] = parameterNames(up);
    if (!knexName) {
      const usesSomething = up.getDescendantsOfKind(SyntaxKind.CallExpression).length > 0;
      if (usesSomething) walker.unresolved.push({ line: up.getStartLineNumber(), reason: '`up` has no knex parameter: the database handle it uses is not followed', affects: [...ALL_FLAGS], evidence: excerpt(up, 120) });
    } else {
      walker.walkFunctionBody(up, { knexNames: new Set([knexName]), guarded: false, bindings: new Map() });
    }
    return { file, statements: walker.statements, unresolved: walker.unresolved, inTransaction };
  } finally {
    loaded.release();
  }
}
