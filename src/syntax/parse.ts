/**
 * The one way into the JavaScript/TypeScript parser (@babel/parser): every stage that reads source
 * code (migrations, env reads, routes, MCP tools) parses through here and walks the result with the
 * helpers below. Syntax only: nothing is type-checked, imported or executed.
 *
 * Why Babel's parser and not the TypeScript compiler (issue 21): every reader here is syntactic, and
 * loading the compiler (13 MB of JavaScript through ts-morph) cost ≈ 150–300 ms of CPU per process,
 * against ≈ 11 ms for this parser (≈ 530 KB), with parses of a migration in ≈ 1 ms once warm.
 * (ts-morph is no longer a dependency: every reader moved here.)
 *
 * Read through `require` (TypeScript compiles `import = require()` to `createRequire`): Node then
 * skips its scan of the parser's CommonJS exports. Compiled with the tool's V8 code cache
 * (src/core/code-cache.ts) before that `require` finds it loaded. Only modules of the stages that
 * read source import this file, and those are loaded lazily, so a command that reads no source never
 * loads the parser.
 */
import { createRequire } from 'node:module';
import { preloadResolvedWithCodeCache } from '../core/code-cache.js';
import type * as BabelParser from '@babel/parser';
import type { ParserOptions, ParserPlugin } from '@babel/parser';

let loadedParser: typeof BabelParser | undefined;

/**
 * The parser, loaded at the first parse (issue 36): the stages' modules import this file whether or
 * not a run parses anything (the migration rules reach it through the old-code readers), and loading
 * the parser was ≈ 15–30 ms of a `generate` that reads no source (a warm spec-only pair). A plain
 * `require` call, so that a bundle that holds the parser (the Action) finds it statically and one that
 * leaves it outside (the CLI) loads it from node_modules; `createRequire` where no `require` exists
 * (the sources run as ES modules, under the tests).
 */
function babelParser(): typeof BabelParser {
  if (loadedParser === undefined) {
    preloadResolvedWithCodeCache(import.meta.url, '@babel/parser');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    if (typeof require === 'function') loadedParser = require('@babel/parser') as typeof BabelParser;
    else loadedParser = createRequire(import.meta.url)('@babel/parser') as typeof BabelParser;
  }
  return loadedParser;
}
import type * as t from '@babel/types';

export type { t };

/** A parsed file, or the parser's first complaint (the caller fails closed with it). */
export type ParsedSource = { ok: true; ast: t.File; text: string } | { ok: false; line: number; message: string; reason: string };

/** The source extensions this parser reads, as the readers select files. */
export const SOURCE_EXTENSION = /\.(?:[cm]?[jt]s|[jt]sx)$/i;

/**
 * What TypeScript's parser accepts beyond the standard grammar, for every dialect: `accessor` fields
 * (TypeScript 4.9) and `import … assert { type: 'json' }` (TypeScript before 5.3, Node 17–21), both
 * common in real services; `using` declarations; `import defer * as ns` (TypeScript 5.9).
 */
const COMMON_PLUGINS: ParserPlugin[] = ['decoratorAutoAccessors', 'deprecatedImportAssert', 'explicitResourceManagement', 'deferredImportEvaluation'];

/**
 * The dialect of a file. Decorators are legacy ones (TypeScript's `experimentalDecorators`):
 * NestJS-style classes with parameter decorators are the common case; {@link STANDARD_DECORATORS}
 * is the second try.
 */
function pluginsFor(path: string, decorators: ParserPlugin): ParserPlugin[] {
  if (/\.tsx$/i.test(path)) return ['typescript', 'jsx', decorators, ...COMMON_PLUGINS];
  // Declaration files (`.d.ts`, which a `**/*.ts` glob selects) are ambient: `export const x: T;` has no initializer.
  if (/\.d\.[cm]?ts$/i.test(path)) return [['typescript', { dts: true }], decorators, ...COMMON_PLUGINS];
  if (/\.[cm]?ts$/i.test(path)) return ['typescript', decorators, ...COMMON_PLUGINS];
  // Plain JavaScript may hold JSX, as TypeScript's `allowJs` accepts.
  return ['jsx', decorators, ...COMMON_PLUGINS];
}

/**
 * TypeScript 5's standard decorators, which may also stand after `export` (`export @dec class A {}`),
 * where legacy ones may not; they take no parameter decorators, so they are tried only when the
 * legacy dialect refuses a file that has decorators at all.
 */
const STANDARD_DECORATORS: ParserPlugin = ['decorators', {}];

function optionsFor(path: string, decorators: ParserPlugin): ParserOptions {
  return {
    // `.mjs`/`.mts` are modules; anything else is a module when it imports or exports, else a script
    // (CommonJS: a top-level `return` is allowed there, as Node allows it).
    sourceType: /\.m[jt]s$/i.test(path) ? 'module' : 'unambiguous',
    allowReturnOutsideFunction: true,
    allowAwaitOutsideFunction: true,
    // `export { x }` of a name declared elsewhere (`declare`, a namespace merge) is TypeScript's business.
    allowUndeclaredExports: true,
    errorRecovery: false,
    plugins: pluginsFor(path, decorators),
  };
}

/** Parses one file; `path` picks the dialect (TypeScript, TSX, JavaScript with JSX). Never throws. */
export function parseSource(path: string, text: string): ParsedSource {
  try {
    return { ok: true, ast: babelParser().parse(text, optionsFor(path, 'decorators-legacy')) as unknown as t.File, text };
  } catch (error) {
    if (text.includes('@')) {
      try {
        return { ok: true, ast: babelParser().parse(text, optionsFor(path, STANDARD_DECORATORS)) as unknown as t.File, text };
      } catch {
        // The first complaint is the one reported.
      }
    }
    const { loc, reasonCode } = error as { loc?: { line?: number }; reasonCode?: string };
    const line = typeof loc?.line === 'number' ? loc.line : 1;
    // Babel appends "(line:column)" to its message; the reason names the place once.
    const message = (error instanceof Error ? error.message : String(error)).replace(/\s*\(\d+:\d+\)$/, '') || (reasonCode ?? 'syntax error');
    return { ok: false, line, message, reason: `${path}:${line} does not parse: ${message}` };
  }
}

/** 1-based line where the node starts (comments before it excluded). */
export function lineOf(node: t.Node): number {
  return node.loc?.start.line ?? 1;
}

/** 1-based line where the node ends. */
export function endLineOf(node: t.Node): number {
  return node.loc?.end.line ?? lineOf(node);
}

/** The node's source text, exactly as written. */
export function sourceOf(node: t.Node, text: string): string {
  return node.start == null || node.end == null ? '' : text.slice(node.start, node.end);
}

/** The node's source text on one line, cut to `max - 3` characters and an ellipsis for a reason text (as the readers always did). */
export function shortSourceOf(node: t.Node, text: string, max = 80): string {
  const one = sourceOf(node, text).replace(/\s+/g, ' ');
  return one.length > max ? `${one.slice(0, max - 3)}…` : one;
}

/** Keys of a Babel node that hold positions, comments or parser notes, never child nodes. */
const NOT_CHILDREN = new Set([
  'type',
  'start',
  'end',
  'loc',
  'range',
  'extra',
  'leadingComments',
  'trailingComments',
  'innerComments',
  'comments',
  'tokens',
  'errors',
]);

function isNode(value: unknown): value is t.Node {
  return value !== null && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string';
}

/** Calls `visit` on each direct child node, in source order of the node's fields. */
export function forEachChild(node: t.Node, visit: (child: t.Node) => void): void {
  // `Object.keys` rather than `for … in`: about three times faster over Babel's nodes (a walk is most of a reader's time).
  const keys = Object.keys(node);
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    if (NOT_CHILDREN.has(key)) continue;
    const value = (node as unknown as Record<string, unknown>)[key];
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) if (isNode(value[i])) visit(value[i] as t.Node);
    } else if (isNode(value)) visit(value);
  }
}

/**
 * Depth-first, pre-order walk of `root` and everything below it. `visit` returning `false` skips
 * that node's children. `parent` is the node the walk came from (undefined for the root).
 */
export function walk(root: t.Node, visit: (node: t.Node, parent: t.Node | undefined) => boolean | void): void {
  // One flat stack of (node, parent) pairs; each node's children are pushed, then reversed in place so they pop in source order.
  const stack: Array<t.Node | undefined> = [root, undefined];
  while (stack.length > 0) {
    const parent = stack.pop();
    const node = stack.pop()!;
    if (visit(node, parent) === false) continue;
    const mark = stack.length;
    forEachChild(node, (child) => {
      stack.push(child, node);
    });
    for (let low = mark, high = stack.length - 2; low < high; low += 2, high -= 2) {
      const [child, childParent] = [stack[low], stack[low + 1]];
      stack[low] = stack[high];
      stack[low + 1] = stack[high + 1];
      stack[high] = child;
      stack[high + 1] = childParent;
    }
  }
}

/** `f(…)` and `f?.(…)`. */
export function isCall(node: t.Node | null | undefined): node is t.CallExpression | t.OptionalCallExpression {
  return node?.type === 'CallExpression' || node?.type === 'OptionalCallExpression';
}

/** `a.b`, `a[b]`, `a?.b`, `a?.[b]`. */
export function isMember(node: t.Node | null | undefined): node is t.MemberExpression | t.OptionalMemberExpression {
  return node?.type === 'MemberExpression' || node?.type === 'OptionalMemberExpression';
}

/**
 * The expression without what only the type checker or the reader sees: `x as T`, `x satisfies T`,
 * `<T>x`, `x!`, and parentheses (which this parser records as a flag, or as a node when asked).
 */
export function unwrapExpression(node: t.Node): t.Node {
  let current = node;
  for (;;) {
    switch (current.type) {
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSTypeAssertion':
      case 'TSNonNullExpression':
      case 'ParenthesizedExpression':
        current = current.expression;
        continue;
      default:
        return current;
    }
  }
}

/** The value of a string literal or of a template literal without substitutions; else undefined. */
export function staticString(node: t.Node | null | undefined): string | undefined {
  if (!node) return undefined;
  const inner = unwrapExpression(node);
  if (inner.type === 'StringLiteral') return inner.value;
  if (inner.type === 'TemplateLiteral' && inner.expressions.length === 0) return inner.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/**
 * The name of an object member or class member key as written (`a`, `'a'`, `1`, `` [`a`] ``);
 * undefined for a computed key that is not a literal (`[name]`) or a private name.
 */
export function propertyKeyName(key: t.Node, computed: boolean): string | undefined {
  if (!computed && key.type === 'Identifier') return key.name;
  if (key.type === 'StringLiteral') return key.value;
  if (key.type === 'NumericLiteral') return String(key.value);
  if (computed) return staticString(key);
  return undefined;
}

/** The key of an object or class member when it is written as a name, string or number (`a`, `'a'`, `1`); undefined when computed (`[x]`) or private. */
export function literalKeyName(member: { key: t.Node; computed?: boolean | null }): string | undefined {
  return member.computed ? undefined : propertyKeyName(member.key, false);
}
