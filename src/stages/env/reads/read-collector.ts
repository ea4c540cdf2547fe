import { parameterName } from '../../../syntax/ast.js';
import { compareText } from '../../../core/compare-text.js';
import { isCall, isMember, lineOf, literalKeyName, walk, type t } from '../../../syntax/parse.js';
import { isSchemaEnvArgument, readEnvSchemaCall, type SchemaContext } from '../env-schemas.js';
import { type EnvRead, type UnresolvedRead } from './types.js';
import {
  type Member,
  type Call,
  type FunctionLike,
  memberName,
  isTransparentWrapper,
  unwrap,
  isCallee,
  isFunctionLike,
  enclosingFunction,
  functionName,
  isReferenceIdentifier,
  propertyNameOf,
  bindingOf,
  dottedPath,
} from './tree.js';
import { MAX_TRACE, constBinding, isMutatedIn } from './scope.js';
import {
  STATEMENT_MAX,
  ITERATIONS,
  SUBSETS,
  T3_RUNTIME_KEYS,
  CHILD_PROCESS_CALLS,
  SAFE_FIXES_PASSED,
  SAFE_FIXES_HELD,
  ENV_NAME,
  lastName,
  isEnvProperty,
  isWrite,
  truncate,
} from './env-shapes.js';
import { ReadDefaults } from './read-defaults.js';

/** tinyexec's exports that run a program with `nodeOptions` handed to `child_process.spawn`. */
const TINYEXEC_CALLS = new Set(['x', 'exec']);

/** A family worth naming: a hole and a literal part of at least three name characters, nothing but name characters. */
function isFamily(pattern: string): boolean {
  return pattern.includes('*') && /^[A-Za-z0-9_*]+$/.test(pattern) && pattern.replace(/\*/g, '').length >= 3;
}

/**
 * The env reads of one file, on top of its bindings (file-bindings.ts) and of how reads are named and
 * defaulted (read-defaults.ts): `process.env` and env-object members, helper calls, destructurings,
 * decorated keys, where a read sits, and the uses it cannot name (escapes, computed names).
 */
export class ReadCollector extends ReadDefaults implements SchemaContext {
  /** Each read with where it starts: reads on one line with one name keep source order. */
  private readonly reads: Array<{ read: EnvRead; start: number }> = [];
  private readonly unresolved: UnresolvedRead[] = [];

  collect(): { reads: EnvRead[]; unresolved: UnresolvedRead[] } {
    this.prepare();
    for (const node of this.order) this.inspect(node);
    return {
      reads: this.reads.sort((a, b) => a.read.line - b.read.line || compareText(a.read.name, b.read.name) || a.start - b.start).map((entry) => entry.read),
      unresolved: this.unresolved.sort((a, b) => a.line - b.line || compareText(a.reason, b.reason)),
    };
  }

  /** `@Deprecated("…") public NAME = …`: the property's name is read by the decorator. */
  private collectDecoratedKey(member: t.ClassProperty | t.ClassAccessorProperty | t.ClassMethod): void {
    for (const decorator of member.decorators ?? []) {
      const expression = unwrap(decorator.expression);
      const called = isCall(expression);
      const callee = called ? expression.callee : expression;
      const factory = callee.type === 'Identifier' ? this.keyDecorators.get(callee.name) : undefined;
      if (factory === undefined || factory !== called) continue;
      const name = member.computed ? undefined : literalKeyName(member);
      if (name === undefined) this.unresolve(decorator, `${this.textOf(decorator)} reads the variable named by a computed property, so it cannot be named`);
      else this.add(name, decorator, null);
    }
  }

  private inspect(node: t.Node): void {
    if (isMember(node) && this.isEnvObject(node.object)) {
      if (!node.computed) {
        const name = memberName(node);
        if (!isWrite(node, this.parents) && !isCallee(node, this.parents) && !this.ownKeysOf(node.object).has(name)) this.add(name, node, this.defaultOf(node));
      } else {
        if (isWrite(node, this.parents)) return;
        const name = this.stringValue(node.property, true);
        const listed = name === undefined ? this.iteratedNames(node.property) : undefined;
        if (name !== undefined) this.add(name, node, this.defaultOf(node));
        else if (listed !== undefined) for (const each of listed) this.add(each, node, this.defaultOf(node));
        else if (this.decoratorReads.has(node)) {
          const decorator = this.decoratorReads.get(node)!;
          this.unresolve(
            node,
            `${truncate(this.textOf(node))} reads the variable named by each class property decorated with ${decorator}: those in env.sources are read`,
            true,
          );
        } else if (!this.isForwarded(node)) {
          const family = this.namePattern(node.property, 0);
          if (family !== undefined && isFamily(family)) {
            const fallback = this.defaultOf(node);
            const opaque = this.opaqueDefaults.get(node);
            const key = `${family} default ${fallback === null ? 'none' : JSON.stringify(fallback)}${opaque ? ` (${this.textOf(opaque).replace(/\s+/g, ' ')})` : ''}`;
            this.unresolve(
              node,
              `${truncate(`${this.textOf(node.object)}[${this.textOf(node.property)}]`)} reads the variables named ${family} (a part of the name is computed), which cannot be listed`,
              false,
              key,
            );
          } else this.unresolve(node, this.computedReason(node, node.property, `${this.textOf(node.object)}[${this.textOf(node.property)}]`));
        }
      }
    } else if (node.type === 'VariableDeclarator') {
      this.collectDestructuring(node);
    } else if (
      (node.type === 'ClassProperty' || node.type === 'ClassAccessorProperty' || node.type === 'ClassMethod') &&
      node.decorators &&
      this.keyDecorators.size > 0
    ) {
      this.collectDecoratedKey(node);
    } else if (node.type === 'AssignmentPattern' && node.left.type === 'ObjectPattern') {
      // `function load({ PORT = '3000' } = process.env)`: a destructuring, as a parameter's default.
      const ownKeys = this.wrapperKeys(node.right);
      if (ownKeys) this.collectPattern(node.left, ownKeys);
    } else if (node.type === 'BinaryExpression' && node.operator === 'in' && this.isEnvObject(node.right)) {
      // `'FEATURE_X' in process.env`: whether it is set is a read of it.
      const name = this.stringValue(node.left);
      if (name !== undefined) this.add(name, node, null);
      else if (!this.isForwarded(node)) this.unresolve(node, this.computedReason(node, node.left, this.textOf(node)));
    } else if (isCall(node)) {
      if (this.isHelperCall(node)) this.collectHelperCall(node);
      const schema = readEnvSchemaCall(node, this);
      if (schema) {
        for (const entry of schema.entries) if (entry.opaque) this.opaqueDefaults.set(entry.node, entry.opaque);
        for (const entry of schema.entries) this.add(entry.name, entry.node, entry.default, undefined, this.keyText(entry.node), entry.optional);
        for (const problem of schema.problems) this.unresolve(problem.node, problem.reason);
      }
    }
    if (node.type === 'ForInStatement' && this.isEnvObject(node.right)) {
      this.unresolve(node, `for (… in ${this.textOf(node.right)}) reads every variable by a computed name, so they cannot be named`);
    }
    if (this.isEnvObjectReference(node)) this.checkWholeUse(node);
    else if (this.isEnvSourceReference(node) && !this.isForwarded(node)) {
      // `const pick = getAIEnvironment`: the function leaves, and so does whatever its calls return.
      this.unresolve(
        node,
        `${truncate(this.textOf(node))} returns the env object and is used here other than called: the variables read through what it returns cannot be followed (${SAFE_FIXES_HELD})`,
        false,
        undefined,
        true,
      );
    }
    if (node.type === 'Identifier' && this.keyDecorators.has(node.name) && isReferenceIdentifier(node, this.parents) && !this.isDecoratorUse(node)) {
      // Called or handed on as a function, the key it reads comes from code, not from a property.
      this.unresolve(
        node,
        `${node.name} reads the variable its second argument names and is used here other than as a decorator, so the name cannot be followed`,
      );
    }
  }

  /** An env source (of this file or linked) named as a value, not called: `getEnv` in `const f = getEnv`, `shared.getEnv` in `[shared.getEnv]`. */
  private isEnvSourceReference(node: t.Node): boolean {
    let named: boolean;
    if (node.type === 'Identifier') {
      if (!isReferenceIdentifier(node, this.parents)) return false;
      named = this.envSourceNames.has(node.name) || this.envSourceDefinition(node.name) !== undefined;
    } else if (isMember(node) && !node.computed) {
      const path = dottedPath(node);
      named = path !== undefined && this.envSourceNames.has(path);
    } else return false;
    if (!named) return false;
    const parent = this.parentOf(node);
    if (parent && isCall(parent) && parent.callee === node) return false;
    // The object of a namespace path (`shared` in `shared.getEnv()`) is not this node; a member's own name is no reference.
    if (parent && isMember(parent) && parent.property === node && !parent.computed) return false;
    return true;
  }

  /** `@D` or `@D(…)` (the decorator's own expression). */
  private isDecoratorUse(node: t.Identifier): boolean {
    const parent = this.parentOf(node);
    if (parent?.type === 'Decorator') return true;
    return parent !== undefined && isCall(parent) && parent.callee === node && this.parentOf(parent)?.type === 'Decorator';
  }

  private collectHelperCall(call: Call): void {
    const [nameArgument, defaultArgument] = call.arguments;
    const name = this.stringValue(nameArgument);
    // A config service also serves its own namespaces (`configService.get('database.host')` from a
    // `registerAs` factory, which reads process.env itself): only a key named like a variable reads the environment.
    if (name !== undefined && !ENV_NAME.test(name) && this.isServiceRead(call) && !this.helpers.has(memberName(call.callee as Member))) return;
    if (name === undefined) {
      // A configured helper that takes a value, not a name (`getPemFileContent(process.env.CERT)`):
      // the argument's own reads are read where they are; the call reads nothing by a computed name.
      if (this.helperTakesValue(call)) return;
      // The helper's own body (or a helper calling another with its parameter) forwards its callers' names.
      if (!this.isForwarded(call))
        this.unresolve(
          call,
          this.computedReason(call, nameArgument, `${this.textOf(call.callee)}(${nameArgument === undefined ? '' : this.textOf(nameArgument)})`),
        );
      return;
    }
    const given = defaultArgument === undefined ? undefined : this.literalValue(defaultArgument);
    if (defaultArgument !== undefined && given === undefined) this.opaqueDefaults.set(call, defaultArgument);
    this.add(name, call, given !== undefined ? given : this.defaultOf(call));
  }

  /**
   * Whether the configured helper `call` calls is defined once in this file and never reads the
   * environment by a name its callers give: its body holds no computed env read (`env[x]`, `x in env`),
   * no use of the env object but plain `env.NAME` reads, and no call of a configured helper with a
   * computed first argument other than one that itself takes a value. Such a helper's first argument
   * is a value (its callers' reads are read where they are written), so its calls read no computed name.
   * Reads inside the helper's body are not reported as computed ({@link isForwarded}): this is checked here.
   */
  private helperTakesValue(call: Call, seen: ReadonlySet<string> = new Set()): boolean {
    const callee = call.callee.type === 'Identifier' ? call.callee.name : undefined;
    if (callee === undefined || seen.has(callee)) return false;
    const definitions = this.order.filter((node): node is FunctionLike => isFunctionLike(node) && functionName(node, this.parents) === callee);
    const [definition] = definitions;
    if (definitions.length !== 1 || definition === undefined) return false;
    const inner = new Set([...seen, callee]);
    let takesValue = true;
    walk(definition.body, (node, parent) => {
      if (!takesValue) return false;
      if (isMember(node) && node.computed && this.isEnvObject(node.object)) takesValue = false;
      else if (node.type === 'BinaryExpression' && node.operator === 'in' && this.isEnvObject(node.right)) takesValue = false;
      else if (this.isEnvObjectReference(node)) {
        if (!(parent && isMember(parent) && parent.object === node && !parent.computed)) takesValue = false;
      } else if (isCall(node) && this.isHelperCall(node) && this.stringValue(node.arguments[0]) === undefined && !this.helperTakesValue(node, inner))
        takesValue = false;
      return takesValue;
    });
    return takesValue;
  }

  /**
   * The env object used as a whole somewhere its reads are not followed (handed to a function, kept
   * on `this`, returned, put in an options object): what is read through it is invisible, so the
   * surface cannot be complete. Uses that read nothing or are followed elsewhere pass.
   */
  private checkWholeUse(node: t.Node): void {
    let target = node;
    for (let parent = this.parentOf(target); parent && isTransparentWrapper(parent); parent = this.parentOf(target)) target = parent;
    const escape = this.escapeOf(target);
    if (!escape || this.isForwarded(node)) return;
    const what = this.textOf(target);
    this.unresolve(
      escape.at,
      escape.passed
        ? `${what} is ${escape.how}, which may read any variable: the names it reads cannot be followed (${SAFE_FIXES_PASSED})`
        : `${what} is ${escape.how}: the variables read through it cannot be followed (${SAFE_FIXES_HELD})`,
      false,
      undefined,
      true,
    );
  }

  /** Where the env object (or a value that holds it: a copy, a branch) at `target` goes, when its reads are not followed there. */
  private escapeOf(target: t.Node): { at: t.Node; how: string; passed?: boolean } | undefined {
    let parent = this.parentOf(target);
    while (parent && isTransparentWrapper(parent)) {
      target = parent;
      parent = this.parentOf(target);
    }
    if (!parent) return undefined;
    switch (parent.type) {
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        // A read (or a method call) of the env object itself; of a copy or a branch it is not followed.
        if (parent.object === target && this.isEnvObject(target)) return undefined;
        return { at: parent, how: `read through ${truncate(this.textOf(parent))}` };
      case 'VariableDeclarator':
        // An alias or a destructuring: followed (see findAliasesAndConstants, collectDestructuring).
        if (parent.init !== target || ((parent.id.type === 'Identifier' || parent.id.type === 'ObjectPattern') && this.wrapperKeys(target))) return undefined;
        return { at: parent, how: `assigned to ${truncate(this.textOf(parent.id))}` };
      case 'AssignmentExpression':
        // `process.env = …` writes (`process.env = { ...defaults, ...process.env }` keeps it the environment, read where it is read);
        // `module.exports = process.env` makes a wrapper module, followed in its importers.
        if (parent.left === target || this.isEnvObject(parent.left) || (parent.operator === '=' && this.textOf(parent.left) === 'module.exports'))
          return undefined;
        return { at: parent, how: `assigned to ${truncate(this.textOf(parent.left))}` };
      case 'AssignmentPattern':
        if (parent.left === target || (parent.left.type === 'ObjectPattern' && this.wrapperKeys(target))) return undefined;
        return { at: parent, how: `the default of ${parent.left.type === 'Identifier' ? parent.left.name : truncate(this.textOf(parent.left))}` };
      case 'ExportDefaultDeclaration':
      case 'TSExportAssignment':
      case 'ExpressionStatement':
      case 'UnaryExpression':
      case 'BinaryExpression':
      case 'IfStatement':
      case 'WhileStatement':
      case 'DoWhileStatement':
      case 'ForInStatement':
        // Exports (wrapper modules), tests of the object and comparisons read no variable; `in` and `for … in` are handled where they are.
        return undefined;
      case 'ConditionalExpression':
        if (parent.test === target) return undefined;
        // `typeof window === "undefined" ? process.env : window.env`: an env wrapper (file-bindings.ts), followed where it goes.
        if (this.wrapperKeys(parent)) return this.escapeOf(parent);
        return { at: parent, how: `one branch of ${truncate(this.textOf(parent))}` };
      case 'LogicalExpression':
        if (parent.left === target && parent.operator === '&&') return undefined;
        // `process.env || {}` is an alias where it is declared; anywhere else the value is not followed.
        if (this.wrapperKeys(parent)) return this.escapeOf(parent);
        return { at: parent, how: `one branch of ${truncate(this.textOf(parent))}` };
      case 'SpreadElement': {
        // A copy (`{ ...process.env }`): where the copy goes decides.
        const container = this.parentOf(parent);
        if (container?.type !== 'ObjectExpression') return { at: parent, how: 'spread into a list' };
        const onward = this.escapeOf(container);
        return onward && { ...onward, how: `spread into ${truncate(this.textOf(container))}, which is ${onward.how}` };
      }
      case 'CallExpression':
      case 'OptionalCallExpression':
      case 'NewExpression':
        if (parent.callee === target) return undefined;
        // Handed to a same-file function that wraps it (file-bindings.ts wrappingParameter): where the wrapper goes decides.
        // Not to an env source: what its body does with an argument is not followed, only what it returns.
        if (parent.type !== 'NewExpression' && !this.isEnvSourceCall(parent) && this.wrapperKeys(parent)) return this.escapeOf(parent);
        return this.passedOn(parent, target);
      case 'ObjectProperty':
        if (parent.value !== target) return { at: parent, how: 'used as a property name' };
        return this.optionEscape(parent);
      case 'ClassProperty':
      case 'ClassPrivateProperty':
      case 'ClassAccessorProperty':
        return { at: parent, how: `the value of ${this.keyText(parent)}` };
      case 'ReturnStatement':
      case 'ArrowFunctionExpression': {
        const fn = parent.type === 'ArrowFunctionExpression' ? parent : enclosingFunction(parent, this.parents);
        const name = fn ? functionName(fn, this.parents) : undefined;
        // The return of an env source: what is read off its calls is read where they are (or reported there).
        if (fn !== undefined && name !== undefined && this.envSourceDefinition(name) === fn) return undefined;
        return { at: parent, how: `returned by ${name === undefined ? 'a function' : `${name}()`}` };
      }
      case 'ArrayExpression':
        return { at: parent, how: 'an element of an array' };
      default:
        return { at: parent, how: `used as a value in ${truncate(this.textOf(parent))}` };
    }
  }

  /** An env object (or a copy) given as an argument: a schema, a Proxy wrapper and `Object.assign(process.env, …)` are followed; anything else may read any variable. */
  private passedOn(call: Call | t.NewExpression, target: t.Node): { at: t.Node; how: string; passed: boolean } | undefined {
    const index = (call.arguments as readonly t.Node[]).indexOf(target);
    if (index < 0) return undefined;
    const callee = this.textOf(call.callee);
    if (call.type === 'NewExpression' && callee === 'Proxy') return undefined; // a wrapper: its importers' reads are followed
    if (isCall(call) && ((isSchemaEnvArgument(call, index) && this.isEnvObject(target)) || (callee === 'Object.assign' && index === 0))) return undefined;
    return { at: call, how: `passed to ${truncate(callee)}()`, passed: true };
  }

  /**
   * An env object as the value of an option: t3-env's `runtimeEnv` (its schema is read where the
   * call is), and the `env` of a child process or worker (another program, or a file read on its
   * own). Any other option hands it to code that is not followed.
   */
  private optionEscape(property: t.ObjectProperty): { at: t.Node; how: string; passed?: boolean } | undefined {
    const key = literalKeyName(property);
    const options = this.parentOf(property);
    const call = options === undefined ? undefined : this.parentOf(options);
    const callee =
      call && (isCall(call) || call.type === 'NewExpression') && (call.arguments as readonly t.Node[]).includes(options!)
        ? lastName(this.textOf(call.callee))
        : undefined;
    if (callee === 'createEnv' && key !== undefined && T3_RUNTIME_KEYS.has(key)) return undefined;
    if (key === 'env' && callee !== undefined && CHILD_PROCESS_CALLS.has(callee)) return undefined;
    if (key === 'env' && this.isTinyexecNodeOptions(options)) return undefined;
    return { at: property, how: `the value of ${this.keyText(property)}` };
  }

  /**
   * `x(cmd, args, { nodeOptions: { env } })` with `x` (or `exec`) imported from tinyexec, which hands
   * `nodeOptions` to `child_process.spawn` (trigger.dev's internal-packages/testcontainers): the `env`
   * is another program's environment, as for a spawn. Only an import from tinyexec counts: `x` is no
   * name to trust on its own.
   */
  private isTinyexecNodeOptions(options: t.Node | undefined): boolean {
    const holder = options === undefined ? undefined : this.parentOf(options);
    if (holder?.type !== 'ObjectProperty' || holder.value !== options || literalKeyName(holder) !== 'nodeOptions') return false;
    const outer = this.parentOf(holder);
    const call = outer === undefined ? undefined : this.parentOf(outer);
    if (!call || !isCall(call) || call.callee.type !== 'Identifier' || !(call.arguments as readonly t.Node[]).includes(outer!)) return false;
    const local = call.callee.name;
    return this.imports.some((entry) => entry.local === local && entry.specifier === 'tinyexec' && TINYEXEC_CALLS.has(entry.imported));
  }

  private computedReason(node: t.Node, nameExpression: t.Node | undefined, what: string): string {
    const inner = nameExpression === undefined ? undefined : unwrap(nameExpression);
    const parameter = inner?.type === 'Identifier' ? inner.name : undefined;
    const enclosing = enclosingFunction(node, this.parents);
    if (parameter !== undefined && enclosing && enclosing.params.some((p) => parameterName(p) === parameter)) {
      const name = functionName(enclosing, this.parents);
      if (name !== undefined)
        return `${truncate(what)} reads a variable named by the callers of ${name}(): list "${name}" in env.helpers so its calls are read`;
    }
    return `${truncate(what)} reads a variable whose name is computed, so it cannot be named`;
  }

  private unresolve(node: t.Node, reason: string, decorator = false, pattern?: string, escape = false): void {
    const line = lineOf(node);
    if (!this.unresolved.some((entry) => entry.line === line && entry.reason === reason))
      this.unresolved.push({
        line,
        reason,
        ...(decorator ? { decorator } : {}),
        ...(pattern !== undefined ? { pattern } : {}),
        ...(escape ? { escape: true as const } : {}),
      });
  }

  /**
   * The glob a computed name is confined to: literal parts kept, every part that cannot be
   * evaluated a `*` (`OBJECT_STORE_${protocol.toUpperCase()}_` + `BUCKET` → `OBJECT_STORE_*_BUCKET`).
   * Parts are followed through `const` bindings and this file's constants; undefined when nothing
   * of the name is literal.
   */
  private namePattern(expression: t.Node, depth: number): string | undefined {
    const inner = unwrap(expression);
    const known = this.stringValue(inner);
    if (known !== undefined) return known.replace(/\*/g, '\\*');
    if (depth > MAX_TRACE) return '*';
    if (inner.type === 'TemplateLiteral') {
      let built = '';
      inner.quasis.forEach((quasi, at) => {
        built += (quasi.value.cooked ?? '').replace(/\*/g, '\\*');
        const part = inner.expressions[at];
        if (part !== undefined) built += this.namePattern(part, depth + 1) ?? '*';
      });
      return built.replace(/\*+/g, '*');
    }
    if (inner.type === 'BinaryExpression' && inner.operator === '+') {
      const [left, right] = [this.namePattern(inner.left, depth + 1) ?? '*', this.namePattern(inner.right, depth + 1) ?? '*'];
      return `${left}${right}`.replace(/\*+/g, '*');
    }
    if (inner.type === 'Identifier') {
      const binding = constBinding(inner.name, inner, this.parents);
      if (binding && binding.key === undefined && !binding.mutated) return this.namePattern(binding.init, depth + 1);
    }
    return '*';
  }

  declarationOf(name: string): t.Node | undefined {
    return this.declarations.get(name) ?? undefined;
  }

  private collectDestructuring(declaration: t.VariableDeclarator): void {
    if (declaration.id.type !== 'ObjectPattern' || !declaration.init) return;
    if (this.isProcess(unwrap(declaration.init))) {
      // `const { env: { PORT } } = process`: the nested pattern destructures the environment.
      for (const element of declaration.id.properties) {
        if (element.type !== 'ObjectProperty' || propertyNameOf(element) !== 'env') continue;
        const binding = bindingOf(element);
        if (binding.type === 'ObjectPattern') this.collectPattern(binding, new Set());
      }
      return;
    }
    const ownKeys = this.wrapperKeys(declaration.init);
    if (ownKeys) this.collectPattern(declaration.id, ownKeys);
  }

  /** Each key of a pattern destructured from the environment is a read, with its literal default. */
  private collectPattern(pattern: t.ObjectPattern, ownKeys: ReadonlySet<string>): void {
    for (const element of pattern.properties) {
      if (element.type !== 'ObjectProperty') continue; // `...rest` is an env object itself, read by name elsewhere
      const binding = bindingOf(element);
      const name =
        element.shorthand && binding.type === 'Identifier' ? binding.name : element.computed ? this.stringValue(element.key) : propertyNameOf(element);
      if (name === undefined) {
        this.unresolve(element, `${this.textOf(element)} destructures a variable whose name is computed, so it cannot be named`);
        continue;
      }
      if (ownKeys.has(name)) continue;
      if (binding.type !== 'Identifier') {
        // `{ A: { b } }` reads A as an object; the variable is still read.
        this.add(name, element, null);
        continue;
      }
      const literal = element.value.type === 'AssignmentPattern' ? this.literalValue(element.value.right) : null;
      if (literal === undefined && element.value.type === 'AssignmentPattern') this.opaqueDefaults.set(element, element.value.right);
      this.add(name, element, literal === undefined ? null : literal, binding.name);
    }
  }

  /** An expression that is an env object as a whole (not the `process` of `process.env`, not a binding's own name, not a key). */
  private isEnvObjectReference(node: t.Node): boolean {
    if (isCall(node)) return this.isEnvSourceCall(node);
    if (node.type === 'Identifier') {
      if (!this.envObjects.has(node.name)) return false;
      if (!isReferenceIdentifier(node, this.parents)) return false;
    } else if (!isMember(node) || (!this.dottedObjects && !isEnvProperty(node))) return false;
    return this.isEnvObject(node);
  }

  /**
   * The names a callback's parameter takes when the callback is handed to an iteration method of a
   * constant list (rallly: `PROXY_ENV_VARS.filter((name) => process.env[name])`, then
   * `configured.map((name) => …)` over that filter's result): every element may be read.
   */
  private iteratedNames(nameExpression: t.Node): string[] | undefined {
    const inner = unwrap(nameExpression);
    if (inner.type !== 'Identifier') return undefined;
    const callback = enclosingFunction(inner, this.parents);
    if (!callback || callback.params[0]?.type !== 'Identifier' || callback.params[0].name !== inner.name || isMutatedIn(inner.name, callback.body))
      return undefined;
    const call = this.parentOf(callback);
    if (!call || !isCall(call) || call.arguments[0] !== callback || !isMember(call.callee) || call.callee.computed || !ITERATIONS.has(memberName(call.callee)))
      return undefined;
    return this.constantNames(call.callee.object, 0);
  }

  /** A list of strings known at parse time, or a `filter`/`slice` of one held in a `const`. */
  private constantNames(expression: t.Node, depth: number): string[] | undefined {
    if (depth > MAX_TRACE) return undefined;
    const inner = unwrap(expression);
    if (inner.type === 'Identifier') {
      if (isMutatedIn(inner.name, this.sourceFile.ast.program)) return undefined;
      const binding = constBinding(inner.name, inner, this.parents);
      if (!binding || binding.key !== undefined) return undefined;
      const init = unwrap(binding.init);
      if (isCall(init) && isMember(init.callee) && !init.callee.computed && SUBSETS.has(memberName(init.callee)))
        return this.constantNames(init.callee.object, depth + 1);
    }
    const value = this.moduleConstant(inner);
    return Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : undefined;
  }

  private add(name: string, node: t.Node, defaultValue: string | null, ownName?: string, key?: string, optional?: boolean | null): void {
    const line = lineOf(node);
    const path = this.enclosingNames(node);
    if (ownName !== undefined) path.push(ownName);
    if (key !== undefined && path[path.length - 1] !== key) path.push(key);
    const statement = (this.lines[line - 1] ?? '').trim();
    const read: EnvRead = {
      name,
      default: defaultValue,
      line,
      shape: path.length > 0 ? path.join('.') : '<top>',
      statement: statement.length > STATEMENT_MAX ? `${statement.slice(0, STATEMENT_MAX - 1)}…` : statement,
    };
    const fallbacks = this.fallbackNames(node).filter((other) => other !== name);
    if (fallbacks.length > 0) read.fallbacks = fallbacks;
    if (optional !== undefined) read.optional = optional;
    const opaque = this.opaqueDefaults.get(node);
    if (opaque) read.opaque = this.textOf(opaque).replace(/\s+/g, ' ');
    if (defaultValue !== null && this.comparedReads.has(node)) read.compared = true;
    const defaultFrom = this.defaultsFrom.get(node)?.filter((other) => other !== name);
    if (defaultFrom !== undefined && defaultFrom.length > 0) read.defaultFrom = [...defaultFrom].sort(compareText);
    this.reads.push({ read, start: node.start ?? 0 });
  }

  /** A member's key as written (`port`, `'a-b'`, `[KEY]`, `#secret`), as evidence of where a read sits. */
  keyText(
    member: t.ObjectProperty | t.ObjectMethod | t.ClassMethod | t.ClassPrivateMethod | t.ClassProperty | t.ClassPrivateProperty | t.ClassAccessorProperty,
  ): string {
    const key = member.key;
    if (!('computed' in member && member.computed) || key.start == null || key.end == null) return this.textOf(key);
    // Babel's key excludes the brackets of a computed key; the name as written includes them.
    const open = this.text.lastIndexOf('[', key.start);
    const close = this.text.indexOf(']', key.end);
    return open < 0 || close < 0 ? `[${this.textOf(key)}]` : this.text.slice(open, close + 1);
  }

  /** Names of the enclosing properties, variables, functions and classes, outermost first. */
  private enclosingNames(node: t.Node): string[] {
    const names: string[] = [];
    for (let current = this.parentOf(node); current; current = this.parentOf(current)) {
      switch (current.type) {
        case 'ObjectProperty': {
          if (this.parentOf(current)?.type === 'ObjectPattern') {
            // A binding element (`const { a = process.env.X } = …`): its own name.
            const binding = bindingOf(current);
            if (binding.type === 'Identifier') names.push(binding.name);
          } else names.push(this.keyText(current));
          break;
        }
        case 'ObjectMethod':
        case 'ClassMethod':
        case 'ClassPrivateMethod':
          // Methods and getters (a setter or constructor names nothing, as before).
          if (current.kind === 'method' || current.kind === 'get') names.push(this.keyText(current));
          break;
        case 'ClassProperty':
        case 'ClassPrivateProperty':
        case 'ClassAccessorProperty':
          names.push(this.keyText(current));
          break;
        case 'VariableDeclarator':
          if (current.id.type === 'Identifier') names.push(current.id.name);
          break;
        case 'AssignmentPattern':
          // An array binding element with a default (`const [a = process.env.X] = …`).
          if (this.parentOf(current)?.type === 'ArrayPattern' && current.left.type === 'Identifier') names.push(current.left.name);
          break;
        case 'FunctionDeclaration':
        case 'ClassDeclaration':
          if (current.id) names.push(current.id.name);
          break;
        default:
          break;
      }
    }
    return names.reverse();
  }
}
