import { isFunctionLike as isAnyFunction } from '../../../syntax/ast.js';
import { isCall, isMember, literalKeyName, walk, type t } from '../../../syntax/parse.js';
import { type FunctionLike, type Parents, memberName, unwrap, isFunctionLike, functionName } from './tree.js';

// Lexical scope inside a file; src/syntax/bindings.ts is module imports/exports, a different question.
/** Bindings inside one file: what a name is bound to from a place, whether it is shadowed or mutated, what a function returns. */

/** Methods that change a list in place. */
export const MUTATORS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);

/** Whether `name`, seen from `from`, is bound by a parameter or a declaration below the module level. */
export function boundBelowModule(name: string, from: t.Node, parents: Parents): boolean {
  for (let current = parents.get(from); current; current = parents.get(current)) {
    if (isAnyFunction(current) && current.params.some((parameter) => bindsName(parameter, name))) return true;
    if (
      current.type === 'BlockStatement' ||
      current.type === 'ForStatement' ||
      current.type === 'ForOfStatement' ||
      current.type === 'ForInStatement' ||
      current.type === 'CatchClause'
    ) {
      let declared = false;
      walk(current, (node) => {
        if (declared) return false;
        if (node.type === 'VariableDeclarator' && bindsName(node.id, name)) declared = true;
        if (node.type === 'CatchClause' && node.param && bindsName(node.param, name)) declared = true;
        return node !== current && (isAnyFunction(node) || node.type === 'BlockStatement') ? false : undefined;
      });
      if (declared) return true;
    }
  }
  return false;
}

/** How many bindings {@link ReadCollector.variableHeldBy} follows before it gives up. */
export const MAX_TRACE = 10;

/**
 * The `const` binding of `name` seen from `from` (the nearest block that declares it; a parameter
 * of the same name on the way shadows it, and then there is none): its initializer, and for a
 * destructured binding (`const { bucket: b } = init`) the key it takes. `mutated`: a member of the
 * name is assigned, or the name is passed to a call, in the declaring block (its members may differ
 * from the initializer's).
 */
export function constBinding(name: string, from: t.Node, parents: Parents): { init: t.Node; key?: string; mutated: boolean } | undefined {
  for (let current = parents.get(from); current; current = parents.get(current)) {
    if (isAnyFunction(current) && current.params.some((parameter) => bindsName(parameter, name))) return undefined;
    if (current.type !== 'BlockStatement' && current.type !== 'Program') continue;
    for (const statement of current.body) {
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
      if (declaration?.type !== 'VariableDeclaration') continue;
      for (const declarator of declaration.declarations) {
        if (!bindsName(declarator.id, name)) continue;
        if (declaration.kind !== 'const' || !declarator.init) return undefined;
        const mutated = isMutatedIn(name, current);
        if (declarator.id.type === 'Identifier') return { init: declarator.init, mutated };
        if (declarator.id.type !== 'ObjectPattern') return undefined;
        for (const element of declarator.id.properties) {
          if (element.type !== 'ObjectProperty' || element.computed || element.value.type !== 'Identifier' || element.value.name !== name) continue;
          const key = literalKeyName(element);
          return key === undefined ? undefined : { init: declarator.init, key, mutated };
        }
        return undefined;
      }
    }
  }
  return undefined;
}

/** Whether a parameter or a binding pattern binds `name`. */
export function bindsName(pattern: t.Node, name: string): boolean {
  let found = false;
  walk(pattern, (node, parent) => {
    if (found) return false;
    if (node.type === 'Identifier' && node.name === name && !(parent?.type === 'ObjectProperty' && parent.key === node && !parent.shorthand)) found = true;
    // Types and defaults name other things.
    return node.type === 'TSTypeAnnotation' || (parent?.type === 'AssignmentPattern' && parent.right === node) ? false : undefined;
  });
  return found;
}

/** `name = …` (or `name += …`) somewhere in `block`: the binding no longer holds what it was given. */
export function isReassignedIn(name: string, block: t.Node): boolean {
  let reassigned = false;
  walk(block, (node) => {
    if (reassigned) return false;
    if (node.type === 'AssignmentExpression' && unwrap(node.left).type === 'Identifier' && (unwrap(node.left) as t.Identifier).name === name) reassigned = true;
    else if (node.type === 'UpdateExpression' && unwrap(node.argument).type === 'Identifier' && (unwrap(node.argument) as t.Identifier).name === name)
      reassigned = true;
    return undefined;
  });
  return reassigned;
}

export function isMutatedIn(name: string, block: t.Node): boolean {
  let mutated = false;
  walk(block, (node) => {
    if (mutated) return false;
    if (
      node.type === 'AssignmentExpression' &&
      isMember(node.left) &&
      unwrap(node.left.object).type === 'Identifier' &&
      (unwrap(node.left.object) as t.Identifier).name === name
    )
      mutated = true;
    else if ((isCall(node) || node.type === 'NewExpression') && node.arguments.some((argument) => argument.type === 'Identifier' && argument.name === name))
      mutated = true;
    else if (
      isCall(node) &&
      isMember(node.callee) &&
      !node.callee.computed &&
      MUTATORS.has(memberName(node.callee)) &&
      unwrap(node.callee.object).type === 'Identifier' &&
      (unwrap(node.callee.object) as t.Identifier).name === name
    )
      mutated = true;
    else if (node.type === 'AssignmentExpression' && node.left.type === 'Identifier' && node.left.name === name) mutated = true;
    return undefined;
  });
  return mutated;
}

/**
 * The object a same-file function called `name` with no parameters returns: an arrow's expression
 * body, or its one `return` (nested functions' returns are theirs). Undefined when the name is
 * declared more than once, takes parameters, or returns in more than one place.
 */
export function returnedObject(name: string, order: readonly t.Node[], parents: Parents): t.Node | undefined {
  const definitions = order.filter((node): node is FunctionLike => isFunctionLike(node) && functionName(node, parents) === name);
  const [definition] = definitions;
  if (definitions.length !== 1 || definition === undefined || definition.params.length > 0) return undefined;
  if (definition.body.type !== 'BlockStatement') return definition.body;
  const returns: t.ReturnStatement[] = [];
  walk(definition.body, (node) => {
    if (node.type === 'ReturnStatement') returns.push(node);
    return node !== definition.body && isFunctionLike(node) ? false : undefined;
  });
  return returns.length === 1 && returns[0]!.argument ? returns[0]!.argument : undefined;
}
