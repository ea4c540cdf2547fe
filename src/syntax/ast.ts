import type { t } from './parse.js';

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
