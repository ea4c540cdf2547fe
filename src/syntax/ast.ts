import { walk, type t } from './parse.js';

/**
 * Small shapes of the syntax tree every reader asks about, one copy each (they were written four
 * times, drifting): a property access, an element access, a parameter's name.
 */

/** `a.b`, `a?.b`, `a.#b` — the object, the name (`#b` for a private one) and the name's node; not `a[b]`. */
export function propertyAccess(node: t.Node | null | undefined): { object: t.Node; name: string; nameNode: t.Identifier | t.PrivateName } | undefined {
  if ((node?.type !== 'MemberExpression' && node?.type !== 'OptionalMemberExpression') || node.computed) return undefined;
  const property = node.property;
  if (property.type === 'Identifier') return { object: node.object, name: property.name, nameNode: property };
  if (property.type === 'PrivateName') return { object: node.object, name: `#${property.id.name}`, nameNode: property };
  return undefined;
}

/** `a[b]` and `a?.[b]`. */
export function elementAccess(node: t.Node | null | undefined): { object: t.Node; key: t.Node } | undefined {
  if (node?.type !== 'MemberExpression' && node?.type !== 'OptionalMemberExpression') return undefined;
  return node.computed ? { object: node.object, key: node.property } : undefined;
}

/** The name node of a parameter written as a plain name (`a`, `a: T`, `a = 1`, `...a`, `private a`); undefined for a pattern. */
export function parameterIdentifier(parameter: t.Node): t.Identifier | undefined {
  let current: t.Node = parameter;
  if (current.type === 'TSParameterProperty') current = current.parameter;
  if (current.type === 'AssignmentPattern') current = current.left;
  if (current.type === 'RestElement') current = current.argument;
  return current.type === 'Identifier' ? current : undefined;
}

/** The name of a parameter written as a plain name; undefined for a pattern. */
export function parameterName(parameter: t.Node): string | undefined {
  return parameterIdentifier(parameter)?.name;
}

/** Functions, arrows and methods: what has parameters and a body. */
export type FunctionLike = t.FunctionDeclaration | t.FunctionExpression | t.ArrowFunctionExpression | t.ObjectMethod | t.ClassMethod | t.ClassPrivateMethod;

export function isFunctionLike(node: t.Node | null | undefined): node is FunctionLike {
  switch (node?.type) {
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
    case 'ObjectMethod':
    case 'ClassMethod':
    case 'ClassPrivateMethod':
      return true;
    default:
      return false;
  }
}

/**
 * Whether calling the function `fn` returns without throwing whatever its one parameter holds: an
 * arrow or function expression of at most one plain parameter (nothing else, such as zod's issue
 * context, reaches it) whose result is built only of that parameter, literals, `undefined`, strict
 * comparisons, `!`, `typeof`, `void`, logical operators and conditionals — none of which can throw
 * or call code. (zod: a `.transform` like that over an optional value passes `undefined` through.)
 */
export function returnsWithoutThrowing(fn: t.Node): boolean {
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') return false;
  if (fn.async || fn.generator || fn.params.length > 1) return false;
  const parameter = fn.params[0];
  const name = parameter === undefined ? undefined : parameter.type === 'Identifier' ? parameter.name : undefined;
  if (parameter !== undefined && name === undefined) return false;
  let result: t.Node | undefined = fn.body;
  if (fn.body.type === 'BlockStatement') {
    const [only] = fn.body.body;
    result = fn.body.body.length === 1 && only?.type === 'ReturnStatement' ? (only.argument ?? undefined) : undefined;
  }
  return result !== undefined && cannotThrow(result, name);
}

const SAFE_BINARY = new Set(['===', '!==']);
const SAFE_UNARY = new Set(['!', 'typeof', 'void']);

function cannotThrow(node: t.Node, parameter: string | undefined): boolean {
  switch (node.type) {
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral':
    case 'NullLiteral':
      return true;
    case 'Identifier':
      return node.name === parameter || node.name === 'undefined';
    case 'ParenthesizedExpression':
      return cannotThrow(node.expression, parameter);
    case 'LogicalExpression':
      return cannotThrow(node.left, parameter) && cannotThrow(node.right, parameter);
    case 'BinaryExpression':
      return SAFE_BINARY.has(node.operator) && node.left.type !== 'PrivateName' && cannotThrow(node.left, parameter) && cannotThrow(node.right, parameter);
    case 'UnaryExpression':
      return SAFE_UNARY.has(node.operator) && cannotThrow(node.argument, parameter);
    case 'ConditionalExpression':
      return cannotThrow(node.test, parameter) && cannotThrow(node.consequent, parameter) && cannotThrow(node.alternate, parameter);
    default:
      return false;
  }
}

/**
 * The values a function's own `return`s give (an arrow's expression body is one), not those of the
 * functions nested in it; `bare` when a `return` gives none.
 */
export function ownReturns(fn: FunctionLike): { values: t.Node[]; bare: boolean } {
  if (fn.body.type !== 'BlockStatement') return { values: [fn.body], bare: false };
  const values: t.Node[] = [];
  let bare = false;
  walk(fn.body, (node) => {
    if (node !== fn.body && isFunctionLike(node)) return false;
    if (node.type === 'ReturnStatement') {
      if (node.argument) values.push(node.argument);
      else bare = true;
    }
    return undefined;
  });
  return { values, bare };
}
