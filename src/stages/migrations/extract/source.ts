import { lineOf as startLineOf, endLineOf as nodeEndLine, isCall, isMember, parseSource, walk, type t } from '../../../syntax/parse.js';

export { isCall, isMember };

/**
 * The parsed source files of one extraction (src/syntax/parse.ts, @babel/parser), with what the
 * readers of this folder need beside the tree: each node's parent (Babel nodes have none), the file
 * a node belongs to, its text and line as the readers report them, and the identifiers by name.
 */

export type Node = t.Node;

export interface SourceFile {
  /** Repository path of the file (messages, and the dialect it is parsed in). */
  readonly path: string;
  readonly text: string;
  readonly ast: t.File;
  /** The top-level statements, as written (`export …` statements included). */
  readonly statements: readonly t.Statement[];
}

export type ParsedFile = { ok: true; file: SourceFile } | { ok: false; line: number; reason: string };

const parents = new WeakMap<Node, Node>();
const sources = new WeakMap<Node, SourceFile>();
const identifiersByFile = new WeakMap<SourceFile, Map<string, t.Identifier[]>>();

/** Parses one file and records the parent of every node; never throws (a syntax error is returned). */
export function parseFile(path: string, text: string): ParsedFile {
  const parsed = parseSource(path, text);
  if (!parsed.ok) return { ok: false, line: parsed.line, reason: parsed.reason };
  const file: SourceFile = { path, text, ast: parsed.ast, statements: parsed.ast.program.body };
  const identifiers = new Map<string, t.Identifier[]>();
  walk(parsed.ast, (node, parent) => {
    if (parent) parents.set(node, parent);
    if (node.type === 'Identifier') {
      const list = identifiers.get(node.name);
      if (list) list.push(node);
      else identifiers.set(node.name, [node]);
    }
  });
  sources.set(parsed.ast, file);
  identifiersByFile.set(file, identifiers);
  return { ok: true, file };
}

export function parentOf(node: Node): Node | undefined {
  return parents.get(node);
}

/** The file a node was parsed from. */
export function fileOf(node: Node): SourceFile {
  let current: Node = node;
  for (let parent = parents.get(current); parent; parent = parents.get(current)) current = parent;
  const file = sources.get(current);
  if (!file) throw new Error('node of a file not parsed by extract/source.ts');
  return file;
}

/** Every identifier named `name` in the file, in source order. */
export function identifiersNamed(file: SourceFile, name: string): readonly t.Identifier[] {
  return identifiersByFile.get(file)?.get(name) ?? [];
}

/** Whether `inner` is `outer` or lies inside it. */
export function isWithin(inner: Node, outer: Node): boolean {
  return inner.start != null && outer.start != null && inner.end != null && outer.end != null && inner.start >= outer.start && inner.end <= outer.end;
}

/**
 * Where a node starts as the readers report it: a declaration written `export …` starts at
 * `export` (the keyword is part of the declaration, as the migration's author sees it), a whole file
 * at its first statement.
 */
function displayStart(node: Node): Node {
  if (node.type === 'File' || node.type === 'Program') {
    const program = node.type === 'File' ? node.program : node;
    return program.directives[0] ?? program.body[0] ?? node;
  }
  const parent = parents.get(node);
  if (parent && (parent.type === 'ExportNamedDeclaration' || parent.type === 'ExportDefaultDeclaration') && parent.declaration === node) return parent;
  return node;
}

/** The node's source text, as written. */
export function textOf(node: Node): string {
  const start = displayStart(node).start;
  if (start == null || node.end == null) return '';
  return fileOf(node).text.slice(start, node.end);
}

/** 1-based line where the node starts. */
export function lineOf(node: Node): number {
  return startLineOf(displayStart(node));
}

/** 1-based line where the node ends. */
export function endLineOf(node: Node): number {
  return nodeEndLine(node);
}

/** A top-level (or block) statement without its `export`/`export default`: the declaration, and whether it is exported. */
export function unexported(statement: Node): { node: Node; exported: boolean } {
  if (statement.type === 'ExportNamedDeclaration' && statement.declaration) return { node: statement.declaration, exported: true };
  if (statement.type === 'ExportDefaultDeclaration') {
    const declaration = statement.declaration;
    if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration' || declaration.type === 'TSDeclareFunction')
      return { node: declaration, exported: true };
  }
  return { node: statement, exported: false };
}

/** The name of a function declaration (with a body, an overload signature or `declare`d). */
export function functionDeclarationName(node: Node): string | undefined {
  return node.type === 'FunctionDeclaration' || node.type === 'TSDeclareFunction' ? (node.id?.name ?? undefined) : undefined;
}

/** The name of an import or export specifier's side (`a`, or `'a'` as a string). */
export function moduleExportName(node: t.Identifier | t.StringLiteral): string {
  return node.type === 'Identifier' ? node.name : node.value;
}

/** The name of `a.name` (not computed); undefined for `a[b]`. */
export function memberName(node: Node): string | undefined {
  if (!isMember(node) || node.computed) return undefined;
  if (node.property.type === 'Identifier') return node.property.name;
  if (node.property.type === 'PrivateName') return `#${node.property.id.name}`;
  return undefined;
}

/** Functions with parameters and a body: arrows, function expressions and declarations, methods (not accessors or constructors). */
export type FunctionNode = t.ArrowFunctionExpression | t.FunctionExpression | t.FunctionDeclaration | t.ObjectMethod | t.ClassMethod | t.ClassPrivateMethod;

export function isFunctionNode(node: Node | null | undefined): node is FunctionNode {
  if (!node) return false;
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration') return true;
  return (node.type === 'ObjectMethod' || node.type === 'ClassMethod' || node.type === 'ClassPrivateMethod') && node.kind === 'method';
}

/** The identifier a parameter binds when it is a plain name (`a`, `a = 1`, `...a`, `private a`); undefined for a pattern. */
export { parameterIdentifier } from '../../../syntax/ast.js';

/**
 * Names a binding pattern may bind, counted generously: property names, bound names and plain
 * default values of its elements (a lookup that meets any of them stops there: fail closed).
 */
export function patternNames(pattern: Node): string[] {
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name];
    case 'ObjectPattern':
      return pattern.properties.flatMap((property) => {
        if (property.type === 'RestElement') return patternNames(property.argument);
        const key = !property.computed && property.key.type === 'Identifier' ? [property.key.name] : [];
        return [...key, ...patternNames(property.value)];
      });
    case 'ArrayPattern':
      return pattern.elements.flatMap((element) => (element ? patternNames(element) : []));
    case 'AssignmentPattern':
      return [...patternNames(pattern.left), ...(pattern.right.type === 'Identifier' ? [pattern.right.name] : [])];
    case 'RestElement':
      return patternNames(pattern.argument);
    case 'TSParameterProperty':
      return patternNames(pattern.parameter);
    default:
      return [];
  }
}

/** Names a parameter binds (its default value excluded). */
export function parameterNamesOf(parameter: Node): string[] {
  let current: Node = parameter;
  if (current.type === 'TSParameterProperty') current = current.parameter;
  if (current.type === 'AssignmentPattern') current = current.left;
  return patternNames(current);
}

/** `x` in `a.x` or `{ x: … }`: a property name, not a reference to a binding named `x`. */
export function isPropertyName(identifier: Node): boolean {
  const parent = parentOf(identifier);
  if (isMember(parent) && !parent.computed && parent.property === identifier) return true;
  return parent?.type === 'ObjectProperty' && !parent.computed && parent.key === identifier;
}
