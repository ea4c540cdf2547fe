import { Node, SyntaxKind, type SourceFile } from '../../../typescript/ts-morph.js';

/**
 * Where a name used by a migration is declared, found lexically without the type checker
 * (a `const`, a destructuring, an enum, an import, a parameter, a loop variable), and whether a
 * `const` object or array is changed in place after its declaration.
 */

export type Declaration =
  | { kind: 'variable'; node: Node; constant: boolean }
  | { kind: 'binding'; element: Node; source: Node; constant: boolean }
  | { kind: 'enum'; node: Node }
  | { kind: 'import'; node: Node }
  | { kind: 'parameter' }
  | { kind: 'loop' }
  | { kind: 'function'; node: Node }
  | { kind: 'none' };

const FUNCTION_KINDS = new Set([SyntaxKind.ArrowFunction, SyntaxKind.FunctionExpression, SyntaxKind.FunctionDeclaration, SyntaxKind.MethodDeclaration]);

function bindsName(nameNode: Node, name: string): boolean {
  if (Node.isIdentifier(nameNode)) return nameNode.getText() === name;
  return nameNode.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => id.getText() === name && Node.isBindingElement(id.getParent()));
}

export function declarationInStatements(statements: readonly Node[], name: string): Declaration | undefined {
  for (const statement of statements) {
    if (Node.isVariableStatement(statement)) {
      const constant = statement.getDeclarationKind() === 'const';
      for (const declaration of statement.getDeclarations()) {
        const nameNode = declaration.getNameNode();
        if (Node.isIdentifier(nameNode)) {
          if (nameNode.getText() === name) return { kind: 'variable', node: declaration, constant };
        } else if (Node.isObjectBindingPattern(nameNode)) {
          const element = nameNode.getElements().find((e) => e.getName() === name);
          const source = declaration.getInitializer();
          if (element && source) return { kind: 'binding', element, source, constant };
          if (element) return { kind: 'none' };
        } else if (bindsName(nameNode, name)) {
          return { kind: 'none' };
        }
      }
    } else if (Node.isEnumDeclaration(statement) && statement.getName() === name) {
      return { kind: 'enum', node: statement };
    } else if (Node.isFunctionDeclaration(statement) && statement.getName() === name) {
      return { kind: 'function', node: statement };
    } else if (Node.isImportDeclaration(statement)) {
      const clause = statement.getImportClause();
      if (!clause) continue;
      const names = [clause.getDefaultImport()?.getText(), clause.getNamespaceImport()?.getText(), ...clause.getNamedImports().map((n) => (n.getAliasNode() ?? n.getNameNode()).getText())];
      if (names.includes(name)) return { kind: 'import', node: statement };
    }
  }
  return undefined;
}

/** Lexical lookup without the type checker: walk outwards through blocks, functions and loops. */
export function findDeclaration(name: string, from: Node): Declaration {
  for (let scope: Node | undefined = from.getParent(); scope; scope = scope.getParent()) {
    if (FUNCTION_KINDS.has(scope.getKind())) {
      const parameters = (scope as unknown as { getParameters(): Node[] }).getParameters();
      if (parameters.some((p) => bindsName((p as unknown as { getNameNode(): Node }).getNameNode(), name))) return { kind: 'parameter' };
    }
    if (Node.isForOfStatement(scope) || Node.isForInStatement(scope) || Node.isForStatement(scope)) {
      const initializer = scope.getInitializer();
      if (initializer && Node.isVariableDeclarationList(initializer) && initializer.getDeclarations().some((d) => bindsName(d.getNameNode(), name))) return { kind: 'loop' };
    }
    if (Node.isCatchClause(scope)) {
      const variable = scope.getVariableDeclaration();
      if (variable && bindsName(variable.getNameNode(), name)) return { kind: 'parameter' };
    }
    if (Node.isBlock(scope) || Node.isSourceFile(scope) || Node.isModuleBlock(scope) || Node.isCaseClause(scope) || Node.isDefaultClause(scope)) {
      const found = declarationInStatements(scope.getStatements(), name);
      if (found) return found;
    }
  }
  return { kind: 'none' };
}

/** Methods that change an array, map or set in place. */
const MUTATING_METHODS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin', 'set', 'add', 'delete', 'clear']);

/** Where `reference` (an identifier) is the object changed in place: `x.push(…)`, `x.a = …`, `x[i] += …`, `delete x.a`, `Object.assign(x, …)`. */
function isChangedAt(reference: Node): boolean {
  const parent = reference.getParent();
  if (Node.isCallExpression(parent) && parent.getExpression().getText() === 'Object.assign' && parent.getArguments()[0] === reference) return true;
  let current = reference;
  let access = current.getParent();
  while (access && (Node.isPropertyAccessExpression(access) || Node.isElementAccessExpression(access)) && access.getExpression() === current) {
    const outer = access.getParent();
    if (Node.isPropertyAccessExpression(access) && MUTATING_METHODS.has(access.getName()) && Node.isCallExpression(outer) && outer.getExpression() === access) return true;
    if (Node.isBinaryExpression(outer) && outer.getLeft() === access && outer.getOperatorToken().getKind() >= SyntaxKind.FirstAssignment && outer.getOperatorToken().getKind() <= SyntaxKind.LastAssignment) return true;
    if (Node.isDeleteExpression(outer) || Node.isPrefixUnaryExpression(outer) || Node.isPostfixUnaryExpression(outer)) return true;
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
    changed = file.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => id.getText() === name && isChangedAt(id));
    byName.set(name, changed);
  }
  return changed;
}
