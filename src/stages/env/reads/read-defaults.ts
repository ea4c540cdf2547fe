import { isCall, isMember, literalKeyName, walk, type t } from '../../../syntax/parse.js';
import { ConstantEvaluator, type Constant } from '../../../syntax/constants.js';
import { type Call, memberName, isTransparentWrapper, unwrap } from './tree.js';
import { boundBelowModule, MAX_TRACE, constBinding, returnedObject } from './scope.js';
import { VALUE_METHODS, SELF, lastName, isFallback, isConversionCall } from './env-shapes.js';
import { FileBindings } from './file-bindings.js';

/**
 * How a read is named and what an unset variable becomes: helper and service calls, string and
 * constant names, literal defaults, fallback chains and the variables a default is taken from.
 */
export class ReadDefaults extends FileBindings {
  /** Reads whose default is an expression the reader does not evaluate, with that expression ({@link EnvRead.opaque}). */
  protected readonly opaqueDefaults = new Map<t.Node, t.Node>();
  /** Reads whose default is a comparison's result (`=== 'true'` → `'false'`): {@link EnvRead.compared}. */
  protected readonly comparedReads = new Set<t.Node>();
  /** Reads whose unset value is another variable's ({@link EnvRead.defaultFrom}). */
  protected readonly defaultsFrom = new Map<t.Node, string[]>();
  protected evaluator: ConstantEvaluator | undefined;

  protected isHelperCall(call: Call): boolean {
    const callee = call.callee;
    if (callee.type === 'Identifier') return this.helpers.has(callee.name);
    if (isMember(callee) && !callee.computed) return this.helpers.has(memberName(callee)) || this.isServiceRead(call);
    return false;
  }

  /**
   * A configured `receiver.method` helper (`configService.get`: NestJS's ConfigService, reached as
   * `this.configService.get(…)` or `configService.get(…)`): the receiver is matched by its last name.
   */
  protected isServiceRead(call: Call): boolean {
    const callee = call.callee;
    if (!isMember(callee) || callee.computed) return false;
    return this.helpers.has(`${lastName(this.textOf(callee.object))}.${memberName(callee)}`);
  }

  /** A string known at parse time: a literal, a constant holding one, or (`envKey`: an env object's key) one built from them (`'AWS' + '_REGION'`, `` `${PREFIX}PORT` ``). */
  protected stringValue(node: t.Node | undefined, envKey = false): string | undefined {
    if (!node) return undefined;
    const value = this.literalValue(node);
    const inner = unwrap(node);
    const named =
      inner.type === 'StringLiteral' ||
      (inner.type === 'TemplateLiteral' && inner.expressions.length === 0) ||
      inner.type === 'Identifier' ||
      (isMember(inner) && !inner.computed);
    if (typeof value === 'string' && named) return value;
    // Only an env object's key: a helper's argument keeps the narrower reading it always had.
    if (!envKey || (inner.type !== 'BinaryExpression' && inner.type !== 'TemplateLiteral')) return undefined;
    const built = this.moduleConstant(inner);
    return typeof built === 'string' ? built : undefined;
  }

  /**
   * The value of `expression` from literals and this file's module-level constants (the toolkit's
   * evaluator); undefined when a name in it is bound nearer (a parameter, a local) or by an import.
   */
  protected moduleConstant(expression: t.Node): Constant | undefined {
    let local = false;
    walk(expression, (node, parent) => {
      if (local) return false;
      if (
        node.type === 'Identifier' &&
        !(parent && isMember(parent) && parent.property === node && !parent.computed) &&
        boundBelowModule(node.name, expression, this.parents)
      )
        local = true;
      return undefined;
    });
    if (local) return undefined;
    this.evaluator ??= new ConstantEvaluator({ load: (path) => (path === SELF ? { path, ast: this.sourceFile.ast } : undefined), resolve: () => undefined });
    return this.evaluator.evaluate(SELF, expression);
  }

  /** The variable `node` reads directly (an env access or a helper call with a known name), if any. */
  protected readName(node: t.Node): string | undefined {
    const inner = unwrap(node);
    if (isMember(inner) && this.isEnvObject(inner.object)) return inner.computed ? this.stringValue(inner.property) : memberName(inner);
    if (isCall(inner) && this.isHelperCall(inner)) return this.stringValue(inner.arguments[0]);
    return undefined;
  }

  /** Whether `node` reads the environment (an env access or a helper call), so `a || b` chains go on to the final literal. */
  protected readsEnv(node: t.Node): boolean {
    const inner = unwrap(node);
    if (isMember(inner) && this.isEnvObject(inner.object)) return true;
    if (isCall(inner)) {
      const [first] = inner.arguments;
      return this.isHelperCall(inner) || (isConversionCall(inner) && first !== undefined && this.readsEnv(first));
    }
    if (isFallback(inner)) return this.readsEnv(inner.left);
    return false;
  }

  /** Names read in the fallback chain that holds `read` (`process.env.NEW ?? process.env.OLD ?? 'x'`). */
  protected fallbackNames(read: t.Node): string[] {
    let top: t.Node = read;
    for (;;) {
      const parent = this.parentOf(top);
      if (!parent) break;
      if (isTransparentWrapper(parent) || (isCall(parent) && isConversionCall(parent) && parent.arguments[0] === top)) top = parent;
      else if (isFallback(parent)) top = parent;
      else break;
    }
    const names: string[] = [];
    const collect = (node: t.Node): void => {
      const inner = unwrap(node);
      const name = this.readName(inner);
      if (name !== undefined) names.push(name);
      else if (isFallback(inner)) {
        collect(inner.left);
        collect(inner.right);
      } else if (isCall(inner) && isConversionCall(inner) && inner.arguments[0] !== undefined) collect(inner.arguments[0]);
    };
    collect(top);
    return [...new Set(names)];
  }

  /**
   * Climbs from a read through conversions (`parseInt(…)`, `.trim()`) and fallback chains
   * (`process.env.NEW || process.env.OLD || 'x'`) to the literal that applies when the variable is unset.
   */
  protected defaultOf(read: t.Node): string | null {
    let node: t.Node = read;
    for (;;) {
      const parent = this.parentOf(node);
      if (!parent) return null;
      if (isTransparentWrapper(parent)) {
        node = parent;
      } else if (isCall(parent) && parent.arguments[0] === node && !this.isHelperCall(parent)) {
        // `parseInt(…)`, and any function given the value first (`this.toOptionalNumber(environment.X) ?? 10000`):
        // the literal after it is what an unset variable ends up as (a changed literal is reported, never missed).
        node = parent;
      } else if (isMember(parent) && !parent.computed && parent.object === node && VALUE_METHODS.has(memberName(parent)) && isCall(this.parentOf(parent))) {
        node = this.parentOf(parent)!;
      } else if (parent.type === 'AssignmentExpression' && parent.left === node && (parent.operator === '??=' || parent.operator === '||=')) {
        // `process.env.TZ ??= 'UTC'`: what an unset variable becomes for every later read.
        return this.literalOrOpaque(read, parent.right);
      } else if (isFallback(parent)) {
        if (parent.right === node) {
          node = parent; // we are the fallback of an earlier read: the chain's final literal is ours too
          continue;
        }
        const held = this.readsEnv(parent.right) ? undefined : this.variableHeldBy(parent.right);
        if (held !== undefined) {
          this.recordDefaultFrom(read, [held]);
          node = parent;
          continue;
        }
        if (!this.readsEnv(parent.right)) return this.literalOrOpaque(read, parent.right);
        this.recordDefaultFrom(read, this.chainNames(parent.right));
        const literal = this.literalValue(parent.right);
        if (literal !== undefined) return literal;
        node = parent;
      } else if (parent.type === 'BinaryExpression') {
        const operator = parent.operator;
        const compared = this.literalValue(parent.left === node ? parent.right : parent.left);
        const flag =
          (operator === '===' || operator === '==') && compared === 'true'
            ? 'false'
            : (operator === '!==' || operator === '!=') && compared === 'false'
              ? 'true'
              : null;
        if (flag !== null) this.comparedReads.add(read);
        return flag;
      } else if (parent.type === 'ConditionalExpression') {
        // `process.env.X ? parseInt(process.env.X, 10) : 600`: the false branch is what an unset variable gets.
        if (parent.test === node || (parent.consequent === node && this.readsEnv(parent.test))) {
          return this.literalOrOpaque(read, parent.alternate);
        }
        return null;
      } else {
        return null;
      }
    }
  }

  protected recordDefaultFrom(read: t.Node, names: readonly string[]): void {
    if (names.length > 0) this.defaultsFrom.set(read, [...new Set([...(this.defaultsFrom.get(read) ?? []), ...names])]);
  }

  /** The variables read directly in a fallback chain's right side (`process.env.B ?? process.env.C`). */
  protected chainNames(node: t.Node): string[] {
    const inner = unwrap(node);
    const name = this.readName(inner);
    if (name !== undefined) return [name];
    if (isFallback(inner)) return [...this.chainNames(inner.left), ...this.chainNames(inner.right)];
    if (isCall(inner) && isConversionCall(inner) && inner.arguments[0] !== undefined) return this.chainNames(inner.arguments[0]);
    return [];
  }

  /**
   * The variable whose value `expression` holds unchanged, followed through this file's `const`
   * bindings, object destructurings, object literals and the returned object of a same-file function
   * called without arguments (lightdash: `const { bucket: baseBucket } = parseBaseS3Config()`, whose
   * `bucket` is `process.env.S3_BUCKET`). Undefined when anything on the way is not such a binding.
   */
  protected variableHeldBy(expression: t.Node, depth = 0): string | undefined {
    if (depth > MAX_TRACE) return undefined;
    const inner = unwrap(expression);
    if (isMember(inner) && this.isEnvObject(inner.object)) return this.readName(inner);
    if (inner.type === 'Identifier') {
      const binding = constBinding(inner.name, inner, this.parents);
      if (!binding) return undefined;
      if (binding.key === undefined) return this.variableHeldBy(binding.init, depth + 1);
      return this.memberHeldBy(binding.init, binding.key, depth + 1);
    }
    if (isMember(inner) && !inner.computed && !this.isEnvObject(inner.object)) return this.memberHeldBy(inner.object, memberName(inner), depth + 1);
    return undefined;
  }

  /** The variable the member `key` of the object `expression` holds ({@link variableHeldBy}). */
  protected memberHeldBy(expression: t.Node, key: string, depth: number): string | undefined {
    if (depth > MAX_TRACE) return undefined;
    const inner = unwrap(expression);
    if (inner.type === 'Identifier') {
      const binding = constBinding(inner.name, inner, this.parents);
      if (!binding || binding.key !== undefined || binding.mutated) return undefined;
      return this.memberHeldBy(binding.init, key, depth + 1);
    }
    if (inner.type === 'ObjectExpression') {
      // A spread may set the key too: only plain properties are followed.
      if (inner.properties.some((property) => property.type !== 'ObjectProperty')) return undefined;
      const matches = inner.properties.filter(
        (property): property is t.ObjectProperty => property.type === 'ObjectProperty' && !property.computed && literalKeyName(property) === key,
      );
      return matches.length === 1 ? this.variableHeldBy(matches[0]!.value, depth + 1) : undefined;
    }
    if (isCall(inner) && inner.callee.type === 'Identifier' && inner.arguments.length === 0) {
      const returned = returnedObject(inner.callee.name, this.order, this.parents);
      return returned === undefined ? undefined : this.memberHeldBy(returned, key, depth + 1);
    }
    return undefined;
  }

  /** The literal `fallback` holds, or null with the expression kept as the read's opaque default. */
  protected literalOrOpaque(read: t.Node, fallback: t.Node): string | null {
    const literal = this.literalValue(fallback);
    if (literal !== undefined) return literal;
    this.opaqueDefaults.set(read, fallback);
    return null;
  }
}
