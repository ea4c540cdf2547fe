import type { StaticEvaluator } from './constants.js';
import { excerpt } from './constants.js';
import { isCall, isFunctionNode, isMember, memberName, parentOf, textOf, type Node } from './source.js';

/**
 * kysely schema-builder chains compiled by kysely itself: `await db.schema.alterTable('spaces')
 * .addColumn('is_personal', 'boolean', (col) => col.notNull().defaultTo(false)).execute()` is
 * recorded as data (method names, constant arguments, column-builder callbacks, sql`…` without
 * `${…}`), replayed on a `Kysely` instance whose driver never connects (kysely's `DummyDriver`) with
 * its PostgreSQL adapter and query compiler, and `.compile()`d: the exact SQL kysely's Migrator would
 * send. The migration's own code never runs; only recorded names and values reach kysely. What
 * cannot be recorded stays unresolved, as before.
 */

type Arg =
  { kind: 'value'; value: unknown } | { kind: 'raw'; sql: string } | { kind: 'sql'; helper: SqlHelper; args: unknown[] } | { kind: 'callback'; steps: Step[] };

/** kysely's `sql.ref('col')`, `sql.raw('…')`, `sql.lit(…)`, `sql.table('t')`, `sql.id('x')` with constant arguments. */
const SQL_HELPERS = ['ref', 'raw', 'lit', 'table', 'id'] as const;
type SqlHelper = (typeof SQL_HELPERS)[number];
type Step = { kind: 'get'; name: string } | { kind: 'call'; args: Arg[] };

/** Methods replayed only when they are plain builder steps: nothing that runs, leaves the builder or reaches prototypes. */
const FORBIDDEN = new Set([
  'execute',
  'executeTakeFirst',
  'executeTakeFirstOrThrow',
  'stream',
  'then',
  'catch',
  'finally',
  'constructor',
  'prototype',
  '__proto__',
  'toOperationNode',
  'withPlugin',
  'connection',
  'transaction',
  'destroy',
]);
const NAME = /^[A-Za-z][A-Za-z0-9]*$/;

export type Recorded = { ok: true; steps: Step[]; end: Node } | { ok: false; reason: string };

function recordArg(node: Node, evaluator: StaticEvaluator): Arg | string {
  if (node.type === 'TaggedTemplateExpression' && textOf(node.tag) === 'sql') {
    if (node.quasi.expressions.length > 0) return `sql\`…\` with \${…} in a schema builder: \`${excerpt(node, 60)}\``;
    const quasi = node.quasi.quasis[0]!;
    return { kind: 'raw', sql: quasi.value.cooked ?? quasi.value.raw };
  }
  if (isCall(node) && isMember(node.callee) && textOf(node.callee.object) === 'sql') {
    const helper = memberName(node.callee) as SqlHelper | undefined;
    if (helper === undefined || !SQL_HELPERS.includes(helper)) return `\`${excerpt(node, 60)}\` in a schema builder`;
    const args: unknown[] = [];
    for (const argument of node.arguments as Node[]) {
      const value = evaluator.evaluate(argument);
      if (!value.ok) return `a builder argument is not a constant: ${value.reason}`;
      args.push(value.value);
    }
    return { kind: 'sql', helper, args };
  }
  if (isFunctionNode(node) && node.type === 'ArrowFunctionExpression') {
    const [param] = node.params;
    if (node.params.length !== 1 || param?.type !== 'Identifier') return `a builder callback with other than one named parameter: \`${excerpt(node, 60)}\``;
    let body: Node = node.body;
    if (body.type === 'BlockStatement') {
      const [only] = body.body;
      if (body.body.length !== 1 || only?.type !== 'ReturnStatement' || !only.argument) return `a builder callback with statements: \`${excerpt(node, 60)}\``;
      body = only.argument;
    }
    const steps: Step[] = [];
    const reason = recordSteps(body, param.name, evaluator, steps);
    return reason ?? { kind: 'callback', steps };
  }
  const value = evaluator.evaluate(node);
  if (!value.ok) return `a builder argument is not a constant: ${value.reason}`;
  return { kind: 'value', value: value.value };
}

/** The steps of a chain `root.a(…).b` (the expression `node`), rooted at the identifier `root`; a reason when it cannot be recorded. */
function recordSteps(node: Node, root: string, evaluator: StaticEvaluator, steps: Step[]): string | undefined {
  const reversed: Step[] = [];
  let current: Node = node;
  for (;;) {
    if (current.type === 'TSNonNullExpression' || current.type === 'TSAsExpression') {
      current = current.expression;
      continue;
    }
    if (isCall(current)) {
      const args: Arg[] = [];
      for (const argument of current.arguments as Node[]) {
        const arg = recordArg(argument, evaluator);
        if (typeof arg === 'string') return arg;
        args.push(arg);
      }
      reversed.push({ kind: 'call', args });
      current = current.callee;
      continue;
    }
    if (isMember(current)) {
      const name = memberName(current);
      if (name === undefined || !NAME.test(name) || FORBIDDEN.has(name)) return `builder step \`${excerpt(current, 60)}\` is not replayed`;
      reversed.push({ kind: 'get', name });
      current = current.object;
      continue;
    }
    if (current.type === 'Identifier' && current.name === root) break;
    return `a builder chain not rooted at \`${root}\`: \`${excerpt(node, 60)}\``;
  }
  steps.push(...reversed.reverse());
  return undefined;
}

/**
 * From a use of the handle (`db` in `db.schema.…`), the whole chain up to its `.execute()`; the
 * steps exclude `.execute()` itself. Not a schema chain ending in `execute()` → a reason.
 */
export function recordSchemaChain(occurrence: Node, evaluator: StaticEvaluator): Recorded {
  if (occurrence.type !== 'Identifier') return { ok: false, reason: 'not a handle' };
  // Climb to the outermost expression of the chain.
  let top: Node = occurrence;
  for (;;) {
    const parent = parentOf(top);
    if (!parent) break;
    if ((isMember(parent) && parent.object === top) || (isCall(parent) && parent.callee === top) || parent.type === 'TSNonNullExpression') {
      top = parent;
      continue;
    }
    break;
  }
  if (!isCall(top) || !isMember(top.callee) || memberName(top.callee) !== 'execute' || top.arguments.length > 0) {
    return { ok: false, reason: `the kysely schema builder is not run by \`.execute()\` where it is built: \`${excerpt(top, 80)}\`` };
  }
  const steps: Step[] = [];
  const reason = recordSteps(top.callee.object, occurrence.name, evaluator, steps);
  if (reason !== undefined) return { ok: false, reason };
  if (steps[0]?.kind !== 'get' || steps[0].name !== 'schema') return { ok: false, reason: 'not a `schema` builder chain' };
  return { ok: true, steps, end: top };
}

interface KyselyModule {
  Kysely: new (config: unknown) => { schema: unknown };
  sql: Record<SqlHelper, (...args: unknown[]) => unknown>;
  DummyDriver: new () => unknown;
  PostgresAdapter: new () => unknown;
  PostgresIntrospector: new (db: unknown) => unknown;
  PostgresQueryCompiler: new () => unknown;
}

let kysely: Promise<{ module: KyselyModule; db: { schema: unknown } }> | undefined;

/** kysely with its PostgreSQL dialect and a driver that never connects, loaded on first use. */
function loadKysely() {
  kysely ??= import('kysely').then((loaded) => {
    const module = loaded as unknown as KyselyModule;
    const db = new module.Kysely({
      dialect: {
        createAdapter: () => new module.PostgresAdapter(),
        createDriver: () => new module.DummyDriver(),
        createIntrospector: (instance: unknown) => new module.PostgresIntrospector(instance),
        createQueryCompiler: () => new module.PostgresQueryCompiler(),
      },
    });
    return { module, db };
  });
  return kysely;
}

function replay(start: unknown, steps: readonly Step[], module: KyselyModule): unknown {
  let target: unknown = start;
  let receiver: unknown;
  for (const step of steps) {
    if (step.kind === 'get') {
      if (target === null || (typeof target !== 'object' && typeof target !== 'function')) throw new Error(`no .${step.name} here`);
      receiver = target;
      target = (target as Record<string, unknown>)[step.name];
      continue;
    }
    if (typeof target !== 'function') throw new Error('not a function');
    const args = step.args.map((arg) =>
      arg.kind === 'value'
        ? structuredClone(arg.value)
        : arg.kind === 'raw'
          ? module.sql.raw(arg.sql)
          : arg.kind === 'sql'
            ? module.sql[arg.helper](...arg.args.map((value) => structuredClone(value)))
            : (builder: unknown) => replay(builder, arg.steps, module),
    );
    target = (target as (...a: unknown[]) => unknown).apply(receiver, args);
    receiver = undefined;
  }
  return target;
}

/** The SQL kysely compiles the recorded chain to (PostgreSQL). Throws when kysely refuses it or it needs bind parameters. */
export async function compileSchemaChain(steps: readonly Step[]): Promise<string> {
  const { module, db } = await loadKysely();
  const built = replay(db, steps, module) as { compile?: () => { sql: string; parameters: readonly unknown[] } };
  if (typeof built?.compile !== 'function') throw new Error('the chain does not end in a builder kysely can compile');
  const compiled = built.compile();
  if (compiled.parameters.length > 0) throw new Error('kysely sends it with bind parameters');
  return compiled.sql;
}
