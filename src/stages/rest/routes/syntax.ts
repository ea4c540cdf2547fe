import { isFunctionLike, parameterIdentifier as parameterName, propertyAccess } from '../../../syntax/ast.js';
import { isCall, lineOf, literalKeyName, parseSource as parseWithBabel, unwrapExpression, walk, type t } from '../../../syntax/parse.js';

export { isCall };

/**
 * What the route readers need of one TypeScript/JavaScript file, on the parser's own nodes
 * (src/syntax/parse.ts): parsing with the parser's first message, lines, string values of literal
 * expressions and same-file constants, imports, parents, and which declaration an identifier names.
 */

export type { t };

/** A parsed file: its tree and its text (for excerpts). */
export interface SourceFile {
  readonly ast: t.File;
  readonly text: string;
}

export type ParseResult = { ok: true; source: SourceFile } | { ok: false; reason: string };

export function parseSource(text: string, path: string): ParseResult {
  const parsed = parseWithBabel(path, text);
  if (!parsed.ok) return { ok: false, reason: parsed.reason };
  return { ok: true, source: { ast: parsed.ast, text } };
}

/**
 * The node's source as written, parentheses around it included (the compiler kept them as a node,
 * this parser as a flag): `(x)` reads `(x)`, not `x`.
 */
export function sourceWithParentheses(node: t.Node, text: string): string {
  if (node.start == null || node.end == null) return '';
  const extra = node.extra as { parenthesized?: boolean; parenStart?: number } | undefined;
  if (!extra?.parenthesized || typeof extra.parenStart !== 'number') return text.slice(node.start, node.end);
  const opening = [...text.slice(extra.parenStart, node.start)].filter((character) => character === '(').length;
  let end = node.end;
  for (let closed = 0; closed < opening && end < text.length; end += 1) if (text[end] === ')') closed += 1;
  return text.slice(extra.parenStart, end);
}

/**
 * The expression as written, shortened to one line for a reason text. Parentheses around it are
 * included (as the compiler's child node was the parenthesized expression) unless `withParentheses`
 * is false (the node was reached by stripping them).
 */
export function textOf(node: t.Node, file: SourceFile, withParentheses = true): string {
  const raw = withParentheses ? sourceWithParentheses(node, file.text) : node.start == null || node.end == null ? '' : file.text.slice(node.start, node.end);
  const text = raw.replace(/\s+/g, ' ');
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** Strips `(…)`, `x as T`, `x satisfies T`, `<T>x` and `x!`: none changes the value. */
const unwrap = unwrapExpression;
/** 1-based line where the node starts (comments before it excluded, as the compiler's `getStart`). */
export { lineOf, unwrap };

export { elementAccess, propertyAccess } from '../../../syntax/ast.js';

export function isFunctionExpression(node: t.Node | undefined): node is t.ArrowFunctionExpression | t.FunctionExpression {
  return node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';
}

/** Parameters of anything the compiler called function-like (functions, methods, overloads, signatures). */
export function parametersOf(node: t.Node): readonly t.Node[] | undefined {
  if (isFunctionLike(node)) return node.params;
  switch (node.type) {
    case 'TSDeclareFunction':
    case 'TSDeclareMethod':
      return node.params;
    case 'TSFunctionType':
    case 'TSConstructorType':
    case 'TSCallSignatureDeclaration':
    case 'TSConstructSignatureDeclaration':
    case 'TSMethodSignature':
    case 'TSIndexSignature':
      return (node as unknown as { parameters?: t.Node[]; params?: t.Node[] }).parameters ?? (node as unknown as { params?: t.Node[] }).params ?? [];
    default:
      return undefined;
  }
}

/** The name of a parameter written as a plain name (`app`, `app: Express`, `app = x`, `private app`). */
export { parameterIdentifier as parameterName } from '../../../syntax/ast.js';

/** The type written on a name or a parameter (`x: Router`, `...x: Router[]`), if any. */
export function typeAnnotationOf(node: t.Node): t.TSType | undefined {
  if (node.type === 'AssignmentPattern' || node.type === 'TSParameterProperty')
    return typeAnnotationOf(node.type === 'AssignmentPattern' ? node.left : node.parameter);
  const annotation = (node as { typeAnnotation?: t.Node | null }).typeAnnotation;
  return annotation?.type === 'TSTypeAnnotation' ? annotation.typeAnnotation : undefined;
}

/** A module-level (or block-level) statement without its `export` / `export default` wrapper. */
export function declarationOfStatement(statement: t.Node): t.Node {
  if (statement.type === 'ExportNamedDeclaration' && statement.declaration) return statement.declaration;
  if (statement.type === 'ExportDefaultDeclaration' && isDeclaration(statement.declaration)) return statement.declaration;
  return statement;
}

/** What `export default` holds when the compiler read it as a declaration (not an `export =`-like expression). */
export function isDeclaration(node: t.Node): boolean {
  return node.type === 'FunctionDeclaration' || node.type === 'TSDeclareFunction' || node.type === 'ClassDeclaration' || node.type === 'TSInterfaceDeclaration';
}

/** Where an imported name comes from: `import { projectRouter } from './projectRouter'` → module + export name. */
export interface ImportBinding {
  module: string;
  /** `default`, a named export, or `*` for a namespace import. */
  exportName: string;
}

export class FileSyntax {
  readonly imports = new Map<string, ImportBinding>();
  private readonly constants = new Map<string, t.Node>();
  /** Each node's parent (Babel nodes have none), recorded by the first {@link walk}. */
  private parents: Map<t.Node, t.Node> | undefined;
  /** Names declared by each scope looked up so far (a file mounting 300 routers looks its names up 300 times). */
  private readonly scopes = new Map<t.Node, Map<string, t.Node> | undefined>();

  constructor(readonly source: SourceFile) {
    for (const outer of source.ast.program.body) {
      const statement = declarationOfStatement(outer);
      if (statement.type === 'ImportDeclaration') this.addImport(statement);
      if (statement.type === 'VariableDeclaration' && statement.kind === 'const') {
        for (const declaration of statement.declarations) {
          if (declaration.id.type === 'Identifier' && declaration.init) {
            this.constants.set(declaration.id.name, declaration.init);
            this.addRequire(declaration.id.name, declaration.init);
          } else if (declaration.id.type === 'ObjectPattern' && declaration.init) {
            for (const element of declaration.id.properties) {
              const local = bindingName(element);
              if (!local) continue;
              const exported = element.type === 'ObjectProperty' && !element.computed && element.key.type === 'Identifier' ? element.key.name : local;
              const module = requiredModule(declaration.init);
              if (module !== undefined) this.imports.set(local, { module, exportName: exported });
            }
          }
        }
      }
    }
  }

  /**
   * Visits every node of the file, pre-order in source order, with its parent; the first walk also
   * records the parents (one traversal serves both, the walk being most of a reader's time).
   */
  walk(visit: (node: t.Node, parent: t.Node | undefined) => void): void {
    const parents = this.parents ? undefined : new Map<t.Node, t.Node>();
    // Iterative (parse.ts's walk): a long `a + b + …` chain nests deeper than the call stack allows.
    walk(this.source.ast.program, (node, parent) => {
      if (parent) parents?.set(node, parent);
      visit(node, parent);
    });
    this.parents ??= parents;
  }

  /** The node's parent (undefined for the file itself). */
  parentOf(node: t.Node): t.Node | undefined {
    if (!this.parents) this.walk(() => {});
    return this.parents!.get(node);
  }

  /** What a file, block, namespace body or `case` declares, by name; undefined for other nodes. */
  declarationsIn(scope: t.Node): ReadonlyMap<string, t.Node> | undefined {
    if (this.scopes.has(scope)) return this.scopes.get(scope);
    const statements = statementsOf(scope);
    const declared = statements && declarationsOf(statements);
    this.scopes.set(scope, declared);
    return declared;
  }

  /** Whether a node is a parameter of a function-like node. */
  isParameter(node: t.Node): boolean {
    const parent = this.parentOf(node);
    return parent !== undefined && (parametersOf(parent)?.includes(node) ?? false);
  }

  text(node: t.Node, withParentheses = true): string {
    return textOf(node, this.source, withParentheses);
  }

  /** Modules of the imported names an expression uses (not inside functions it holds: handlers). */
  importedModulesIn(nodes: readonly (t.Node | null | undefined)[]): string[] {
    const modules = new Set<string>();
    for (const root of nodes) {
      if (!root) continue;
      walk(root, (node) => {
        if (node !== root && (isFunctionExpression(node) || node.type === 'FunctionDeclaration')) return false;
        if (node.type === 'Identifier') {
          const binding = this.imports.get(node.name);
          if (binding) modules.add(binding.module);
        }
        return undefined;
      });
    }
    return [...modules].sort();
  }

  /** Module specifiers the file imports or requires. */
  importedModules(): Set<string> {
    return new Set([...this.imports.values()].map((binding) => binding.module));
  }

  private addImport(statement: t.ImportDeclaration): void {
    const module = statement.source.value;
    for (const specifier of statement.specifiers) {
      if (specifier.type === 'ImportDefaultSpecifier') this.imports.set(specifier.local.name, { module, exportName: 'default' });
      else if (specifier.type === 'ImportNamespaceSpecifier') this.imports.set(specifier.local.name, { module, exportName: '*' });
      else {
        const imported = specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value;
        this.imports.set(specifier.local.name, { module, exportName: imported });
      }
    }
  }

  private addRequire(name: string, initializer: t.Node): void {
    const module = requiredModule(initializer);
    if (module !== undefined) this.imports.set(name, { module, exportName: 'default' });
  }

  /**
   * The string an expression always has: literals, templates and `+` over literals and
   * same-file constants, properties of constant objects (`ROUTES.list`). `undefined` when it
   * depends on anything else (a variable, a call, a config value).
   */
  stringValue(expression: t.Node | null | undefined, depth = 0): string | undefined {
    if (expression == null || depth > 8) return undefined;
    const node = unwrap(expression);
    if (node.type === 'StringLiteral') return node.value;
    if (node.type === 'TemplateLiteral') {
      let text = node.quasis[0]?.value.cooked;
      if (text == null) return undefined;
      for (const [index, part] of node.expressions.entries()) {
        const value = this.stringValue(part, depth + 1);
        const literal = node.quasis[index + 1]?.value.cooked;
        if (value === undefined || literal == null) return undefined;
        text += value + literal;
      }
      return text;
    }
    if (node.type === 'BinaryExpression' && node.operator === '+') {
      const left = this.stringValue(node.left, depth + 1);
      const right = left === undefined ? undefined : this.stringValue(node.right, depth + 1);
      return left === undefined || right === undefined ? undefined : left + right;
    }
    if (node.type === 'Identifier') return this.stringValue(this.constants.get(node.name), depth + 1);
    const access = propertyAccess(node);
    if (access) {
      const owner = this.objectValue(access.object, depth + 1);
      const property = owner?.properties.find((member) => member.type !== 'SpreadElement' && literalKeyName(member) === access.name);
      return property?.type === 'ObjectProperty' && !property.shorthand ? this.stringValue(property.value, depth + 1) : undefined;
    }
    return undefined;
  }

  /** Strings of a literal or of an array literal of them (`['/a', '/b']`); `undefined` when any is not a known string. */
  stringValues(expression: t.Node | null | undefined): string[] | undefined {
    if (expression == null) return undefined;
    const node = unwrap(expression);
    if (node.type === 'ArrayExpression') {
      // A hole (`[, '/a']`) is no string.
      const values = node.elements.map((element) => (element === null ? undefined : this.stringValue(element)));
      return values.every((value): value is string => value !== undefined) ? values : undefined;
    }
    const value = this.stringValue(node);
    return value === undefined ? undefined : [value];
  }

  objectValue(expression: t.Node, depth = 0): t.ObjectExpression | undefined {
    if (depth > 8) return undefined;
    const node = unwrap(expression);
    if (node.type === 'ObjectExpression') return node;
    if (node.type === 'Identifier') {
      const value = this.constants.get(node.name);
      return value === undefined ? undefined : this.objectValue(value, depth + 1);
    }
    return undefined;
  }

  /** The property `name` of an object literal (`{ method: 'GET', url: '/' }`), when written as `name: value` or shorthand. */
  propertyOf(object: t.ObjectExpression, name: string): t.Node | undefined {
    for (const member of object.properties) {
      if (member.type === 'ObjectProperty' && literalKeyName(member) === name) return member.value;
    }
    return undefined;
  }

  /** Whether the object has a spread (`{ ...defaults }`): its other properties may then come from anywhere. */
  hasSpread(object: t.ObjectExpression): boolean {
    return object.properties.some((member) => member.type === 'SpreadElement');
  }
}

/** The local name an object pattern element binds when it is a plain name (`{ a }`, `{ a: b }`, `{ a = 1 }`, `{ ...rest }`). */
export function bindingName(element: t.ObjectProperty | t.RestElement): string | undefined {
  const target = element.type === 'RestElement' ? element.argument : element.value;
  if (target.type === 'Identifier') return target.name;
  if (target.type === 'AssignmentPattern' && target.left.type === 'Identifier') return target.left.name;
  return undefined;
}

/** `require('./x')` or `require('./x').default` / `.name`. */
function requiredModule(expression: t.Node): string | undefined {
  let node = unwrap(expression);
  const access = propertyAccess(node);
  if (access) node = unwrap(access.object);
  if (isCall(node) && node.callee.type === 'Identifier' && node.callee.name === 'require') {
    const [argument] = node.arguments;
    if (argument?.type === 'StringLiteral') return argument.value;
  }
  return undefined;
}

/** Statements of a node that holds a list of them (a file, a block, a namespace body, a `case`). */
function statementsOf(scope: t.Node): readonly t.Node[] | undefined {
  switch (scope.type) {
    case 'Program':
    case 'BlockStatement':
    case 'TSModuleBlock':
    case 'StaticBlock':
      return scope.body;
    case 'SwitchCase':
      return scope.consequent;
    default:
      return undefined;
  }
}

/**
 * The declaration an identifier names, by lexical scope: a parameter of an enclosing function,
 * a variable, function or class declared in an enclosing block, or `undefined` (an import or a
 * global, see {@link FileSyntax.imports}).
 */
export function declarationOf(identifier: t.Identifier, file: FileSyntax): t.Node | undefined {
  const name = identifier.name;
  for (let scope = file.parentOf(identifier); scope; scope = file.parentOf(scope)) {
    const parameters = parametersOf(scope);
    if (parameters) {
      for (const parameter of parameters) if (parameterName(parameter)?.name === name) return parameter;
    }
    const declared = file.declarationsIn(scope)?.get(name);
    if (declared) return declared;
  }
  return undefined;
}

/** The variables, functions and classes a list of statements declares, by name (the first declaration of a name wins). */
export function declarationsOf(statements: readonly t.Node[]): Map<string, t.Node> {
  const declared = new Map<string, t.Node>();
  const add = (name: string | undefined, node: t.Node): void => {
    if (name !== undefined && !declared.has(name)) declared.set(name, node);
  };
  for (const outer of statements) {
    const statement = declarationOfStatement(outer);
    if (statement.type === 'VariableDeclaration') {
      for (const declaration of statement.declarations) if (declaration.id.type === 'Identifier') add(declaration.id.name, declaration);
    } else if (statement.type === 'FunctionDeclaration' || statement.type === 'TSDeclareFunction' || statement.type === 'ClassDeclaration') {
      add(statement.id?.name, statement);
    }
  }
  return declared;
}
