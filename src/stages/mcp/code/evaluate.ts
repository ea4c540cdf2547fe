import { parameterName, propertyAccess } from '../../../syntax/ast.js';
import { isCall, lineOf, type t } from '../../../syntax/parse.js';
import { enumMembers, ExpressionEvaluator, type Refusal } from '../../../syntax/constants.js';

export { isCall };
import type { Program, SourceFile } from './program.js';
import {
  DeferredArgument,
  EMPTY_ENV,
  FunctionValue,
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

/** Short one-line source text of a node of `file` for messages. */
export function excerpt(node: t.Node, file: SourceFile, max = 120): string {
  const text = (node.start == null || node.end == null ? '' : file.text.slice(node.start, node.end)).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

type FunctionNode =
  t.ArrowFunctionExpression | t.FunctionExpression | t.FunctionDeclaration | t.TSDeclareFunction | t.ObjectMethod | t.ClassMethod | t.ClassPrivateMethod;

/** Functions whose parameters a name may refer to (the compiler's arrows, functions and methods; not constructors or accessors). */
export function isFunctionNode(node: t.Node): node is FunctionNode {
  switch (node.type) {
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
    case 'FunctionDeclaration':
    case 'TSDeclareFunction':
      return true;
    case 'ObjectMethod':
    case 'ClassMethod':
    case 'ClassPrivateMethod':
      return node.kind === 'method';
    default:
      return false;
  }
}

/** Anything with a body the compiler called function-like (constructors and accessors included). */
function isFunctionLikeDeclaration(node: t.Node): boolean {
  switch (node.type) {
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
    case 'FunctionDeclaration':
    case 'TSDeclareFunction':
    case 'ObjectMethod':
    case 'ClassMethod':
    case 'ClassPrivateMethod':
    case 'TSDeclareMethod':
      return true;
    default:
      return false;
  }
}

export { parameterName, propertyAccess } from '../../../syntax/ast.js';

/** A statement without its `export` / `export default` wrapper (the compiler kept `export` as a modifier). */
export function unexported(statement: t.Node): { statement: t.Node; exported: boolean; isDefault: boolean } {
  if (statement.type === 'ExportNamedDeclaration' && statement.declaration) return { statement: statement.declaration, exported: true, isDefault: false };
  if (statement.type === 'ExportDefaultDeclaration' && isDefaultDeclaration(statement.declaration))
    return { statement: statement.declaration, exported: true, isDefault: true };
  return { statement, exported: false, isDefault: false };
}

/** What `export default` holds as a declaration rather than as an expression. */
function isDefaultDeclaration(node: t.Node): boolean {
  return node.type === 'FunctionDeclaration' || node.type === 'TSDeclareFunction' || node.type === 'ClassDeclaration' || node.type === 'TSInterfaceDeclaration';
}

function declaredName(node: t.Node): string | undefined {
  if (node.type === 'FunctionDeclaration' || node.type === 'TSDeclareFunction' || node.type === 'ClassDeclaration') return node.id?.name;
  if (node.type === 'TSEnumDeclaration') return node.id.name;
  return undefined;
}

function isNamedDeclaration(node: t.Node): boolean {
  return node.type === 'FunctionDeclaration' || node.type === 'TSDeclareFunction' || node.type === 'TSEnumDeclaration' || node.type === 'ClassDeclaration';
}

function exportName(node: t.Identifier | t.StringLiteral): string {
  return node.type === 'Identifier' ? node.name : node.value;
}

/** A parameter with no value in scope: the registration sits in a function that callers give it to (a wrapper). */
export class UnboundParameter extends Unconvertible {
  constructor(
    message: string,
    readonly parameter: t.Node,
  ) {
    super(message);
  }
}

/**
 * The MCP reader's evaluator: the toolkit's recursion through expressions (src/syntax/constants.ts
 * ExpressionEvaluator) with what only this reader reads — zod's namespace, constructors and
 * methods, helper functions of the repository called with their parameters bound, module
 * namespaces, packages' exports — and its refusals worded with the expression and where it is.
 */
/** A constant whose value is read while it is being read (`const A = z.lazy(() => z.array(A))`): a recursive definition. */
class SelfReference extends Unconvertible {}

export class Evaluator extends ExpressionEvaluator<Value, Env> {
  private readonly moduleConstants = new Map<t.Node, Value>();
  private readonly moduleBindings = new Map<SourceFile, Map<string, { found: true; value: Value } | { found: false }>>();
  private readonly inProgress = new Set<t.Node>();
  private exportDepth = 0;

  constructor(private readonly program: Program) {
    super();
    this.maxDepth = MAX_DEPTH;
  }

  /** Where a node is, as `path:line`. */
  where(node: t.Node): string {
    return `${this.program.pathOf(this.program.fileOf(node))}:${lineOf(node)}`;
  }

  /** Short one-line source text of a node, for messages. */
  excerpt(node: t.Node): string {
    return excerpt(node, this.program.fileOf(node));
  }

  private fail(node: t.Node, reason: string): never {
    throw new Unconvertible(`${reason}: \`${this.excerpt(node)}\` (${this.where(node)})`);
  }

  protected refuse(node: t.Node, refusal: Refusal<Value>): never {
    switch (refusal.kind) {
      case 'operator':
        return this.fail(
          node,
          node.type === 'UnaryExpression' ? 'an operator that is not evaluated statically' : 'an operation that is not evaluated statically',
        );
      case 'text':
        return this.fail(
          node,
          node.type === 'BinaryExpression' ? 'an operation that is not evaluated statically' : `a template part that is ${kindOf(refusal.value)}`,
        );
      case 'spread':
        return this.fail(node, `a spread of ${kindOf(refusal.value)}`);
      case 'key':
        return this.fail(node, refusal.of === 'property' ? 'a property name that is not a constant' : 'an element access whose key is not a constant');
      case 'member':
        return this.fail(node, `\`.${refusal.key}\` of ${kindOf(refusal.value)}`);
      case 'accessor':
        return this.fail(node, 'an accessor in an object literal');
      case 'condition':
        return this.fail(node, `a condition that is ${kindOf(refusal.value)}`);
      case 'depth':
        return this.fail(node, 'definitions nest too deep (or refer to themselves)');
      default:
        return this.fail(node, 'an expression that is not evaluated statically');
    }
  }

  evaluate(node: t.Node, env: Env = EMPTY_ENV): Value {
    return this.value(node, env);
  }

  override value(node: t.Node, env: Env): Value {
    try {
      return super.value(node, env);
    } catch (error) {
      // A reason from zod-build carries no location yet: add the expression it was about.
      if (error instanceof Unconvertible && !error.message.includes('` (')) this.fail(node, error.message);
      throw error;
    }
  }

  /** What the toolkit's evaluator leaves to this reader: regular expressions, functions, and constructs refused after reading their operands. */
  protected override other(node: t.Node, env: Env): Value {
    switch (node.type) {
      case 'RegExpLiteral':
        return new RegExpValue(node.pattern, node.flags);
      case 'ArrowFunctionExpression':
      case 'FunctionExpression':
        return new FunctionValue(node, env);
      case 'UpdateExpression':
        if (node.prefix) this.evaluate(node.argument, env);
        return this.fail(node, node.prefix ? 'an operator that is not evaluated statically' : 'an expression that is not evaluated statically');
      case 'AssignmentExpression':
        // `a = b`: both sides are read (a reason inside them comes first), then refused.
        this.evaluate(node.left, env);
        this.evaluate(node.right, env);
        return this.fail(node, 'an operation that is not evaluated statically');
      case 'SequenceExpression':
        for (const expression of node.expressions) this.evaluate(expression, env);
        return this.fail(node, 'an operation that is not evaluated statically');
      case 'NewExpression':
        if (node.callee.type === 'Identifier' && node.callee.name === 'RegExp') {
          const [source, flags] = node.arguments.map((argument) => this.evaluate(argument, env));
          if (typeof source === 'string' && (flags === undefined || typeof flags === 'string')) return new RegExpValue(source, flags ?? '');
        }
        return this.fail(node, 'an expression that is not evaluated statically');
      default:
        return this.fail(node, 'an expression that is not evaluated statically');
    }
  }

  /** A branch on what is known only at run time (a caller's scopes): the conditional is named, not what its test reads. */
  protected override conditional(node: t.ConditionalExpression, env: Env): Value {
    let test: Value;
    try {
      test = this.evaluate(node.test, env);
    } catch (error) {
      if (error instanceof Unconvertible && !(error instanceof UnboundParameter)) return this.fail(node, 'an expression that is not evaluated statically');
      throw error;
    }
    return this.evaluate(this.truthOf(node.test, test) ? node.consequent : node.alternate, env);
  }

  protected override objectMethod(property: t.ObjectMethod, env: Env): Value {
    return property.kind === 'method' ? new FunctionValue(property, env) : this.fail(property, 'an accessor in an object literal');
  }

  protected override member(node: t.Node, object: Value, name: string, env: Env): Value {
    if (object instanceof ZodNamespace) return name === 'coerce' ? new ZodNamespace(true) : new ZodConstructor(name);
    if (isZod(object)) return zodProperty(object, name);
    if (object instanceof ModuleNamespace) return this.exported(object.file, name, node);
    return super.member(node, object, name, env);
  }

  /** `[…].map(fn)` with a function of the repository: each item through it (item and index bound to its parameters). */
  protected override mapCall(node: t.CallExpression | t.OptionalCallExpression, items: readonly Value[], env: Env): { value: Value } | undefined {
    const [fn] = this.callArguments(node, env);
    if (!(fn instanceof FunctionValue)) return this.fail(node, 'a computed list (`.map`)');
    return { value: items.map((item, index) => this.callFunction(node, fn, [item, index])) };
  }

  private callArguments(node: t.CallExpression | t.OptionalCallExpression, env: Env): Value[] {
    return node.arguments.map((argument) => (argument.type === 'SpreadElement' ? this.fail(argument, 'a spread argument') : this.evaluate(argument, env)));
  }

  protected override call(node: t.CallExpression | t.OptionalCallExpression, env: Env): Value {
    const callee = node.callee;
    const access = propertyAccess(callee);
    if (access) {
      const receiver = this.evaluate(access.object, env);
      const name = access.name;
      if (isZod(receiver)) return applyMethod(receiver, name, this.callArguments(node, env));
      const applied = this.methodCall(node, receiver, name, env);
      if (applied) return applied.value;
      const target = this.member(callee, receiver, name, env);
      return this.invoke(node, target, this.callArguments(node, env));
    }
    return this.invoke(node, this.evaluate(callee, env), this.callArguments(node, env));
  }

  private invoke(node: t.Node, target: Value, args: readonly Value[]): Value {
    if (target instanceof ZodConstructor && target.name === 'lazy') return this.lazy(node, args);
    if (target instanceof ZodConstructor) return construct(target.name, args);
    if (target instanceof FunctionValue) return this.callFunction(node, target, args);
    if (target instanceof PackageExport && target.specifier === 'zod-to-json-schema' && target.name === 'zodToJsonSchema') {
      const [schema] = args;
      if (!isZod(schema)) return this.fail(node, 'zodToJsonSchema of something that is not a zod schema');
      return toolJsonSchema(schema, 'input') as PlainObject;
    }
    return this.fail(node, `a call of ${kindOf(target)}`);
  }

  /**
   * `z.lazy(() => schema)`: a client sees the schema the function returns (zod-to-json-schema and
   * zod's own toJSONSchema read it through). One that refers to itself — a recursive schema such as
   * a group of conditions holding groups — would need a structural comparison with a cycle guard:
   * not read, said so.
   */
  private lazy(node: t.Node, args: readonly Value[]): Value {
    const [getter] = args;
    if (!(getter instanceof FunctionValue)) return this.fail(node, `z.lazy() of ${kindOf(getter)}`);
    try {
      const schema = this.callFunction(node, getter, []);
      if (!isZod(schema)) return this.fail(node, `z.lazy() of a function returning ${kindOf(schema)}`);
      return schema;
    } catch (error) {
      if (error instanceof SelfReference) return this.fail(node, 'z.lazy() is not supported for a schema that refers to itself (a recursive schema)');
      throw error;
    }
  }

  /** Follows a helper defined in the repository: `optionalString('the query')` → its returned zod chain. */
  callFunction(node: t.Node, fn: FunctionValue, args: readonly Value[], options: { allowAsync?: boolean } = {}): Value {
    const declaration = fn.node;
    if (!isFunctionNode(declaration)) return this.fail(node, 'a call of something that is not a function');
    const isAsync = declaration.type !== 'TSDeclareFunction' && declaration.async === true;
    const isGenerator = declaration.type !== 'ArrowFunctionExpression' && declaration.generator === true;
    if ((isAsync && !options.allowAsync) || isGenerator) this.fail(node, 'a call of an async or generator function');
    const env = new Map(fn.env);
    for (const [index, parameter] of declaration.params.entries()) {
      const name =
        parameter.type === 'Identifier'
          ? parameter
          : parameter.type === 'AssignmentPattern' && parameter.left.type === 'Identifier'
            ? parameter.left
            : undefined;
      if (!name) this.fail(parameter, 'a helper parameter that is destructured or a rest parameter');
      let value = args[index];
      const initializer = parameter.type === 'AssignmentPattern' ? parameter.right : undefined;
      if (value === undefined && initializer) value = this.evaluate(initializer, env);
      env.set(parameter, value);
    }
    const body = declaration.type === 'TSDeclareFunction' ? undefined : declaration.body;
    if (!body) return this.fail(node, 'a call of a function without a body');
    if (body.type !== 'BlockStatement') return this.evaluate(body, env);
    const statements = body.body;
    const last = statements.at(-1);
    // Only straight-line helpers: constants, then one return. Branches would need run-time values.
    for (const statement of statements.slice(0, -1)) {
      if (statement.type !== 'VariableDeclaration' || statement.kind !== 'const') this.fail(statement, 'a helper with control flow or side effects');
    }
    if (!last || last.type !== 'ReturnStatement') return this.fail(declaration, 'a helper that does not end in one return');
    return last.argument ? this.evaluate(last.argument, env) : undefined;
  }

  /** The value an identifier names at this point: a parameter being followed, a constant, a function, an import. */
  protected identifier(node: t.Identifier, env: Env): Value {
    const name = node.name;
    if (name === 'undefined') return undefined;
    for (let scope = this.program.parentOf(node); scope; scope = this.program.parentOf(scope)) {
      if (isFunctionNode(scope)) {
        const parameter = scope.params.find((candidate) => parameterName(candidate) === name);
        if (parameter) {
          const value = env.get(parameter);
          if (value instanceof DeferredArgument) return this.evaluate(value.node, value.env);
          if (env.has(parameter)) return value;
          throw new UnboundParameter(`\`${name}\` is a parameter: its value depends on the caller: \`${this.excerpt(node)}\` (${this.where(node)})`, parameter);
        }
      }
      const loopDeclarations =
        scope.type === 'ForStatement' ? scope.init : scope.type === 'ForOfStatement' || scope.type === 'ForInStatement' ? scope.left : undefined;
      if (
        loopDeclarations?.type === 'VariableDeclaration' &&
        loopDeclarations.declarations.some((declaration) => declaration.id.type === 'Identifier' && declaration.id.name === name)
      ) {
        return this.fail(node, `\`${name}\` is a loop variable: tools built in a loop are not read`);
      }
      if (scope.type === 'Program') {
        const found = this.moduleBinding(this.program.fileOf(scope), name, node);
        if (found.found) return found.value;
      } else {
        const statements =
          scope.type === 'BlockStatement' || scope.type === 'TSModuleBlock' || scope.type === 'StaticBlock'
            ? scope.body
            : scope.type === 'SwitchCase'
              ? scope.consequent
              : undefined;
        if (statements) {
          const found = this.declaredIn(statements, name, node, env);
          if (found.found) return found.value;
        }
      }
    }
    return this.fail(node, `\`${name}\` is not defined in the repository files read`);
  }

  /**
   * A name declared at the top of a module does not depend on any parameter: resolved once per
   * module and name (a tool file refers to `z` and its helpers dozens of times).
   */
  private moduleBinding(file: SourceFile, name: string, use: t.Node): { found: true; value: Value } | { found: false } {
    let names = this.moduleBindings.get(file);
    if (!names) this.moduleBindings.set(file, (names = new Map()));
    let binding = names.get(name);
    if (!binding) {
      binding = this.declaredIn(file.ast.program.body, name, use, EMPTY_ENV);
      names.set(name, binding);
    }
    return binding;
  }

  private declaredIn(statements: readonly t.Node[], name: string, use: t.Node, env: Env): { found: true; value: Value } | { found: false } {
    for (const outer of statements) {
      const { statement } = unexported(outer);
      if (statement.type === 'VariableDeclaration') {
        for (const declaration of statement.declarations) {
          if (declaration.id.type === 'Identifier' && declaration.id.name === name) return { found: true, value: this.variable(declaration, env) };
        }
      } else if (isNamedDeclaration(statement) && declaredName(statement) === name) {
        return { found: true, value: this.declarationValue(statement, env) };
      } else if (statement.type === 'ImportDeclaration') {
        const value = this.imported(statement, name, use);
        if (value.found) return value;
      }
    }
    return { found: false };
  }

  private declarationValue(declaration: t.Node, env: Env): Value {
    if (declaration.type === 'FunctionDeclaration' || declaration.type === 'TSDeclareFunction') return new FunctionValue(declaration, env);
    if (declaration.type === 'TSEnumDeclaration') return this.enumValue(declaration);
    return this.fail(declaration, 'a class');
  }

  private variable(declaration: t.VariableDeclarator, env: Env): Value {
    if (declaration.id.type !== 'Identifier') return this.fail(declaration, 'a destructured constant');
    const list = this.program.parentOf(declaration);
    if (list?.type === 'VariableDeclaration' && list.kind !== 'const') {
      return this.fail(declaration, `\`${declaration.id.name}\` is declared with ${list.kind}: its value may change`);
    }
    const initializer = declaration.init;
    if (!initializer) return this.fail(declaration, 'a constant without a value');
    // Constants outside any function do not depend on parameters: evaluate them once.
    let moduleLevel = true;
    for (let ancestor = this.program.parentOf(declaration); ancestor && moduleLevel; ancestor = this.program.parentOf(ancestor))
      moduleLevel = !isFunctionLikeDeclaration(ancestor);
    if (moduleLevel && this.moduleConstants.has(declaration)) return this.moduleConstants.get(declaration);
    if (this.inProgress.has(declaration))
      throw new SelfReference(`a constant that refers to itself: \`${this.excerpt(declaration)}\` (${this.where(declaration)})`);
    this.inProgress.add(declaration);
    try {
      const value = this.evaluate(initializer, moduleLevel ? EMPTY_ENV : env);
      if (moduleLevel) this.moduleConstants.set(declaration, value);
      return value;
    } finally {
      this.inProgress.delete(declaration);
    }
  }

  private enumValue(declaration: t.TSEnumDeclaration): Value {
    const object: Record<string, Value> = {};
    const file = this.program.fileOf(declaration);
    const members = enumMembers(declaration, (initializer) => {
      const value = this.evaluate(initializer);
      return typeof value === 'string' || typeof value === 'number' ? value : undefined;
    });
    if (!Array.isArray(members)) return this.fail(members.unreadable, 'an enum member that is not a constant');
    for (const { member, value } of members) {
      // The member's name as written (the compiler's getName(), quotes included for a string name).
      const name = member.id.start == null || member.id.end == null ? '' : file.text.slice(member.id.start, member.id.end);
      object[name] = value;
      // A numeric enum maps values back to names, as TypeScript emits it (zod skips those keys).
      if (typeof value === 'number') object[String(value)] = name;
    }
    return object;
  }

  private imported(statement: t.ImportDeclaration, name: string, use: t.Node): { found: true; value: Value } | { found: false } {
    const specifier = statement.source.value;
    for (const binding of statement.specifiers) {
      if (binding.local.name !== name) continue;
      const imported = binding.type === 'ImportNamespaceSpecifier' ? '*' : binding.type === 'ImportDefaultSpecifier' ? 'default' : exportName(binding.imported);
      if (ZOD_MODULES.has(specifier))
        return { found: true, value: imported === '*' || imported === 'default' || imported === 'z' ? new ZodNamespace(false) : new ZodConstructor(imported) };
      return { found: true, value: this.fromModule(this.program.fileOf(statement), specifier, imported, use) };
    }
    return { found: false };
  }

  /** The value `specifier` exports as `name` (`*`: the whole module), resolved from `file` (relative, alias, workspace package). */
  private fromModule(file: SourceFile, specifier: string, name: string, use: t.Node): Value {
    const target = this.program.resolve(file, specifier);
    if (typeof target === 'string') return this.fail(use, target);
    if (!('ast' in target)) return new PackageExport(specifier, name);
    return name === '*' ? new ModuleNamespace(target) : this.exported(target, name, use);
  }

  /** The value a module exports under `name`: `export const`, `export function`, `export { a as name }`, re-exports, `export *`, `export default`, CommonJS exports. */
  exported(file: SourceFile, name: string, use: t.Node): Value {
    // An export of an imported name leads to another module's export: a cycle of them ends here.
    if (++this.exportDepth > MAX_DEPTH) {
      this.exportDepth = 0;
      return this.fail(use, `\`${name}\` is exported through a cycle of imports`);
    }
    try {
      const origin = this.program.exportOf(file, name);
      if (origin === undefined) return this.fail(use, `\`${name}\` is not exported by ${this.program.pathOf(file)}`);
      if (origin.kind === 'missing') return this.fail(use, origin.reason);
      if (origin.kind === 'external') return new PackageExport(origin.specifier, origin.imported);
      const owner = this.program.fileAt(origin.path)!;
      if (origin.kind === 'namespace') return new ModuleNamespace(owner);
      const { local, value } = origin.binding;
      if (local !== undefined) {
        const found = this.declaredIn(owner.ast.program.body, local, use, EMPTY_ENV);
        return found.found ? found.value : this.fail(use, `\`${local}\` is exported but not declared`);
      }
      if (value === undefined) return this.fail(use, `\`${name}\` is exported without a value`);
      return isNamedDeclaration(value) ? this.declarationValue(value, EMPTY_ENV) : this.evaluate(value);
    } finally {
      this.exportDepth = Math.max(0, this.exportDepth - 1);
    }
  }
}
