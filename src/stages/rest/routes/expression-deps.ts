import { walk } from '../../../syntax/parse.js';
import { declarationOf, type FileSyntax, type t } from './syntax.js';
import type { ExpressionDeps } from './types.js';

/**
 * What an expression of a route registration depends on, read from its own file (issue 30's
 * per-route differential): its text, the imports it names, the same-file declarations it uses (with
 * theirs, transitively) and the names whose value flows in at run time from elsewhere (parameters,
 * `let`/`var`, destructured names, `this`). Plain data, so it is cached with the file's extraction;
 * the surface decides whether all of it is identical at both refs (src/stages/rest/routes/surface.ts).
 *
 * A name neither declared in the file nor imported is a global (`process.env.X`, an injected
 * `config`): what it holds is the run time's, not the release's — the same before and after.
 */
export function expressionDependencies(file: FileSyntax, root: t.Node, skip?: t.Node): ExpressionDeps {
  const deps: ExpressionDeps = { text: foldedText(file, root), imports: [], locals: [], inflow: [] };
  const seenDeclarations = new Set<t.Node>();
  const imports = new Set<string>();
  const bound = boundNames(file);
  const visit = (scope: t.Node, depth: number): void => {
    walk(scope, (node, parent) => {
      if (node === skip) return false;
      // `this.config`: what the class assigns to that field (a private or readonly one is assigned
      // by the class alone: its constructor from its callers, or from what the class imports).
      if ((node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') && node.object.type === 'ThisExpression' && !node.computed) {
        const assignments =
          node.property.type === 'Identifier' || node.property.type === 'PrivateName' ? fieldAssignments(file, node, node.property) : undefined;
        if (assignments === undefined) {
          if (!deps.inflow.includes('this')) deps.inflow.push('this');
          deps.assigned = true;
          return false;
        }
        for (const assignment of assignments) {
          if (assignment.type === 'TSParameterProperty') {
            const fieldName = file.text(assignment, false);
            if (!deps.inflow.includes(fieldName)) deps.inflow.push(fieldName); // the caller's value
            continue;
          }
          if (seenDeclarations.has(assignment)) continue;
          seenDeclarations.add(assignment);
          deps.locals.push(foldedText(file, assignment));
          if (depth < MAX_DEPTH) visit(assignment, depth + 1);
          else deps.inflow.push('this (too deep)');
        }
        return false;
      }
      if (node.type === 'ThisExpression' || (node.type === 'Identifier' && node.name === 'arguments')) {
        if (!deps.inflow.includes('this')) deps.inflow.push('this');
        return undefined;
      }
      if (node.type.startsWith('TS') && !TS_VALUE_WRAPPERS.has(node.type)) return false;
      if (node.type !== 'Identifier' || !isReference(node, parent)) return undefined;
      const declaration = declarationOf(node, file);
      if (declaration && within(declaration, scope)) return undefined; // bound inside what is read (a callback's parameter)
      const required = declaration?.type === 'VariableDeclarator' && declaration.init != null && /\brequire\s*\(/.test(foldedText(file, declaration.init));
      if (declaration === undefined || required) {
        const binding = file.imports.get(node.name);
        if (binding) {
          const key = `${binding.module}\u0000${binding.exportName}`;
          if (!imports.has(key)) {
            imports.add(key);
            deps.imports.push({ specifier: binding.module, exportName: binding.exportName });
          }
        } else if (required || bound.has(node.name) || node.name === 'require') {
          // `const { path } = this.config`: the declarator that binds it, read like any other.
          const destructured = required ? undefined : patternDeclarator(node, file);
          if (destructured && !seenDeclarations.has(destructured)) {
            seenDeclarations.add(destructured);
            deps.locals.push(foldedText(file, destructured));
            if (depth < MAX_DEPTH) visit(destructured, depth + 1);
          } else if (!destructured && !deps.inflow.includes(node.name)) {
            deps.inflow.push(node.name); // a parameter pattern, a catch binding, a computed require
            if (!isInParameterPattern(node.name, node, file)) deps.assigned = true;
          }
        }
        return undefined;
      }
      if (file.isParameter(declaration) || isMutable(declaration, file)) {
        if (!deps.inflow.includes(node.name)) deps.inflow.push(node.name);
        if (!file.isParameter(declaration)) deps.assigned = true;
        return undefined;
      }
      if (seenDeclarations.has(declaration)) return undefined;
      seenDeclarations.add(declaration);
      deps.locals.push(foldedText(file, declaration));
      if (depth < MAX_DEPTH) visit(declaration, depth + 1);
      else deps.inflow.push(`${node.name} (too deep)`);
      return undefined;
    });
  };
  visit(root, 0);
  deps.imports.sort((a, b) => (a.specifier === b.specifier ? a.exportName.localeCompare(b.exportName) : a.specifier.localeCompare(b.specifier)));
  return deps;
}

/** A stable text of what an expression depends on in its file (two equal ones read the same names the same way). */
export function dependencyKey(deps: ExpressionDeps): string {
  return JSON.stringify([deps.text, deps.imports, deps.locals, deps.inflow, deps.assigned === true]);
}

const MAX_DEPTH = 6;
const TS_VALUE_WRAPPERS = new Set(['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion', 'TSInstantiationExpression']);

function foldedText(file: FileSyntax, node: t.Node): string {
  return node.start == null || node.end == null ? '' : file.source.text.slice(node.start, node.end).replace(/\s+/g, ' ');
}

function within(inner: t.Node, outer: t.Node): boolean {
  return (inner.start ?? -1) >= (outer.start ?? 0) && (inner.end ?? Infinity) <= (outer.end ?? 0);
}

/** An identifier that names a value here (not `a.b`'s `b`, an object key, a label or a declared name). */
function isReference(node: t.Identifier, parent: t.Node | undefined): boolean {
  if (!parent) return true;
  if ((parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') && parent.property === node && !parent.computed) return false;
  if (
    (parent.type === 'ObjectProperty' || parent.type === 'ObjectMethod' || parent.type === 'ClassMethod' || parent.type === 'ClassProperty') &&
    parent.key === node &&
    !parent.computed
  )
    return parent.type === 'ObjectProperty' && parent.shorthand && parent.value === node;
  if (parent.type === 'LabeledStatement' || parent.type === 'BreakStatement' || parent.type === 'ContinueStatement') return false;
  if (
    (parent.type === 'VariableDeclarator' ||
      parent.type === 'FunctionDeclaration' ||
      parent.type === 'ClassDeclaration' ||
      parent.type === 'FunctionExpression') &&
    parent.id === node
  )
    return false;
  return true;
}

/** A `let`/`var` binding (reassignable) or a name in a destructuring pattern: its value may come from anywhere. */
function isMutable(declaration: t.Node, file: FileSyntax): boolean {
  if (declaration.type !== 'VariableDeclarator') return false;
  const statement = file.parentOf(declaration);
  return statement?.type === 'VariableDeclaration' && statement.kind !== 'const';
}

/**
 * The values a class gives its field (`this.config = config` in the constructor, an initializer),
 * when only the class can assign it (declared `private`, `readonly` or `#private`); undefined otherwise.
 */
function fieldAssignments(file: FileSyntax, access: t.Node, property: t.Identifier | t.PrivateName): t.Node[] | undefined {
  const name = property.type === 'PrivateName' ? `#${property.id.name}` : property.name;
  let body: t.ClassBody | undefined;
  for (let scope = file.parentOf(access); scope && !body; scope = file.parentOf(scope)) if (scope.type === 'ClassBody') body = scope;
  if (!body) return undefined;
  const found: t.Node[] = [];
  let closed = property.type === 'PrivateName';
  for (const member of body.body) {
    if (member.type === 'ClassProperty' && !member.computed && member.key.type === 'Identifier' && member.key.name === name) {
      if (member.readonly || member.accessibility === 'private') closed = true;
      if (member.value) found.push(member);
    } else if (member.type === 'ClassPrivateProperty' && `#${member.key.id.name}` === name && member.value) found.push(member);
    else if (member.type === 'ClassMethod' && member.kind === 'constructor')
      for (const param of member.params)
        if (param.type === 'TSParameterProperty' && patternBinds(param.parameter, name)) {
          // `constructor(private readonly config: Config)`: the caller's value.
          if (param.readonly || param.accessibility === 'private') closed = true;
          found.push(param);
        }
  }
  if (!closed) return undefined;
  walk(body, (node) => {
    if (node.type === 'AssignmentExpression') {
      const target = node.left;
      if (
        (target.type === 'MemberExpression' || target.type === 'OptionalMemberExpression') &&
        target.object.type === 'ThisExpression' &&
        !target.computed &&
        ((target.property.type === 'Identifier' && target.property.name === name) ||
          (target.property.type === 'PrivateName' && `#${target.property.id.name}` === name))
      )
        found.push(node);
    }
    return undefined;
  });
  return found;
}

/** The `const` declarator of an enclosing block whose destructuring pattern binds the identifier's name. */
export function patternDeclarator(identifier: t.Identifier, file: FileSyntax): t.VariableDeclarator | undefined {
  for (let scope = file.parentOf(identifier); scope; scope = file.parentOf(scope)) {
    if (isFunctionLikeNode(scope) && (scope as { params: t.Node[] }).params.some((param) => patternBinds(param, identifier.name))) return undefined;
    const statements = scope.type === 'Program' || scope.type === 'BlockStatement' ? scope.body : undefined;
    for (const statement of statements ?? []) {
      const declaration = statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement;
      if (declaration.type !== 'VariableDeclaration') continue;
      for (const declarator of declaration.declarations)
        if (declarator.id.type !== 'Identifier' && patternBinds(declarator.id, identifier.name)) return declaration.kind === 'const' ? declarator : undefined;
    }
  }
  return undefined;
}

/** Whether the name is bound by a parameter pattern of an enclosing function (its value is the caller's). */
function isInParameterPattern(name: string, identifier: t.Node, file: FileSyntax): boolean {
  for (let scope = file.parentOf(identifier); scope; scope = file.parentOf(scope))
    if (isFunctionLikeNode(scope) && (scope as { params: t.Node[] }).params.some((param) => patternBinds(param, name))) return true;
  return false;
}

function isFunctionLikeNode(node: t.Node): boolean {
  return (
    node.type === 'FunctionDeclaration' ||
    node.type === 'FunctionExpression' ||
    node.type === 'ArrowFunctionExpression' ||
    node.type === 'ObjectMethod' ||
    node.type === 'ClassMethod' ||
    node.type === 'ClassPrivateMethod'
  );
}

function patternBinds(pattern: t.Node | null | undefined, name: string): boolean {
  if (!pattern) return false;
  switch (pattern.type) {
    case 'Identifier':
      return pattern.name === name;
    case 'ObjectPattern':
      return pattern.properties.some((property) => patternBinds(property.type === 'RestElement' ? property.argument : property.value, name));
    case 'ArrayPattern':
      return pattern.elements.some((element) => patternBinds(element, name));
    case 'RestElement':
      return patternBinds(pattern.argument, name);
    case 'AssignmentPattern':
      return patternBinds(pattern.left, name);
    case 'TSParameterProperty':
      return patternBinds(pattern.parameter, name);
    default:
      return false;
  }
}

const boundCache = new WeakMap<FileSyntax, Set<string>>();

/** Every name the file binds anywhere (declarations, parameters, patterns, catch clauses). */
function boundNames(file: FileSyntax): Set<string> {
  let names = boundCache.get(file);
  if (names) return names;
  names = new Set();
  const add = (pattern: t.Node | null | undefined): void => {
    if (!pattern) return;
    switch (pattern.type) {
      case 'Identifier':
        names!.add(pattern.name);
        return;
      case 'ObjectPattern':
        for (const property of pattern.properties) add(property.type === 'RestElement' ? property.argument : property.value);
        return;
      case 'ArrayPattern':
        for (const element of pattern.elements) add(element);
        return;
      case 'RestElement':
        return add(pattern.argument);
      case 'AssignmentPattern':
        return add(pattern.left);
      case 'TSParameterProperty':
        return add(pattern.parameter);
      default:
    }
  };
  walk(file.source.ast.program, (node) => {
    if (node.type === 'VariableDeclarator') add(node.id);
    else if (node.type === 'CatchClause') add(node.param);
    else if ('params' in node && Array.isArray((node as { params?: unknown }).params)) for (const param of (node as { params: t.Node[] }).params) add(param);
    return undefined;
  });
  boundCache.set(file, names);
  return names;
}
