import { ts } from '../../../typescript/ts-morph.js';

/**
 * What the route readers need of one TypeScript/JavaScript file, on the compiler's own nodes
 * (wrapping every node in ts-morph objects costs ~10× the parse): parsing with the parser's first
 * message, lines, string values of literal expressions and same-file constants, imports, and which
 * declaration an identifier names.
 */

export { ts };

export type ParseResult = { ok: true; source: ts.SourceFile } | { ok: false; reason: string };

function scriptKindOf(path: string): ts.ScriptKind {
  if (/\.tsx$/i.test(path)) return ts.ScriptKind.TSX;
  if (/\.jsx$/i.test(path)) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/i.test(path)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

export function parseSource(text: string, path: string): ParseResult {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKindOf(path));
  const first = (source as unknown as { parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics?.[0];
  if (first) {
    const line = first.start === undefined ? 1 : source.getLineAndCharacterOfPosition(first.start).line + 1;
    return { ok: false, reason: `${path}:${line} does not parse: ${ts.flattenDiagnosticMessageText(first.messageText, ' ')}` };
  }
  return { ok: true, source };
}

export function lineOf(node: ts.Node): number {
  const source = node.getSourceFile();
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

/** The expression as written, shortened to one line for a reason text. */
export function textOf(node: ts.Node): string {
  const text = node.getText().replace(/\s+/g, ' ');
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** Strips `(…)`, `x as T`, `x satisfies T`, `<T>x` and `x!`: none changes the value. */
export function unwrap(expression: ts.Expression): ts.Expression {
  let current = expression;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isTypeAssertionExpression(current) ||
    ts.isNonNullExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/** Where an imported name comes from: `import { projectRouter } from './projectRouter'` → module + export name. */
export interface ImportBinding {
  module: string;
  /** `default`, a named export, or `*` for a namespace import. */
  exportName: string;
}

export class FileSyntax {
  readonly imports = new Map<string, ImportBinding>();
  private readonly constants = new Map<string, ts.Expression>();

  constructor(readonly source: ts.SourceFile) {
    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) this.addImport(statement);
      if (ts.isVariableStatement(statement) && (statement.declarationList.flags & ts.NodeFlags.Const) !== 0) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.initializer) {
            this.constants.set(declaration.name.text, declaration.initializer);
            this.addRequire(declaration.name.text, declaration.initializer);
          } else if (ts.isObjectBindingPattern(declaration.name) && declaration.initializer) {
            for (const element of declaration.name.elements) {
              if (!ts.isIdentifier(element.name)) continue;
              const exported = element.propertyName && ts.isIdentifier(element.propertyName) ? element.propertyName.text : element.name.text;
              const module = requiredModule(declaration.initializer);
              if (module !== undefined) this.imports.set(element.name.text, { module, exportName: exported });
            }
          }
        }
      }
    }
  }

  /** Module specifiers the file imports or requires. */
  importedModules(): Set<string> {
    return new Set([...this.imports.values()].map((binding) => binding.module));
  }

  private addImport(statement: ts.ImportDeclaration): void {
    const module = (statement.moduleSpecifier as ts.StringLiteral).text;
    const clause = statement.importClause;
    if (!clause) return;
    if (clause.name) this.imports.set(clause.name.text, { module, exportName: 'default' });
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) this.imports.set(bindings.name.text, { module, exportName: '*' });
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) this.imports.set(element.name.text, { module, exportName: (element.propertyName ?? element.name).text });
    }
  }

  private addRequire(name: string, initializer: ts.Expression): void {
    const module = requiredModule(initializer);
    if (module !== undefined) this.imports.set(name, { module, exportName: 'default' });
  }

  /**
   * The string an expression always has: literals, templates and `+` over literals and
   * same-file constants, properties of constant objects (`ROUTES.list`). `undefined` when it
   * depends on anything else (a variable, a call, a config value).
   */
  stringValue(expression: ts.Expression | undefined, depth = 0): string | undefined {
    if (expression === undefined || depth > 8) return undefined;
    const node = unwrap(expression);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) {
      let text = node.head.text;
      for (const span of node.templateSpans) {
        const part = this.stringValue(span.expression, depth + 1);
        if (part === undefined) return undefined;
        text += part + span.literal.text;
      }
      return text;
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const left = this.stringValue(node.left, depth + 1);
      const right = left === undefined ? undefined : this.stringValue(node.right, depth + 1);
      return left === undefined || right === undefined ? undefined : left + right;
    }
    if (ts.isIdentifier(node)) return this.stringValue(this.constants.get(node.text), depth + 1);
    if (ts.isPropertyAccessExpression(node)) {
      const owner = this.objectValue(node.expression, depth + 1);
      const property = owner?.properties.find((member) => member.name !== undefined && propertyNameText(member.name) === node.name.text);
      return property && ts.isPropertyAssignment(property) ? this.stringValue(property.initializer, depth + 1) : undefined;
    }
    return undefined;
  }

  /** Strings of a literal or of an array literal of them (`['/a', '/b']`); `undefined` when any is not a known string. */
  stringValues(expression: ts.Expression | undefined): string[] | undefined {
    if (expression === undefined) return undefined;
    const node = unwrap(expression);
    if (ts.isArrayLiteralExpression(node)) {
      const values = node.elements.map((element) => this.stringValue(element));
      return values.every((value): value is string => value !== undefined) ? values : undefined;
    }
    const value = this.stringValue(node);
    return value === undefined ? undefined : [value];
  }

  objectValue(expression: ts.Expression, depth = 0): ts.ObjectLiteralExpression | undefined {
    if (depth > 8) return undefined;
    const node = unwrap(expression);
    if (ts.isObjectLiteralExpression(node)) return node;
    if (ts.isIdentifier(node)) {
      const value = this.constants.get(node.text);
      return value === undefined ? undefined : this.objectValue(value, depth + 1);
    }
    return undefined;
  }

  /** The property `name` of an object literal (`{ method: 'GET', url: '/' }`), when written as `name: value` or shorthand. */
  propertyOf(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
    for (const member of object.properties) {
      if (ts.isPropertyAssignment(member) && propertyNameText(member.name) === name) return member.initializer;
      if (ts.isShorthandPropertyAssignment(member) && member.name.text === name) return member.name;
    }
    return undefined;
  }

  /** Whether the object has a spread (`{ ...defaults }`): its other properties may then come from anywhere. */
  hasSpread(object: ts.ObjectLiteralExpression): boolean {
    return object.properties.some((member) => ts.isSpreadAssignment(member));
  }
}

export function propertyNameText(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  return undefined;
}

/** `require('./x')` or `require('./x').default` / `.name`. */
function requiredModule(expression: ts.Expression): string | undefined {
  let node = unwrap(expression);
  if (ts.isPropertyAccessExpression(node)) node = unwrap(node.expression);
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require') {
    const [argument] = node.arguments;
    if (argument && ts.isStringLiteral(argument)) return argument.text;
  }
  return undefined;
}

/**
 * The declaration an identifier names, by lexical scope: a parameter of an enclosing function,
 * a variable, function or class declared in an enclosing block, or `undefined` (an import or a
 * global, see {@link FileSyntax.imports}).
 */
export function declarationOf(identifier: ts.Identifier): ts.Node | undefined {
  const name = identifier.text;
  for (let scope: ts.Node | undefined = identifier.parent; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope)) {
      for (const parameter of scope.parameters) if (ts.isIdentifier(parameter.name) && parameter.name.text === name) return parameter;
    }
    const statements = ts.isBlock(scope) || ts.isSourceFile(scope) || ts.isModuleBlock(scope) ? scope.statements : ts.isCaseClause(scope) ? scope.statements : undefined;
    if (!statements) continue;
    for (const statement of statements) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration;
      } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === name) {
        return statement;
      }
    }
  }
  return undefined;
}
