import { propertyAccess } from '../../../syntax/ast.js';
import { isCall, isMember, literalKeyName, unwrapExpression, walk, type t } from '../../../syntax/parse.js';

/** Syntax-tree shapes the env reader asks about: parent links, names of members and functions, references and value uses. */

export type Member = t.MemberExpression | t.OptionalMemberExpression;
export type Call = t.CallExpression | t.OptionalCallExpression;
export type FunctionLike = t.FunctionDeclaration | t.FunctionExpression | t.ArrowFunctionExpression | t.ClassMethod | t.ClassPrivateMethod | t.ObjectMethod;
export type Parents = ReadonlyMap<t.Node, t.Node>;

/**
 * An identifier that refers to a value here: not a declaration's or a parameter's own name, not a
 * key, not a member's name, not part of an import or export, not a type.
 */
export function isReferenceIdentifier(node: t.Identifier, parents: Parents): boolean {
  const parent = parents.get(node);
  if (!parent) return true;
  switch (parent.type) {
    case 'VariableDeclarator':
      return parent.id !== node;
    case 'AssignmentPattern':
      return parent.left !== node;
    case 'ObjectProperty':
      // A key as written (not computed, not the value of a shorthand `{ env }`); a pattern's value is a binding.
      if (parents.get(parent)?.type === 'ObjectPattern') return parent.key === node && parent.computed;
      return parent.value === node || parent.computed;
    case 'MemberExpression':
    case 'OptionalMemberExpression':
      return parent.object === node || parent.computed;
    case 'ObjectMethod':
    case 'ClassMethod':
    case 'ClassPrivateMethod':
    case 'ClassProperty':
    case 'ClassAccessorProperty':
    case 'TSDeclareMethod':
      return parent.key !== node || !!parent.computed;
    case 'ClassDeclaration':
    case 'ClassExpression':
      return parent.superClass === node;
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      // A function's name and parameters are bindings; an arrow's expression body is a use.
      return parent.type === 'ArrowFunctionExpression' && parent.body === node;
    case 'RestElement':
    case 'ArrayPattern':
    case 'CatchClause':
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
      return false;
    default:
      if (isTransparentWrapper(parent)) return true;
      return !IMPORT_PARTS.has(parent.type) && !parent.type.startsWith('Export') && !parent.type.startsWith('TS');
  }
}
/** A parsed tree's parent links and its nodes in walk order (pre-order, source order). */
export interface TreeIndex {
  parents: Parents;
  order: readonly t.Node[];
}

export const TREES = new WeakMap<t.File, TreeIndex>();

/**
 * One walk per tree: the facts collector and the reads collector of a file (and each pass of
 * either) iterate the same pre-order list instead of walking Babel's nodes again.
 */
export function indexTree(ast: t.File): TreeIndex {
  let index = TREES.get(ast);
  if (!index) {
    const parents = new Map<t.Node, t.Node>();
    const order: t.Node[] = [];
    walk(ast, (node, parent) => {
      order.push(node);
      if (parent) parents.set(node, parent);
    });
    index = { parents, order };
    TREES.set(ast, index);
  }
  return index;
}

/** What holds an identifier inside an import declaration. */
export const IMPORT_PARTS = new Set(['ImportSpecifier', 'ImportDefaultSpecifier', 'ImportNamespaceSpecifier', 'ImportAttribute', 'ImportDeclaration']);

/** The name of `a.b` / `a?.b` (`#b` for a private name; the toolkit's propertyAccess); '' for a computed member. */
export function memberName(node: Member): string {
  return propertyAccess(node)?.name ?? '';
}

/** An identifier or string as a module export name (`import { 'a-b' as x }`). */
export function nameText(node: t.Identifier | t.StringLiteral): string {
  return node.type === 'Identifier' ? node.name : node.value;
}

export function isParenthesized(node: t.Node): boolean {
  return (node.extra as { parenthesized?: boolean } | undefined)?.parenthesized === true;
}

/** The variable a destructuring element reads: its key as written (computed keys have none here). */
export function propertyNameOf(element: t.ObjectProperty): string | undefined {
  return literalKeyName(element);
}

/** The binding of a destructuring element: `b` in `{ a: b }`, `{ a: b = 1 }`, `{ b = 1 }`. */
export function bindingOf(element: t.ObjectProperty): t.Node {
  const value = element.value;
  return value.type === 'AssignmentPattern' ? value.left : value;
}

export const WRAPPERS = new Set(['TSAsExpression', 'TSSatisfiesExpression', 'TSTypeAssertion', 'TSNonNullExpression', 'ParenthesizedExpression']);

/** `x as T`, `x satisfies T`, `<T>x`, `x!` (parentheses are no node in this parser's tree). */
export function isTransparentWrapper(node: t.Node): boolean {
  return WRAPPERS.has(node.type);
}

export function unwrap(node: t.Node): t.Node {
  return unwrapExpression(node);
}

/** `process.env.hasOwnProperty('X')` calls a method of the object; it names no variable. */
export function isCallee(node: t.Node, parents: Parents): boolean {
  const parent = parents.get(node);
  return parent !== undefined && isCall(parent) && parent.callee === node;
}

/** `a.b.c`, `this.env`, `import.meta.env`; undefined for anything else. */
export function dottedPath(node: t.Node): string | undefined {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'ThisExpression') return 'this';
  if (node.type === 'MetaProperty') return `${node.meta.name}.${node.property.name}`;
  if (isMember(node) && !node.computed) {
    const head = dottedPath(unwrap(node.object));
    return head === undefined ? undefined : `${head}.${memberName(node)}`;
  }
  return undefined;
}

/** Functions and methods (not getters, setters or constructors, which take no variable name). */
// Not the toolkit's isFunctionLike (src/syntax/ast.ts): that one also takes getters, setters and constructors.
export function isFunctionLike(node: t.Node): node is FunctionLike {
  switch (node.type) {
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return true;
    case 'ClassMethod':
    case 'ClassPrivateMethod':
    case 'ObjectMethod':
      return node.kind === 'method';
    default:
      return false;
  }
}

export function enclosingFunction(node: t.Node, parents: Parents): FunctionLike | undefined {
  for (let current = parents.get(node); current; current = parents.get(current)) if (isFunctionLike(current)) return current;
  return undefined;
}

/** A function's name: its own, or the variable / property it is assigned to. */
export function functionName(node: FunctionLike, parents: Parents): string | undefined {
  if ((node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression') && node.id) return node.id.name;
  if (node.type === 'ClassMethod' || node.type === 'ClassPrivateMethod' || node.type === 'ObjectMethod') return literalKeyName(node);
  // `const f = ((name) => …)`: the name belongs to the parentheses, as the TypeScript reader saw it.
  if (isParenthesized(node)) return undefined;
  const parent = parents.get(node);
  if (parent?.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'Identifier') return parent.id.name;
  if (parent?.type === 'ObjectProperty' && parent.value === node) return literalKeyName(parent);
  return undefined;
}

export const TYPE_REFERENCES = new Set([
  'TSTypeReference',
  'TSQualifiedName',
  'TSExpressionWithTypeArguments',
  'TSInterfaceHeritage',
  'TSClassImplements',
  'TSTypeQuery',
  'TSInstantiationExpression',
]);

/** An identifier used as a value: not called, not `new`ed, not a method's object, not a type, not a member's name. */
export function isValueUse(node: t.Identifier, parents: Parents): boolean {
  const parent = parents.get(node);
  if (!parent) return true;
  // `@Deprecated("…")`: a decorator factory may be a property-key decorator of another file.
  if (isCall(parent) && parent.callee === node && parents.get(parent)?.type === 'Decorator') return true;
  if ((isCall(parent) || parent.type === 'NewExpression') && parent.callee === node) return false;
  if (isMember(parent) && !parent.computed) {
    if (parent.property === node) return false;
    if (isCall(parents.get(parent)) && (parents.get(parent) as Call).callee === parent) return false;
  }
  if (TYPE_REFERENCES.has(parent.type)) return false;
  // `class A extends Base`: the heritage clause, which the TypeScript reader did not count as a value.
  if ((parent.type === 'ClassDeclaration' || parent.type === 'ClassExpression') && parent.superClass === node) return false;
  switch (parent.type) {
    case 'ObjectProperty':
      return parent.key !== node || parent.computed || parent.shorthand || parents.get(parent)?.type !== 'ObjectExpression';
    case 'ObjectMethod':
    case 'ClassMethod':
      return parent.key !== node || !!parent.computed || parent.kind !== 'method';
    case 'TSDeclareMethod':
    case 'ClassProperty':
    case 'ClassAccessorProperty':
      return parent.key !== node || !!parent.computed;
    default:
      return true;
  }
}
