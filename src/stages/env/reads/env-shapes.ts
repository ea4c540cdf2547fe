import { isCall, staticString, type t } from '../../../syntax/parse.js';
import { type Member, type Call, type Parents, memberName, isParenthesized, isTransparentWrapper, unwrap } from './tree.js';

/** What an env read looks like: the calls, methods, options and operators the reader recognises, and its messages. */

export const STATEMENT_MAX = 160;
/** Calls that convert the value but keep "unset" meaning unset: the default sits outside them. */
export const CONVERSION_CALLS = new Set(['parseInt', 'parseFloat', 'Number', 'String', 'Boolean']);
export const VALUE_METHODS = new Set(['trim', 'toLowerCase', 'toUpperCase', 'toString']);
export const PROCESS_MODULES = new Set(['process', 'node:process']);

export const ARITHMETIC = new Set(['+', '-', '*', '/']);
/** The evaluator's name for the file being read (it loads no other). */
export const SELF = '<this file>';
/** Iteration methods whose callback's first parameter takes the list's elements. */
export const ITERATIONS = new Set(['filter', 'map', 'forEach', 'some', 'every', 'find', 'findLast', 'flatMap']);
/** Methods whose result holds only elements of the list. */
export const SUBSETS = new Set(['filter', 'slice']);
export const LOGICAL_ASSIGNMENTS = new Set(['??=', '||=', '&&=']);
/** t3-env options that hand it the environment its schema (read where the call is) validates. */
export const T3_RUNTIME_KEYS = new Set(['runtimeEnv', 'experimental__runtimeEnv', 'runtimeEnvStrict']);
/** Calls whose `env` option is the environment of another program (or of a worker, a file read on its own). */
export const CHILD_PROCESS_CALLS = new Set([
  'spawn',
  'spawnSync',
  'exec',
  'execSync',
  'execFile',
  'execFileSync',
  'fork',
  'execa',
  'execaSync',
  'execaNode',
  'execaCommand',
  'execaCommandSync',
  'Worker',
]);

/** `x.env`, `x['env']`: the only members that are env objects unless one is known by a dotted path. */
export function isEnvProperty(node: Member): boolean {
  return node.computed ? staticString(node.property) === 'env' : memberName(node) === 'env';
}

/** `require('process')`, `require('node:process')`. */
export function isProcessRequire(node: t.Node): boolean {
  if (!isCall(node) || node.callee.type !== 'Identifier' || node.callee.name !== 'require') return false;
  const specifier = node.arguments[0] === undefined ? undefined : staticString(node.arguments[0]);
  return specifier !== undefined && PROCESS_MODULES.has(specifier);
}

/**
 * The fixes an unfollowed env object's message offers: each keeps every variable visible. Excluding
 * the file is never offered: it hides what the file reads, and a removed variable would then pass as
 * a safe release.
 */
export const SAFE_FIXES_PASSED =
  'safe fixes: read the variables by name; or list the parameter that receives it in env.objects, so its property reads are read as variables; never exclude the file, which hides them';
export const SAFE_FIXES_HELD =
  'safe fixes: read the variables by name; or list the object that holds it in env.objects; never exclude the file, which hides them';

/** A key named like an environment variable (`APP_URL`), not a config path (`database.host`, `mail`). */
export const ENV_NAME = /^[A-Z][A-Z0-9_]*$/;

/** The last name of a dotted callee (`cp.spawn` → `spawn`, `Bun.spawn` → `spawn`). */
export function lastName(callee: string): string {
  return callee.slice(callee.lastIndexOf('.') + 1);
}

/** `a || b`, `a ?? b`: the operators whose right side is what an unset left side becomes. */
export function isFallback(node: t.Node): node is t.LogicalExpression {
  return node.type === 'LogicalExpression' && (node.operator === '||' || node.operator === '??');
}

export function isNumericExpression(node: t.Node): boolean {
  const inner = unwrap(node);
  if (inner.type === 'NumericLiteral') return true;
  if (inner.type === 'UnaryExpression') return isNegativeNumber(inner);
  return inner.type === 'BinaryExpression' && ARITHMETIC.has(inner.operator) && isNumericExpression(inner.left) && isNumericExpression(inner.right);
}

/** `-1` (not `-(1)`, which was never read as a literal). */
export function isNegativeNumber(node: t.UnaryExpression): boolean {
  return node.operator === '-' && node.argument.type === 'NumericLiteral' && !isParenthesized(node.argument);
}

export function isConversionCall(call: Call): boolean {
  return call.callee.type === 'Identifier' && CONVERSION_CALLS.has(call.callee.name);
}

/** `process.env.X = …` and `delete process.env.X` set the environment; they are not reads an operator configures. */
export function isWrite(node: t.Node, parents: Parents): boolean {
  let target = node;
  let parent = parents.get(target);
  while (parent && isTransparentWrapper(parent)) {
    target = parent;
    parent = parents.get(target);
  }
  if (!parent) return false;
  if (parent.type === 'UnaryExpression' && parent.operator === 'delete') return true;
  // `process.env.X ??= 'd'` (also `||=`, `&&=`) reads X first: a read with a default, not a write.
  return parent.type === 'AssignmentExpression' && parent.left === target && !LOGICAL_ASSIGNMENTS.has(parent.operator);
}

export function truncate(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
