import type { t } from '../../../syntax/parse.js';
import {
  identifiersNamed,
  isCall,
  isFunctionNode,
  isMember,
  memberName,
  parameterNamesOf,
  parentOf,
  patternNames,
  textOf,
  unexported,
  type Node,
  type SourceFile,
} from './source.js';

/**
 * Where a name used by a migration is declared, found lexically without the type checker
 * (a `const`, a destructuring, an enum, an import, a parameter, a loop variable), and whether a
 * `const` object or array is changed in place after its declaration.
 */

export type Declaration =
  | { kind: 'variable'; node: t.VariableDeclarator; constant: boolean }
  | { kind: 'binding'; element: Node; source: Node; constant: boolean }
  | { kind: 'enum'; node: t.TSEnumDeclaration }
  | { kind: 'import'; node: t.ImportDeclaration }
  | { kind: 'parameter' }
  | { kind: 'loop' }
  | { kind: 'function'; node: Node }
  | { kind: 'none' };

function bindsName(nameNode: Node, name: string): boolean {
  return patternNames(nameNode).includes(name);
}

/** The name an element of `{ … } = source` binds: `a` of `{ a }`, `{ x: a }`, `{ a = 1 }`, `{ ...a }`. */
export function bindingElementName(element: t.ObjectProperty | t.RestElement): string {
  let target: Node = element.type === 'RestElement' ? element.argument : element.value;
  if (target.type === 'AssignmentPattern') target = target.left;
  return target.type === 'Identifier' ? target.name : textOf(target);
}

/** The local names an import declares. */
export function importedNames(statement: t.ImportDeclaration): string[] {
  return statement.specifiers.map((specifier) => specifier.local.name);
}

export function declarationInStatements(statements: readonly Node[], name: string): Declaration | undefined {
  for (const written of statements) {
    const statement = unexported(written).node;
    if (statement.type === 'VariableDeclaration') {
      const constant = statement.kind === 'const';
      for (const declaration of statement.declarations) {
        const nameNode = declaration.id;
        if (nameNode.type === 'Identifier') {
          if (nameNode.name === name) return { kind: 'variable', node: declaration, constant };
        } else if (nameNode.type === 'ObjectPattern') {
          const element = nameNode.properties.find((e) => bindingElementName(e) === name);
          const source = declaration.init;
          if (element && source) return { kind: 'binding', element, source, constant };
          if (element) return { kind: 'none' };
        } else if (bindsName(nameNode, name)) {
          return { kind: 'none' };
        }
      }
    } else if (statement.type === 'TSEnumDeclaration' && statement.id.name === name) {
      return { kind: 'enum', node: statement };
    } else if ((statement.type === 'FunctionDeclaration' || statement.type === 'TSDeclareFunction') && statement.id?.name === name) {
      return { kind: 'function', node: statement };
    } else if (statement.type === 'ImportDeclaration') {
      if (importedNames(statement).includes(name)) return { kind: 'import', node: statement };
    }
  }
  return undefined;
}

function statementsOf(scope: Node): readonly Node[] | undefined {
  switch (scope.type) {
    case 'BlockStatement':
    case 'Program':
    case 'TSModuleBlock':
      return scope.body;
    case 'SwitchCase':
      return scope.consequent;
    default:
      return undefined;
  }
}

/** Lexical lookup without the type checker: walk outwards through blocks, functions and loops. */
export function findDeclaration(name: string, from: Node): Declaration {
  for (let scope = parentOf(from); scope; scope = parentOf(scope)) {
    if (isFunctionNode(scope)) {
      if (scope.params.some((p) => parameterNamesOf(p).includes(name))) return { kind: 'parameter' };
    }
    if (scope.type === 'ForOfStatement' || scope.type === 'ForInStatement' || scope.type === 'ForStatement') {
      const initializer = scope.type === 'ForStatement' ? scope.init : scope.left;
      if (initializer?.type === 'VariableDeclaration' && initializer.declarations.some((d) => bindsName(d.id, name))) return { kind: 'loop' };
    }
    if (scope.type === 'CatchClause') {
      if (scope.param && bindsName(scope.param, name)) return { kind: 'parameter' };
    }
    const statements = statementsOf(scope);
    if (statements) {
      const found = declarationInStatements(statements, name);
      if (found) return found;
    }
  }
  return { kind: 'none' };
}

/** Methods that change an array, map or set in place. */
const MUTATING_METHODS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin', 'set', 'add', 'delete', 'clear']);
/** Unary operators that count as a change of their operand (as the compiler's prefix unary expressions did). */
const CHANGING_UNARY = new Set(['delete', '+', '-', '!', '~']);

/** Where `reference` (an identifier) is the object changed in place: `x.push(…)`, `x.a = …`, `x[i] += …`, `delete x.a`, `Object.assign(x, …)`. */
function isChangedAt(reference: Node): boolean {
  const parent = parentOf(reference);
  if (isCall(parent) && textOf(parent.callee) === 'Object.assign' && parent.arguments[0] === reference) return true;
  let current: Node = reference;
  let access = parent;
  while (access && isMember(access) && access.object === current) {
    const outer = parentOf(access);
    const name = memberName(access);
    if (name !== undefined && MUTATING_METHODS.has(name) && isCall(outer) && outer.callee === access) return true;
    if (outer?.type === 'AssignmentExpression' && outer.left === access) return true;
    if (outer?.type === 'UpdateExpression' || (outer?.type === 'UnaryExpression' && CHANGING_UNARY.has(outer.operator))) return true;
    current = access;
    access = outer;
  }
  return false;
}

const changedNames = new WeakMap<SourceFile, Map<string, boolean>>();

/**
 * Whether a `const` object or array named `name` is changed in place anywhere in its file. Names are
 * matched without scopes: a shadowing name changed elsewhere also counts (fail closed).
 */
export function isChangedInFile(file: SourceFile, name: string): boolean {
  let byName = changedNames.get(file);
  if (byName === undefined) {
    byName = new Map();
    changedNames.set(file, byName);
  }
  let changed = byName.get(name);
  if (changed === undefined) {
    changed = identifiersNamed(file, name).some((id) => isChangedAt(id));
    byName.set(name, changed);
  }
  return changed;
}
