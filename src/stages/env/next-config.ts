import { endLineOf, isCall, lineOf, literalKeyName, parseSource, unwrapExpression, walk, type t } from '../../syntax/parse.js';
import { extractEnvReads, type EnvRead } from './extract-reads.js';
import type { NextEnvMapping } from './next-config-paths.js';

// What surface.ts needs without parsing lives in next-config-paths.ts: this module, which loads the
// source parser, is imported only when a next.config file is read (issue 36).
export { applyNextMapping, NEXT_CONFIG, nextConfigOf, type NextEnvMapping } from './next-config-paths.js';

/**
 * Next.js `env:` entries in `next.config.{js,mjs,cjs,ts,mts}` are build-time mappings: the compiler
 * replaces `process.env.KEY` in the app's code with the entry's value, so the variable an operator
 * sets is what the entry maps from (`cloudMode: process.env.CLOUD_MODE` → `CLOUD_MODE`), and a
 * literal or a `package.json` field maps from nothing.
 */

/** The `env:` mappings of one next.config file; an empty map when it has none or does not parse (reads then stay as written). */
export function nextEnvMapping(text: string, path: string): NextEnvMapping {
  const mapping = new Map<string, EnvRead[]>();
  const parsed = parseSource(path, text);
  const extraction = extractEnvReads(text, path, []);
  if (!parsed.ok || !extraction.ok) return mapping;
  const constants = new Map<string, t.Node>();
  const jsonBindings = new Set<string>();
  for (const statement of parsed.ast.program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'ImportDeclaration' && declaration.source.value.endsWith('.json')) {
      for (const binding of declaration.specifiers) jsonBindings.add(binding.local.name);
    }
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations) {
      if (declarator.id.type !== 'Identifier' || !declarator.init) continue;
      const init = unwrapExpression(declarator.init);
      if (
        isCall(init) &&
        init.callee.type === 'Identifier' &&
        init.callee.name === 'require' &&
        init.arguments[0]?.type === 'StringLiteral' &&
        init.arguments[0].value.endsWith('.json')
      )
        jsonBindings.add(declarator.id.name);
      else constants.set(declarator.id.name, declarator.init);
    }
  }
  const seen = new Set<string>();
  walk(parsed.ast, (node) => {
    if (node.type !== 'ObjectProperty' || literalKeyName(node) !== 'env' || node.value.type !== 'ObjectExpression') return;
    for (const entry of node.value.properties) {
      if (entry.type !== 'ObjectProperty') continue;
      const key = literalKeyName(entry);
      if (key === undefined) continue;
      // The same key in two env objects: which one applies cannot be told, the reads stay as written.
      if (seen.has(key)) {
        mapping.delete(key);
        continue;
      }
      seen.add(key);
      const from = mappedFrom(
        entry.value,
        constants,
        jsonBindings,
        extraction.reads,
        extraction.unresolved.map((entry) => entry.line),
      );
      if (from) mapping.set(key, from);
    }
  });
  return mapping;
}

/**
 * The reads an entry's value takes (through same-file constants); empty when the value is built
 * from literals and JSON imports only; undefined when something else feeds it (a call, an import).
 */
function mappedFrom(
  value: t.Node,
  constants: ReadonlyMap<string, t.Node>,
  jsonBindings: ReadonlySet<string>,
  reads: readonly EnvRead[],
  unresolvedLines: readonly number[],
): EnvRead[] | undefined {
  const ranges: Array<[number, number]> = [];
  let readable = true;
  const visit = (root: t.Node, depth: number) => {
    ranges.push([lineOf(root), endLineOf(root)]);
    walk(root, (node, parent) => {
      if (!readable) return false;
      if (node.type === 'Identifier') {
        if (parent && isMember(parent) && parent.property === node && !parent.computed) return;
        if (parent?.type === 'ObjectProperty' && parent.key === node && !parent.computed && !parent.shorthand) return;
        if (node.name === 'process' || node.name === 'undefined' || jsonBindings.has(node.name)) return;
        const constant = constants.get(node.name);
        if (constant && depth < 4) visit(constant, depth + 1);
        else readable = false;
        return;
      }
      if (isCall(node) || node.type === 'NewExpression' || node.type === 'AwaitExpression' || isFunction(node)) readable = false;
    });
  };
  visit(value, 0);
  if (!readable) return undefined;
  const within = (line: number) => ranges.some(([start, end]) => line >= start && line <= end);
  if (unresolvedLines.some(within)) return undefined;
  return reads.filter((read) => within(read.line));
}

function isMember(node: t.Node): node is t.MemberExpression | t.OptionalMemberExpression {
  return node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression';
}

function isFunction(node: t.Node): boolean {
  return node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';
}
