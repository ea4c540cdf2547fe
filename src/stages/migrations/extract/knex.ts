import type { Knex } from 'knex';
import { forEachChild, walk, type t } from '../../../syntax/parse.js';
import type { ExtractedMigration, ExtractedStatement, HeavinessFlag, UnresolvedPart } from '../types.js';
import { excerpt, StaticEvaluator, type Bindings, type Evaluation } from './constants.js';
import { resolveExport } from './exports.js';
import { firstUnresolved, KNEX_ROOT, loadKnex, replay, sqlOf, stepArgs, type Arg, type Chain, type Step } from './knex-builder.js';
import { loadMigrationSource, unparsedMigration, type ReadRepoFile } from './modules.js';
import {
  endLineOf,
  fileOf,
  identifiersNamed,
  isCall,
  isFunctionNode,
  isMember,
  isWithin,
  lineOf,
  memberName,
  parameterIdentifier,
  parentOf,
  textOf,
  type FunctionNode,
  type Node,
} from './source.js';

/**
 * knex migrations (`.ts`/`.js`): the exported `up` is parsed (src/syntax/parse.ts), every knex call
 * in it is recorded as data and replayed on `knex({ client: 'pg' })` to get the SQL knex would send.
 * What cannot be followed statically becomes an {@link UnresolvedPart}; the migration's own code
 * never runs.
 */

const ALL_FLAGS: HeavinessFlag[] = ['locksTable', 'rewritesTable', 'scansTable'];
const GUARD_METHODS = new Set(['hasTable', 'hasColumn', 'hasView']);
const PROMISE_METHODS = new Set(['then', 'catch', 'finally']);
/** `knex.<name>(…)` that starts a query builder. */
const QUERY_ENTRIES = new Set([
  'table',
  'from',
  'into',
  'queryBuilder',
  'select',
  'insert',
  'update',
  'del',
  'delete',
  'where',
  'with',
  'withSchema',
  'count',
  'first',
  'pluck',
  'truncate',
  'distinct',
  'column',
  'columns',
  'upsert',
]);
/** Methods whose first argument names the table of a query builder. */
const TABLE_ARGUMENT_METHODS = new Set(['table', 'from', 'into']);
const VALUE_OR_CONTROL = new Set(['fn', 'ref', 'commit', 'rollback', 'isCompleted']);
const MAX_UNROLL = 200;
/** TypeScript nodes that hold values or statements; every other `TS…` node is a type (never walked). */
const TS_VALUE_NODES = new Set([
  'TSAsExpression',
  'TSSatisfiesExpression',
  'TSNonNullExpression',
  'TSTypeAssertion',
  'TSInstantiationExpression',
  'TSEnumDeclaration',
  'TSEnumMember',
  'TSModuleDeclaration',
  'TSModuleBlock',
  'TSExportAssignment',
  'TSImportEqualsDeclaration',
  'TSExternalModuleReference',
  'TSParameterProperty',
  'TSDeclareFunction',
  'TSDeclareMethod',
]);

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
  for (;;) {
    if (
      current.type === 'AwaitExpression' ||
      current.type === 'TSNonNullExpression' ||
      current.type === 'TSAsExpression' ||
      current.type === 'ParenthesizedExpression'
    )
      current = current.type === 'AwaitExpression' ? current.argument : current.expression;
    else if (current.type === 'UnaryExpression' && current.operator === 'void') current = current.argument;
    else return current;
  }
}

/** `a.b(c).d` → root `a`, steps [get b, call (c), get d]; undefined for anything that is not a plain chain. */
function flatten(expression: Node): Flattened | undefined {
  const node = stripExpression(expression);
  if (node.type === 'Identifier') return { root: node.name, steps: [] };
  if (node.type === 'ThisExpression') return { root: 'this', steps: [] };
  if (isCall(node)) {
    const inner = flatten(node.callee);
    return inner && { root: inner.root, steps: [...inner.steps, { kind: 'call', args: node.arguments, node }] };
  }
  if (isMember(node) && !node.computed) {
    const name = memberName(node);
    const inner = flatten(node.object);
    return inner && name !== undefined ? { root: inner.root, steps: [...inner.steps, { kind: 'get', name, node }] } : undefined;
  }
  if (isMember(node)) {
    const key = node.property;
    const inner = flatten(node.object);
    const name =
      key.type === 'StringLiteral'
        ? key.value
        : key.type === 'TemplateLiteral' && key.expressions.length === 0
          ? (key.quasis[0]!.value.cooked ?? undefined)
          : undefined;
    if (!inner || name === undefined) return undefined;
    return { root: inner.root, steps: [...inner.steps, { kind: 'get', name, node }] };
  }
  return undefined;
}

function chainRoot(node: Node): string | undefined {
  let current = node;
  for (;;) {
    if (isCall(current)) current = current.callee;
    else if (isMember(current)) current = current.object;
    else if (current.type === 'TSNonNullExpression' || current.type === 'ParenthesizedExpression') current = current.expression;
    else if (current.type === 'Identifier') return current.name;
    else return undefined;
  }
}

function parameterNames(fn: FunctionNode): Array<string | undefined> {
  return fn.params.map((p) => parameterIdentifier(p)?.name);
}

/** Whether a node is a type annotation or another type-only node (never walked). */
function isTypeNode(node: Node): boolean {
  return node.type.startsWith('TS') && !TS_VALUE_NODES.has(node.type);
}

/**
 * Whether a builder is kept or handed on instead of being run where it is written
 * (`const q = knex('t')`, `helper(knex.schema)`): later calls on it are not seen.
 */
function builderEscapes(node: Node): boolean {
  let current = node;
  let parent = parentOf(node);
  while (parent && (parent.type === 'ParenthesizedExpression' || parent.type === 'TSAsExpression' || parent.type === 'TSNonNullExpression')) {
    current = parent;
    parent = parentOf(parent);
  }
  if (!parent) return false;
  if (parent.type === 'VariableDeclarator' || parent.type === 'ObjectProperty') return true;
  if (isCall(parent) && (parent.arguments as Node[]).includes(current)) return true;
  return parent.type === 'AssignmentExpression' && parent.operator === '=';
}

/** Whether a function contains an identifier named one of `names` (its parameters included). */
function mentionsAny(fn: Node, names: ReadonlySet<string>): boolean {
  for (const name of names) {
    if (identifiersNamed(fileOf(fn), name).some((identifier) => isWithin(identifier, fn))) return true;
  }
  return false;
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
    this.unresolved.push({ line: lineOf(node), reason, affects: [...ALL_FLAGS], evidence });
  }

  walkFunctionBody(fn: FunctionNode, ctx: WalkContext): void {
    this.walk(fn.body, ctx);
  }

  walk(node: Node, ctx: WalkContext): void {
    if (isTypeNode(node)) return;
    if (isFunctionNode(node)) return this.walkNestedFunction(node, ctx);
    if (node.type === 'IfStatement') {
      this.walk(node.test, ctx);
      this.walk(node.consequent, { ...ctx, guarded: true });
      if (node.alternate) this.walk(node.alternate, { ...ctx, guarded: true });
      return;
    }
    if (node.type === 'CatchClause' || node.type === 'SwitchCase') {
      forEachChild(node, (child) => this.walk(child, { ...ctx, guarded: true }));
      return;
    }
    if (node.type === 'ConditionalExpression') {
      this.walk(node.test, ctx);
      this.walk(node.consequent, { ...ctx, guarded: true });
      this.walk(node.alternate, { ...ctx, guarded: true });
      return;
    }
    if (node.type === 'LogicalExpression') {
      this.walk(node.left, ctx);
      this.walk(node.right, { ...ctx, guarded: true });
      return;
    }
    if (node.type === 'ForOfStatement' && this.unrollForOf(node, ctx)) return;
    if (
      node.type === 'ForOfStatement' ||
      node.type === 'ForInStatement' ||
      node.type === 'ForStatement' ||
      node.type === 'WhileStatement' ||
      node.type === 'DoWhileStatement'
    ) {
      const header = node.type === 'ForOfStatement' || node.type === 'ForInStatement' ? `loop over \`${excerpt(node.right, 80)}\`` : 'loop';
      forEachChild(node, (child) =>
        this.walk(child, { ...ctx, repeated: ctx.repeated ?? { reason: `knex calls inside a ${header} run once per item of runtime data`, node } }),
      );
      return;
    }
    if (isCall(node) && this.unrollArrayCallback(node, ctx)) return;
    if (isCall(node) || isMember(node)) {
      const root = chainRoot(node);
      if (root !== undefined && ctx.knexNames.has(root)) return this.handleChain(node, ctx);
    }
    if (node.type === 'Identifier' && ctx.knexNames.has(node.name)) {
      const parent = parentOf(node);
      const isName =
        (isMember(parent) && !parent.computed && parent.property === node) || (parent?.type === 'ObjectProperty' && !parent.computed && parent.key === node);
      if (isName) return;
      // Parentheses and a computed key hold the name alone: they are what is shown, as written around it.
      const wrapped = (node.extra as { parenthesized?: boolean } | undefined)?.parenthesized
        ? `(${node.name})`
        : parent?.type === 'ObjectProperty' && parent.computed && parent.key === node
          ? `[${node.name}]`
          : undefined;
      if (wrapped !== undefined) this.addUnresolved(node, `the knex object is passed on (\`${wrapped}\`): what runs there is not followed`, wrapped);
      else this.addUnresolved(parent ?? node, `the knex object is passed on (\`${excerpt(parent ?? node, 80)}\`): what runs there is not followed`);
      return;
    }
    forEachChild(node, (child) => this.walk(child, ctx));
  }

  private walkNestedFunction(fn: FunctionNode, ctx: WalkContext): void {
    if (!mentionsAny(fn, ctx.knexNames)) return;
    const owner = parentOf(fn);
    const where = isCall(owner) ? `a callback of \`${excerpt(owner.callee, 60)}()\`` : 'a nested function';
    this.walkFunctionBody(fn, {
      ...ctx,
      guarded: true,
      repeated: ctx.repeated ?? { reason: `knex calls inside ${where} may run any number of times`, node: fn },
    });
  }

  /** `for (const t of CONSTANT_ARRAY)`: walk the body once per element. */
  private unrollForOf(node: t.ForOfStatement, ctx: WalkContext): boolean {
    const initializer = node.left;
    if (initializer.type !== 'VariableDeclaration') return false;
    const [declaration] = initializer.declarations;
    const nameNode = declaration?.id;
    if (!nameNode || nameNode.type !== 'Identifier') return false;
    const items = this.evaluator.evaluate(node.right, ctx.bindings);
    if (!items.ok || !Array.isArray(items.value) || items.value.length > MAX_UNROLL) return false;
    for (const item of items.value) {
      this.walk(node.body, { ...ctx, bindings: new Map([...ctx.bindings, [nameNode.name, item]]) });
    }
    return true;
  }

  /** `CONSTANT_ARRAY.map(t => …)` / `.forEach(…)`: walk the callback once per element. */
  private unrollArrayCallback(call: t.CallExpression | t.OptionalCallExpression, ctx: WalkContext): boolean {
    const callee = call.callee;
    const [callback] = call.arguments;
    const method = memberName(callee);
    if (!isMember(callee) || method === undefined || !['map', 'forEach'].includes(method) || !callback || !isFunctionNode(callback)) return false;
    const [name] = parameterNames(callback);
    if (!name) return false;
    const items = this.evaluator.evaluate(callee.object, ctx.bindings);
    if (!items.ok || !Array.isArray(items.value) || items.value.length > MAX_UNROLL) return false;
    for (const item of items.value) this.walkFunctionBody(callback, { ...ctx, bindings: new Map([...ctx.bindings, [name, item]]) });
    return true;
  }

  private handleChain(node: Node, ctx: WalkContext): void {
    const flat = flatten(node);
    const first = flat?.steps[0];
    const isValue =
      first?.kind === 'get' &&
      (VALUE_OR_CONTROL.has(first.name) ||
        first.name === 'transaction' ||
        (first.name === 'schema' && flat!.steps.some((s) => s.kind === 'get' && GUARD_METHODS.has(s.name))));
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
    const line = lineOf(node);
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
    const endLine = endLineOf(node);
    for (const sql of sqls) this.statements.push({ sql, line, origin, ...(ctx.guarded ? { guarded: true } : {}), ...(endLine > line ? { endLine } : {}) });
  }

  private record(root: string, steps: RawStep[], ctx: WalkContext, params: ReadonlySet<string> = new Set()): Chain {
    return {
      root: ctx.knexNames.has(root) ? KNEX_ROOT : root,
      steps: steps.map((step): Step =>
        step.kind === 'get' ? { kind: 'get', name: step.name } : { kind: 'call', args: step.args.map((arg) => this.toArg(arg, ctx, params)) },
      ),
    };
  }

  private unresolvedArg(node: Node, evaluation: Evaluation & { ok: false }): Arg {
    return { kind: 'unresolved', reason: evaluation.reason, evidence: excerpt(node) };
  }

  /** A knex call argument as data: a static value, a nested knex chain, a builder callback, or unresolved. */
  private toArg(argument: Node | null, ctx: WalkContext, params: ReadonlySet<string>): Arg {
    // A hole of an array literal (`[a, , b]`).
    if (argument === null) return { kind: 'unresolved', reason: '`` is not a static value', evidence: '' };
    const node = stripExpression(argument);
    if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return this.callbackArg(node, ctx, params);
    if (node.type === 'Identifier' && ctx.knexNames.has(node.name)) return { kind: 'chain', chain: { root: KNEX_ROOT, steps: [] } };
    const root = chainRoot(node) ?? (flatten(node)?.root === 'this' ? 'this' : undefined);
    if ((isCall(node) || isMember(node)) && root !== undefined && (ctx.knexNames.has(root) || params.has(root))) {
      const flat = flatten(node);
      if (!flat) return { kind: 'unresolved', reason: `\`${excerpt(node, 80)}\` has a shape the extractor does not follow`, evidence: excerpt(node) };
      return { kind: 'chain', chain: this.record(flat.root, flat.steps, ctx, params) };
    }
    const evaluation = this.evaluator.evaluate(node, ctx.bindings);
    if (evaluation.ok) return { kind: 'value', value: evaluation.value };
    if (node.type === 'ArrayExpression') {
      return {
        kind: 'array',
        items: node.elements.map((element) => (element?.type === 'SpreadElement' ? this.unresolvedArg(element, evaluation) : this.toArg(element, ctx, params))),
      };
    }
    if (node.type === 'ObjectExpression') {
      const entries: Array<[string, Arg]> = [];
      for (const property of node.properties) {
        if (property.type === 'ObjectProperty' && !property.shorthand) {
          const nameNode = property.key;
          const key = property.computed
            ? this.evaluator.evaluate(nameNode, ctx.bindings)
            : {
                ok: true as const,
                value: nameNode.type === 'StringLiteral' ? nameNode.value : nameNode.type === 'Identifier' ? nameNode.name : textOf(nameNode),
              };
          const nameText = property.computed ? `[${excerpt(nameNode)}]` : excerpt(nameNode);
          if (!key.ok || typeof key.value !== 'string')
            return key.ok
              ? { kind: 'unresolved', reason: `property \`${nameText}\` is not static`, evidence: excerpt(property) }
              : { kind: 'unresolved', reason: key.reason, evidence: nameText };
          entries.push([key.value, this.toArg(property.value, ctx, params)]);
        } else if (property.type === 'ObjectProperty') {
          entries.push([property.key.type === 'Identifier' ? property.key.name : textOf(property.key), this.toArg(property.value, ctx, params)]);
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
    const body = fn.body;
    const expressions: Node[] = [];
    if (body.type === 'BlockStatement') {
      for (const statement of body.body) {
        if (statement.type === 'ExpressionStatement') expressions.push(statement.expression);
        else if (statement.type === 'ReturnStatement' && statement.argument) expressions.push(statement.argument);
        else if (statement.type !== 'EmptyStatement') {
          return {
            kind: 'unresolved',
            reason: `\`${excerpt(statement, 80)}\` inside a builder callback is not followed (only plain builder calls are)`,
            evidence: excerpt(statement),
          };
        }
      }
    } else {
      expressions.push(body);
    }
    const chains: Chain[] = [];
    for (const expression of expressions) {
      const flat = flatten(expression);
      if (!flat || !params.has(flat.root) || ctx.knexNames.has(flat.root)) {
        return {
          kind: 'unresolved',
          reason: `\`${excerpt(expression, 80)}\` inside a builder callback is not a call on the builder`,
          evidence: excerpt(expression),
        };
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

/** Whether `node` holds a function call anywhere below it. */
function hasCall(node: Node): boolean {
  let found = false;
  walk(node, (child) => {
    if (found) return false;
    if (child !== node && isCall(child)) found = true;
    return undefined;
  });
  return found;
}

/** Statements and unresolved parts of one knex migration file. */
export async function extractKnexMigration(file: string, text: string, options: KnexExtractOptions): Promise<ExtractedMigration> {
  const [knex, loaded] = await Promise.all([loadKnex(), loadMigrationSource(file, text, options.readRepoFile)]);
  if ('unparsed' in loaded) return unparsedMigration(file, text, loaded);
  const evaluator = new StaticEvaluator(loaded.modules);
  const walker = new KnexWalker(knex, evaluator);
  const configExport = resolveExport(loaded.file, 'config');
  const config = configExport.kind === 'found' ? evaluator.evaluate(configExport.node) : undefined;
  const inTransaction = !(
    config?.ok &&
    config.value !== null &&
    typeof config.value === 'object' &&
    !Array.isArray(config.value) &&
    (config.value as Record<string, unknown>).transaction === false
  );
  if (configExport.kind === 'unproven') {
    walker.unresolved.push({
      line: lineOf(configExport.node),
      reason: `the exported \`config\` is not proven: ${configExport.reason}`,
      affects: [...ALL_FLAGS],
      evidence: excerpt(configExport.node),
    });
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
      unresolved: [...walker.unresolved, { line: where ? lineOf(where) : 1, reason, affects: [...ALL_FLAGS], evidence: where ? excerpt(where) : undefined }],
      inTransaction,
    };
  }
  const [knexName] = parameterNames(up);
  if (!knexName) {
    if (hasCall(up))
      walker.unresolved.push({
        line: lineOf(up),
        reason: '`up` has no knex parameter: the database handle it uses is not followed',
        affects: [...ALL_FLAGS],
        evidence: excerpt(up, 120),
      });
  } else {
    walker.walkFunctionBody(up, { knexNames: new Set([knexName]), guarded: false, bindings: new Map() });
  }
  return { file, statements: walker.statements, unresolved: walker.unresolved, inTransaction };
}
