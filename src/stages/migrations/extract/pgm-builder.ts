import { recordLiteral } from './builder-args.js';
import type { StaticEvaluator } from './constants.js';
import { excerpt } from './constants.js';
import { isCall, isMember, memberName, type Node } from './source.js';
import { PGM_BUILDER_METHODS } from './builder-methods.js';

/**
 * node-pg-migrate `pgm.<builder>(…)` calls compiled by node-pg-migrate itself: the call is recorded as
 * data (constant arguments, `pgm.func('…')` literals), replayed in a `Migration` of node-pg-migrate 7
 * whose database only records what it is sent (no connection), and the SQL between its `BEGIN;` and
 * its bookkeeping `INSERT` is what the migration runs. The migration's code never runs.
 */

export type PgmArg =
  { kind: 'value'; value: unknown } | { kind: 'func'; sql: string } | { kind: 'object'; entries: Array<[string, PgmArg]> } | { kind: 'array'; items: PgmArg[] };

/** Records one argument of a builder call; a string is why it cannot be. `handle` is `pgm`'s name. */
export function recordPgmArg(node: Node, evaluator: StaticEvaluator, handle: string): PgmArg | string {
  const literal = recordLiteral(node, (member) => recordPgmArg(member, evaluator, handle), 'node-pg-migrate');
  if (literal !== undefined) return literal;
  if (
    isCall(node) &&
    isMember(node.callee) &&
    node.callee.object.type === 'Identifier' &&
    node.callee.object.name === handle &&
    memberName(node.callee) === 'func'
  ) {
    const [first] = node.arguments as Node[];
    const value = first && node.arguments.length === 1 ? evaluator.evaluate(first) : undefined;
    return value?.ok && typeof value.value === 'string' ? { kind: 'func', sql: value.value } : `\`${excerpt(node, 60)}\`: the SQL is not a constant`;
  }
  const value = evaluator.evaluate(node);
  if (!value.ok) return `a node-pg-migrate builder argument is not a constant: ${value.reason}`;
  return { kind: 'value', value: value.value };
}

interface PgmModule {
  Migration: new (
    db: unknown,
    path: string,
    actions: { up: (pgm: Record<string, (...args: unknown[]) => unknown>) => void },
    options: Record<string, unknown>,
    shorthands: Record<string, unknown>,
    logger: unknown,
  ) => { apply(direction: 'up'): Promise<unknown> };
  PgLiteral: { create(sql: string): unknown };
}

let loaded: Promise<PgmModule> | undefined;

function replay(arg: PgmArg, module: PgmModule): unknown {
  switch (arg.kind) {
    case 'value':
      return arg.value;
    case 'func':
      return module.PgLiteral.create(arg.sql);
    case 'array':
      return arg.items.map((item) => replay(item, module));
    case 'object':
      return Object.fromEntries(arg.entries.map(([key, value]) => [key, replay(value, module)]));
  }
}

const SILENT = { info() {}, warn() {}, error() {} };
const BOOKKEEPING = /^(BEGIN|COMMIT);$|^INSERT INTO "public"\."pgmigrations" /;

/** The SQL node-pg-migrate sends for `pgm.<method>(…args)` (its transaction and bookkeeping left out). */
export async function compilePgmCall(method: string, args: readonly PgmArg[]): Promise<string[]> {
  if (!PGM_BUILDER_METHODS.has(method)) throw new Error(`pgm.${method} is not replayed`);
  loaded ??= import('node-pg-migrate') as unknown as Promise<PgmModule>;
  const module = await loaded;
  const sent: string[] = [];
  const db = { query: (sql: string) => (sent.push(sql), Promise.resolve({ rows: [] })), select: () => Promise.resolve([]) };
  const replayed = args.map((arg) => replay(arg, module));
  const migration = new module.Migration(
    db,
    '/migrations/0_replay.js',
    { up: (pgm) => void pgm[method]!(...replayed) },
    { migrationsTable: 'pgmigrations', schema: 'public' },
    {},
    SILENT,
  );
  await migration.apply('up');
  return sent.filter((sql) => !BOOKKEEPING.test(sql));
}
