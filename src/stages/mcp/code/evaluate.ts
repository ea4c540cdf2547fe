import { Node, SyntaxKind, VariableDeclarationKind, type SourceFile } from '../../../typescript/ts-morph.js';
import type { Program } from './program.js';
import {
  DeferredArgument,
  EMPTY_ENV,
  FunctionValue,
  isPlainObject,
  isZod,
  kindOf,
  ModuleNamespace,
  PackageExport,
  RegExpValue,
  ZodConstructor,
  ZodNamespace,
  type Env,
  type PlainObject,
  type Value,
} from './values.js';
import { applyMethod, construct, zodProperty } from './zod-build.js';
import { Unconvertible } from './zod-model.js';
import { toolJsonSchema } from './zod-json-schema.js';

/**
 * Static evaluation of the expressions that build MCP tool definitions: literals, objects and
 * arrays (spreads included), constants of this or another in-repo file, helper functions defined in
 * the repository (their parameters bound to the call's arguments), and zod chains. Nothing is
 * executed; whatever depends on run time (a parameter nobody passes, `let`, a package's value, a
 * branch) is refused with the expression that caused it.
 */

const ZOD_MODULES = new Set(['zod', 'zod/v3', 'zod/v4']);
const MAX_DEPTH = 60;

// Only syntax is read (modifiers, not symbols): asking ts-morph for symbols builds a type checker per load.

/** Short one-line source text for messages. */
export function excerpt(node: Node, max = 120): string {
  const text = node.getText().replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A parameter with no value in scope: the registration sits in a function that callers give it to (a wrapper). */
export class UnboundParameter extends Unconvertible {
  constructor(
    message: string,
    readonly parameter: Node,
  ) {
    super(message);
  }
}

export class Evaluator {
  private readonly moduleConstants = new Map<Node, Value>();
  private readonly moduleBindings = new Map<SourceFile, Map<string, { found: true; value: Value } | { found: false }>>();
  private readonly inProgress = new Set<Node>();
  private depth = 0;

  constructor(private readonly program: Program) {}

  /** Where a node is, as `path:line`. */
  where(node: Node): string {
    return `${this.program.pathOf(node.getSourceFile())}:${node.getStartLineNumber()}`;
  }

  private fail(node: Node, reason: string): never {
    throw new Unconvertible(`${reason}: \`${excerpt(node)}\` (${this.where(node)})`);
  }

  evaluate(node: Node, env: Env = EMPTY_ENV): Value {
    if (++this.depth > MAX_DEPTH) {
      this.depth = 0;
      this.fail(node, 'definitions nest too deep (or refer to themselves)');
    }
    try {
      return this.evaluateNode(node, env);
    } catch (error) {
      // A reason from zod-build carries no location yet: add the expression it was about.
      if (error instanceof Unconvertible && !error.message.includes('` (')) this.fail(node, error.message);
      throw error;
    } finally {
      this.depth = Math.max(0, this.depth - 1);
    }
  }

  private evaluateNode(node: Node, env: Env): Value {
    if (Node.isParenthesizedExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node) || Node.isNonNullExpression(node) || Node.isTypeAssertion(node)) {
      return this.evaluate(node.getExpression(), env);
    }
    if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return node.getLiteralValue();
    if (Node.isNumericLiteral(node)) return node.getLiteralValue();
    if (Node.isTrueLiteral(node)) return true;
    if (Node.isFalseLiteral(node)) return false;
    if (Node.isNullLiteral(node)) return null;
    if (Node.isRegularExpressionLiteral(node)) {
      const text = node.getText();
      const end = text.lastIndexOf('/');
      return new RegExpValue(text.slice(1, end), text.slice(end + 1));
    }
    if (Node.isPrefixUnaryExpression(node)) {
      const operand = this.evaluate(node.getOperand(), env);
      const operator = node.getOperatorToken();
      if (typeof operand === 'number' && operator === SyntaxKind.MinusToken) return -operand;
      if (typeof operand === 'number' && operator === SyntaxKind.PlusToken) return operand;
      this.fail(node, 'an operator that is not evaluated statically');
    }
    if (Node.isTemplateExpression(node)) {
      let text = node.getHead().getLiteralText();
      for (const span of node.getTemplateSpans()) {
        const value = this.evaluate(span.getExpression(), env);
        if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') this.fail(span.getExpression(), `a template part that is ${kindOf(value)}`);
        text += String(value) + span.getLiteral().getLiteralText();
      }
      return text;
    }
    if (Node.isBinaryExpression(node)) return this.binary(node, env);
    if (Node.isArrayLiteralExpression(node)) {
      const items: Value[] = [];
      for (const element of node.getElements()) {
        if (Node.isSpreadElement(element)) {
          const spread = this.evaluate(element.getExpression(), env);
          if (!Array.isArray(spread)) this.fail(element, `a spread of ${kindOf(spread)}`);
          items.push(...(spread as readonly Value[]));
        } else items.push(this.evaluate(element, env));
      }
      return items;
    }
    if (Node.isObjectLiteralExpression(node)) return this.objectLiteral(node, env);
    if (Node.isIdentifier(node)) return this.identifier(node, env);
    if (Node.isPropertyAccessExpression(node)) return this.member(node, this.evaluate(node.getExpression(), env), node.getName());
    if (Node.isElementAccessExpression(node)) {
      const argument = node.getArgumentExpression();
      const key = argument ? this.evaluate(argument, env) : undefined;
      if (typeof key !== 'string' && typeof key !== 'number') this.fail(node, 'an element access whose key is not a constant');
      return this.member(node, this.evaluate(node.getExpression(), env), String(key));
    }
    if (Node.isCallExpression(node)) return this.call(node, env);
    if (Node.isArrowFunction(node) || Node.isFunctionExpression(node)) return new FunctionValue(node, env);
    if (Node.isNewExpression(node) && node.getExpression().getText() === 'RegExp') {
      const [source, flags] = node.getArguments().map((argument) => this.evaluate(argument, env));
      if (typeof source === 'string' && (flags === undefined || typeof flags === 'string')) return new RegExpValue(source, flags ?? '');
    }
    return this.fail(node, 'an expression that is not evaluated statically');
  }

  private binary(node: Node & { getLeft(): Node; getRight(): Node; getOperatorToken(): Node }, env: Env): Value {
    const operator = node.getOperatorToken().getKind();
    const left = this.evaluate(node.getLeft(), env);
    if (operator === SyntaxKind.QuestionQuestionToken) return left ?? this.evaluate(node.getRight(), env);
    if (operator === SyntaxKind.BarBarToken && (left === undefined || left === null || left === false || left === '' || left === 0)) return this.evaluate(node.getRight(), env);
    if (operator === SyntaxKind.BarBarToken) return left;
    const right = this.evaluate(node.getRight(), env);
    if (operator === SyntaxKind.PlusToken) {
      if (typeof left === 'number' && typeof right === 'number') return left + right;
      if ((typeof left === 'string' || typeof left === 'number') && (typeof right === 'string' || typeof right === 'number')) return `${left}${right}`;
    }
    return this.fail(node, 'an operation that is not evaluated statically');
  }

  private objectLiteral(node: Node, env: Env): PlainObject {
    if (!Node.isObjectLiteralExpression(node)) return this.fail(node, 'not an object literal');
    const object: Record<string, Value> = {};
    for (const property of node.getProperties()) {
      if (Node.isSpreadAssignment(property)) {
        const spread = this.evaluate(property.getExpression(), env);
        if (!isPlainObject(spread)) this.fail(property, `a spread of ${kindOf(spread)}`);
        Object.assign(object, spread);
      } else if (Node.isPropertyAssignment(property)) {
        object[this.propertyName(property.getNameNode(), env)] = this.evaluate(property.getInitializerOrThrow(), env);
      } else if (Node.isShorthandPropertyAssignment(property)) {
        object[property.getName()] = this.identifier(property.getNameNode(), env);
      } else if (Node.isMethodDeclaration(property)) {
        object[this.propertyName(property.getNameNode(), env)] = new FunctionValue(property, env);
      } else this.fail(property, 'an accessor in an object literal');
    }
    return object;
  }

  private propertyName(name: Node, env: Env): string {
    if (Node.isIdentifier(name) || Node.isPrivateIdentifier(name)) return name.getText();
    if (Node.isStringLiteral(name) || Node.isNumericLiteral(name) || Node.isNoSubstitutionTemplateLiteral(name)) return String(name.getLiteralValue());
    if (Node.isComputedPropertyName(name)) {
      const key = this.evaluate(name.getExpression(), env);
      if (typeof key === 'string' || typeof key === 'number') return String(key);
    }
    return this.fail(name, 'a property name that is not a constant');
  }

  private member(node: Node, object: Value, name: string): Value {
    if (object instanceof ZodNamespace) return name === 'coerce' ? new ZodNamespace(true) : new ZodConstructor(name);
    if (isZod(object)) return zodProperty(object, name);
    if (object instanceof ModuleNamespace) return this.exported(object.file, name, node);
    if (isPlainObject(object)) return Object.prototype.hasOwnProperty.call(object, name) ? object[name] : undefined;
    if (Array.isArray(object) && name === 'length') return object.length;
    if (Array.isArray(object) && /^\d+$/.test(name)) return (object as readonly Value[])[Number(name)];
    return this.fail(node, `\`.${name}\` of ${kindOf(object)}`);
  }

  private call(node: Node, env: Env): Value {
    if (!Node.isCallExpression(node)) return this.fail(node, 'not a call');
    const callee = node.getExpression();
    const args = () => node.getArguments().map((argument) => (Node.isSpreadElement(argument) ? this.fail(argument, 'a spread argument') : this.evaluate(argument, env)));
    if (Node.isPropertyAccessExpression(callee)) {
      const receiver = this.evaluate(callee.getExpression(), env);
      const name = callee.getName();
      if (isZod(receiver)) return applyMethod(receiver, name, args());
      if (Array.isArray(receiver) && name === 'map') return this.fail(node, 'a computed list (`.map`)');
      const target = this.member(callee, receiver, name);
      return this.invoke(node, target, args());
    }
    return this.invoke(node, this.evaluate(callee, env), args());
  }

  private invoke(node: Node, target: Value, args: readonly Value[]): Value {
    if (target instanceof ZodConstructor) return construct(target.name, args);
    if (target instanceof FunctionValue) return this.callFunction(node, target, args);
    if (target instanceof PackageExport && target.specifier === 'zod-to-json-schema' && target.name === 'zodToJsonSchema') {
      const [schema] = args;
      if (!isZod(schema)) return this.fail(node, 'zodToJsonSchema of something that is not a zod schema');
      return toolJsonSchema(schema, 'input') as PlainObject;
    }
    return this.fail(node, `a call of ${kindOf(target)}`);
  }

  /** Follows a helper defined in the repository: `optionalString('the query')` → its returned zod chain. */
  callFunction(node: Node, fn: FunctionValue, args: readonly Value[], options: { allowAsync?: boolean } = {}): Value {
    const declaration = fn.node;
    if (!(Node.isArrowFunction(declaration) || Node.isFunctionExpression(declaration) || Node.isFunctionDeclaration(declaration) || Node.isMethodDeclaration(declaration))) {
      return this.fail(node, 'a call of something that is not a function');
    }
    if ((declaration.isAsync() && !options.allowAsync) || (!Node.isArrowFunction(declaration) && declaration.isGenerator())) this.fail(node, 'a call of an async or generator function');
    const env = new Map(fn.env);
    for (const [index, parameter] of declaration.getParameters().entries()) {
      if (!Node.isIdentifier(parameter.getNameNode()) || parameter.isRestParameter()) this.fail(parameter, 'a helper parameter that is destructured or a rest parameter');
      let value = args[index];
      const initializer = parameter.getInitializer();
      if (value === undefined && initializer) value = this.evaluate(initializer, env);
      env.set(parameter, value);
    }
    const body = declaration.getBody();
    if (!body) return this.fail(node, 'a call of a function without a body');
    if (!Node.isBlock(body)) return this.evaluate(body, env);
    const statements = body.getStatements();
    const last = statements.at(-1);
    // Only straight-line helpers: constants, then one return. Branches would need run-time values.
    for (const statement of statements.slice(0, -1)) {
      if (!Node.isVariableStatement(statement) || statement.getDeclarationKind() !== VariableDeclarationKind.Const) this.fail(statement, 'a helper with control flow or side effects');
    }
    if (!last || !Node.isReturnStatement(last)) return this.fail(declaration, 'a helper that does not end in one return');
    const returned = last.getExpression();
    return returned ? this.evaluate(returned, env) : undefined;
  }

  /** The value an identifier names at this point: a parameter being followed, a constant, a function, an import. */
  private identifier(node: Node, env: Env): Value {
    const name = node.getText();
    if (name === 'undefined') return undefined;
    for (let scope: Node | undefined = node.getParent(); scope; scope = scope.getParent()) {
      if (Node.isArrowFunction(scope) || Node.isFunctionExpression(scope) || Node.isFunctionDeclaration(scope) || Node.isMethodDeclaration(scope)) {
        const parameter = scope.getParameters().find((candidate) => candidate.getName() === name);
        if (parameter) {
          const value = env.get(parameter);
          if (value instanceof DeferredArgument) return this.evaluate(value.node, value.env);
          if (env.has(parameter)) return value;
          throw new UnboundParameter(`\`${name}\` is a parameter: its value depends on the caller: \`${excerpt(node)}\` (${this.where(node)})`, parameter);
        }
      }
      if (Node.isForOfStatement(scope) || Node.isForInStatement(scope) || Node.isForStatement(scope)) {
        const initializer = scope.getInitializer();
        if (initializer && Node.isVariableDeclarationList(initializer) && initializer.getDeclarations().some((declaration) => declaration.getName() === name)) {
          return this.fail(node, `\`${name}\` is a loop variable: tools built in a loop are not read`);
        }
      }
      if (Node.isSourceFile(scope)) {
        const found = this.moduleBinding(scope, name, node);
        if (found.found) return found.value;
      } else if (Node.isBlock(scope) || Node.isModuleBlock(scope) || Node.isCaseClause(scope)) {
        const found = this.declaredIn(scope, name, node, env);
        if (found.found) return found.value;
      }
    }
    return this.fail(node, `\`${name}\` is not defined in the repository files read`);
  }

  /**
   * A name declared at the top of a module does not depend on any parameter: resolved once per
   * module and name (a tool file refers to `z` and its helpers dozens of times).
   */
  private moduleBinding(file: SourceFile, name: string, use: Node): { found: true; value: Value } | { found: false } {
    let names = this.moduleBindings.get(file);
    if (!names) this.moduleBindings.set(file, (names = new Map()));
    let binding = names.get(name);
    if (!binding) {
      binding = this.declaredIn(file, name, use, EMPTY_ENV);
      names.set(name, binding);
    }
    return binding;
  }

  private declaredIn(scope: Node & { getStatements(): Node[] }, name: string, use: Node, env: Env): { found: true; value: Value } | { found: false } {
    for (const statement of scope.getStatements()) {
      if (Node.isVariableStatement(statement)) {
        for (const declaration of statement.getDeclarations()) {
          if (declaration.getName() === name) return { found: true, value: this.variable(declaration, env) };
        }
      } else if ((Node.isFunctionDeclaration(statement) || Node.isEnumDeclaration(statement) || Node.isClassDeclaration(statement)) && statement.getName() === name) {
        return { found: true, value: this.declarationValue(statement, env) };
      } else if (Node.isImportDeclaration(statement)) {
        const value = this.imported(statement, name, use);
        if (value.found) return value;
      }
    }
    return { found: false };
  }

  private declarationValue(declaration: Node, env: Env): Value {
    if (Node.isFunctionDeclaration(declaration)) return new FunctionValue(declaration, env);
    if (Node.isEnumDeclaration(declaration)) return this.enumValue(declaration);
    return this.fail(declaration, 'a class');
  }

  private variable(declaration: Node, env: Env): Value {
    if (!Node.isVariableDeclaration(declaration)) return this.fail(declaration, 'not a variable');
    if (!Node.isIdentifier(declaration.getNameNode())) return this.fail(declaration, 'a destructured constant');
    const list = declaration.getParent();
    if (Node.isVariableDeclarationList(list) && list.getDeclarationKind() !== VariableDeclarationKind.Const) {
      return this.fail(declaration, `\`${declaration.getName()}\` is declared with ${list.getDeclarationKind()}: its value may change`);
    }
    const initializer = declaration.getInitializer();
    if (!initializer) return this.fail(declaration, 'a constant without a value');
    // Constants outside any function do not depend on parameters: evaluate them once.
    const moduleLevel = !declaration.getFirstAncestor((ancestor) => Node.isFunctionLikeDeclaration(ancestor) || Node.isArrowFunction(ancestor));
    if (moduleLevel && this.moduleConstants.has(declaration)) return this.moduleConstants.get(declaration);
    if (this.inProgress.has(declaration)) return this.fail(declaration, 'a constant that refers to itself');
    this.inProgress.add(declaration);
    try {
      const value = this.evaluate(initializer, moduleLevel ? EMPTY_ENV : env);
      if (moduleLevel) this.moduleConstants.set(declaration, value);
      return value;
    } finally {
      this.inProgress.delete(declaration);
    }
  }

  private enumValue(declaration: Node): Value {
    if (!Node.isEnumDeclaration(declaration)) return this.fail(declaration, 'not an enum');
    const object: Record<string, Value> = {};
    let next = 0;
    for (const member of declaration.getMembers()) {
      const initializer = member.getInitializer();
      const value = initializer ? this.evaluate(initializer) : next;
      if (typeof value === 'number') {
        object[member.getName()] = value;
        // A numeric enum maps values back to names, as TypeScript emits it (zod skips those keys).
        object[String(value)] = member.getName();
        next = value + 1;
      } else if (typeof value === 'string') object[member.getName()] = value;
      else this.fail(member, 'an enum member that is not a constant');
    }
    return object;
  }

  private imported(statement: Node, name: string, use: Node): { found: true; value: Value } | { found: false } {
    if (!Node.isImportDeclaration(statement)) return { found: false };
    const specifier = statement.getModuleSpecifierValue();
    const clause = statement.getImportClause();
    if (!clause) return { found: false };
    const isZodModule = ZOD_MODULES.has(specifier);
    const namespace = clause.getNamespaceImport();
    if (namespace?.getText() === name) return { found: true, value: isZodModule ? new ZodNamespace(false) : this.moduleNamespace(statement, specifier, use) };
    if (clause.getDefaultImport()?.getText() === name) {
      return { found: true, value: isZodModule ? new ZodNamespace(false) : this.fromModule(statement, specifier, 'default', use) };
    }
    for (const named of clause.getNamedImports()) {
      if ((named.getAliasNode()?.getText() ?? named.getName()) !== name) continue;
      const imported = named.getName();
      if (isZodModule) return { found: true, value: imported === 'z' ? new ZodNamespace(false) : new ZodConstructor(imported) };
      return { found: true, value: this.fromModule(statement, specifier, imported, use) };
    }
    return { found: false };
  }

  private moduleNamespace(statement: Node, specifier: string, use: Node): Value {
    const target = this.program.resolve(statement.getSourceFile(), specifier);
    if (typeof target === 'string') return specifier.startsWith('.') ? this.fail(use, target) : new PackageExport(specifier, '*');
    return new ModuleNamespace(target);
  }

  private fromModule(statement: Node, specifier: string, name: string, use: Node): Value {
    if (!specifier.startsWith('./') && !specifier.startsWith('../')) return new PackageExport(specifier, name);
    const target = this.program.resolve(statement.getSourceFile(), specifier);
    if (typeof target === 'string') return this.fail(use, target);
    return this.exported(target, name, use);
  }

  /** The value a module exports under `name`: `export const`, `export function`, `export { a as name }`, re-exports, `export default`. */
  exported(file: SourceFile, name: string, use: Node, seen = new Set<SourceFile>()): Value {
    if (seen.has(file)) return this.fail(use, `\`${name}\` is re-exported in a cycle`);
    seen.add(file);
    for (const statement of file.getStatements()) {
      if (Node.isVariableStatement(statement) && statement.hasExportKeyword()) {
        const declaration = statement.getDeclarations().find((candidate) => candidate.getName() === name);
        if (declaration) return this.variable(declaration, EMPTY_ENV);
      }
      if ((Node.isFunctionDeclaration(statement) || Node.isEnumDeclaration(statement) || Node.isClassDeclaration(statement)) && statement.hasExportKeyword()) {
        const exportedName = statement.hasDefaultKeyword() ? 'default' : statement.getName();
        if (exportedName === name) return this.declarationValue(statement, EMPTY_ENV);
      }
      if (Node.isExportAssignment(statement) && name === 'default' && !statement.isExportEquals()) return this.evaluate(statement.getExpression());
      if (Node.isExportDeclaration(statement)) {
        const specifier = statement.getModuleSpecifierValue();
        for (const named of statement.getNamedExports()) {
          if ((named.getAliasNode()?.getText() ?? named.getName()) !== name) continue;
          if (specifier === undefined) {
            const local = this.declaredIn(file, named.getName(), named, EMPTY_ENV);
            if (local.found) return local.value;
            return this.fail(named, `\`${named.getName()}\` is exported but not declared`);
          }
          return this.fromModule(statement, specifier, named.getName(), use);
        }
        if (specifier !== undefined && statement.isNamespaceExport() && !statement.getNamespaceExport()) {
          const target = this.program.resolve(file, specifier);
          if (typeof target !== 'string' && this.exports(target, name)) return this.exported(target, name, use, seen);
        }
      }
    }
    return this.fail(use, `\`${name}\` is not exported by ${this.program.pathOf(file)}`);
  }

  /** Whether a module exports `name` (syntactically), to pick the right `export *` source. */
  private exports(file: SourceFile, name: string, seen = new Set<SourceFile>()): boolean {
    if (seen.has(file)) return false;
    seen.add(file);
    for (const statement of file.getStatements()) {
      if (Node.isVariableStatement(statement) && statement.hasExportKeyword() && statement.getDeclarations().some((declaration) => declaration.getName() === name)) return true;
      if ((Node.isFunctionDeclaration(statement) || Node.isEnumDeclaration(statement) || Node.isClassDeclaration(statement)) && statement.hasExportKeyword()) {
        if ((statement.hasDefaultKeyword() ? 'default' : statement.getName()) === name) return true;
      }
      if (Node.isExportAssignment(statement) && name === 'default') return true;
      if (Node.isExportDeclaration(statement)) {
        if (statement.getNamedExports().some((named) => (named.getAliasNode()?.getText() ?? named.getName()) === name)) return true;
        const specifier = statement.getModuleSpecifierValue();
        if (specifier !== undefined && statement.isNamespaceExport() && !statement.getNamespaceExport()) {
          const target = this.program.resolve(file, specifier);
          if (typeof target !== 'string' && this.exports(target, name, seen)) return true;
        }
      }
    }
    return false;
  }
}
