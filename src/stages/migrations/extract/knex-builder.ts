import type { Knex } from 'knex';
import { UNRESOLVED_PLACEHOLDER } from '../types.js';
import type { StaticValue } from './constants.js';

/**
 * knex calls recorded as data (method names + literal arguments), and their replay on
 * `knex({ client: 'pg' })` with no connection: `.toSQL()` gives the exact statements knex would
 * send, `.alter()` traps included. The migration's own code is never executed; only the
 * recorded names and values reach knex.
 */

export type Step = { kind: 'get'; name: string } | { kind: 'call'; args: Arg[] };

/** `root.step.step(...)…` where root is the knex parameter, a callback parameter or `this`. */
export interface Chain {
  root: string;
  steps: Step[];
}

export type Arg =
  | { kind: 'value'; value: StaticValue }
  | { kind: 'chain'; chain: Chain }
  | { kind: 'callback'; params: string[]; body: Chain[] }
  | { kind: 'array'; items: Arg[] }
  | { kind: 'object'; entries: Array<[string, Arg]> }
  | { kind: 'unresolved'; reason: string; evidence: string };

/** The root name the knex instance is bound to during replay (every knex alias is renamed to it). */
export const KNEX_ROOT = 'knex';

/** Methods that would run, stream or leave the builder; never replayed. */
const FORBIDDEN = new Set([
  'then',
  'catch',
  'finally',
  'asCallback',
  'stream',
  'pipe',
  'connection',
  'destroy',
  'initialize',
  'migrate',
  'seed',
  'transaction',
  'constructor',
  'prototype',
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  'on',
  'once',
  'emit',
  'client',
  'toString',
  'valueOf',
  'call',
  'apply',
  'bind',
  '__lookupGetter__',
  '__lookupSetter__',
]);

/** Steps that only choose where the query runs; dropped before replay. */
const IGNORED_CALLS = new Set(['transacting', 'debug', 'timeout', 'queryContext', 'options']);

let knexInstance: Promise<Knex> | undefined;

/** The shared `knex({ client: 'pg' })`, loaded on first use (knex is heavy; the CLI must start fast). */
export function loadKnex(): Promise<Knex> {
  knexInstance ??= import('./knex-module.js').then((module) => {
    const factory = module.default as unknown as (config: Knex.Config) => Knex;
    // knex logs deprecations (e.g. createTableIfNotExists) on stdout; that would corrupt `--json` output.
    const silent = () => undefined;
    return factory({ client: 'pg', log: { warn: silent, error: silent, deprecate: silent, debug: silent } });
  });
  return knexInstance;
}

/** First unresolved argument anywhere in the chain, or undefined. */
export function firstUnresolved(args: readonly Arg[]): { reason: string; evidence: string } | undefined {
  for (const arg of args) {
    const found = unresolvedIn(arg);
    if (found) return found;
  }
  return undefined;
}

function unresolvedIn(arg: Arg): { reason: string; evidence: string } | undefined {
  switch (arg.kind) {
    case 'unresolved':
      return arg;
    case 'value':
      return undefined;
    case 'chain':
      return firstUnresolved(stepArgs(arg.chain));
    case 'callback':
      return firstUnresolved(arg.body.flatMap(stepArgs));
    case 'array':
      return firstUnresolved(arg.items);
    case 'object':
      return firstUnresolved(arg.entries.map(([, value]) => value));
  }
}

export function stepArgs(chain: Chain): Arg[] {
  return chain.steps.flatMap((step) => (step.kind === 'call' ? step.args : []));
}

type Scope = ReadonlyMap<string, unknown>;

function cloneValue(value: StaticValue): unknown {
  return value !== null && typeof value === 'object' ? structuredClone(value) : value;
}

function materialize(arg: Arg, scope: Scope, placeholders: boolean): unknown {
  switch (arg.kind) {
    case 'value':
      return cloneValue(arg.value);
    case 'unresolved':
      if (!placeholders) throw new Error(arg.reason);
      return UNRESOLVED_PLACEHOLDER;
    case 'chain':
      return replay(arg.chain, scope, placeholders);
    case 'array':
      return arg.items.map((item) => materialize(item, scope, placeholders));
    case 'object':
      return Object.fromEntries(arg.entries.map(([key, value]) => [key, materialize(value, scope, placeholders)]));
    case 'callback':
      return function recordedCallback(this: unknown, ...values: unknown[]) {
        const inner = new Map(scope);
        arg.params.forEach((name, i) => inner.set(name, values[i]));
        inner.set('this', this ?? values[0]);
        for (const chain of arg.body) replay(chain, inner, placeholders);
      };
  }
}

/** Runs the recorded chain against the objects in scope; throws when knex rejects it. */
export function replay(chain: Chain, scope: Scope, placeholders: boolean): unknown {
  if (!scope.has(chain.root)) throw new Error(`\`${chain.root}\` is not a knex builder`);
  let current: unknown = scope.get(chain.root);
  let receiver: unknown;
  for (let i = 0; i < chain.steps.length; i++) {
    const step = chain.steps[i]!;
    if (step.kind === 'get') {
      if (FORBIDDEN.has(step.name)) throw new Error(`.${step.name}() is not replayed`);
      const next = chain.steps[i + 1];
      if (IGNORED_CALLS.has(step.name) && next?.kind === 'call') {
        i++;
        continue;
      }
      if (current === null || current === undefined) throw new Error(`.${step.name} on nothing`);
      receiver = current;
      current = (current as Record<string, unknown>)[step.name];
    } else {
      if (typeof current !== 'function') throw new Error('call of something that is not a knex method');
      const args = step.args.map((arg) => materialize(arg, scope, placeholders));
      current = (current as (...values: unknown[]) => unknown).apply(receiver, args);
      receiver = undefined;
    }
  }
  return current;
}

interface SqlAndBindings {
  sql: string;
  bindings?: readonly unknown[];
}

/** The SQL text knex would send, with bindings inlined the way knex inlines them (`??` identifier, `?` value). */
export function sqlOf(knex: Knex, built: unknown): string[] {
  const builder = built as { toSQL?: () => SqlAndBindings | SqlAndBindings[]; toQuery?: () => string };
  if (typeof builder?.toSQL !== 'function') throw new Error('the chain does not build a statement');
  const compiled = builder.toSQL();
  if (Array.isArray(compiled)) {
    return compiled.map(({ sql, bindings }) => (bindings && bindings.length > 0 ? knex.raw(sql, bindings as Knex.RawBinding[]).toQuery() : sql));
  }
  if (typeof builder.toQuery === 'function') return [builder.toQuery()];
  return [compiled.sql];
}
