import { bindingsOf, declarationsOf, followExport, type ExportSources, type ModuleBindings } from './bindings.js';
import { isFunctionLike } from './ast.js';
import { propertyKeyName, unwrapExpression, walk, type t } from './parse.js';

/**
 * Constant evaluation over the files of one ref: what a expression is worth when it is built only
 * from literals — template strings, object and array members, `as const`, enums, arithmetic and
 * concatenation, and constants imported from other modules (through re-exports and `export *`).
 * Anything else (a call, a `let`, a parameter) is not a constant: `undefined`, and the reader
 * fails closed or reads the construct another way. Nothing runs.
 */

export type Constant = string | number | boolean | null | readonly Constant[] | { readonly [key: string]: Constant };

/** A parsed module, as the evaluator loads it. */
export interface ConstantModule {
  path: string;
  ast: t.File;
}

export interface ConstantSources {
  /** The parsed module at `path` (undefined: not in the repository, or it does not parse). */
  load(path: string): ConstantModule | undefined;
  /** The repository path `specifier` names from `fromPath` (src/syntax/modules.ts). */
  resolve(fromPath: string, specifier: string): string | undefined;
}

const MAX_DEPTH = 12;

/**
 * The value operations every reader's evaluator shares (the MCP evaluator, the migrations
 * extractor's, this one): what JavaScript makes of constants in a template, a `+`, arithmetic and a
 * member access. Each answers undefined where the result is not a constant (an object in text, an
 * operator on other kinds); the reader says why in its own words.
 */

/** The value of a literal (`'a'`, `1`, `true`, `null`, a template without parts); undefined for anything else. */
export function literalConstant(node: t.Node): Constant | undefined {
  switch (node.type) {
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral':
      return node.value;
    case 'NullLiteral':
      return null;
    case 'TemplateLiteral':
      return node.expressions.length === 0 ? (node.quasis[0]?.value.cooked ?? undefined) : undefined;
    default:
      return undefined;
  }
}

/** `String(value)` for what a template or a `+` with a string turns into text: scalars, and arrays of them (joined with commas, null and undefined items empty). Undefined for an object. */
export function constantText(value: Constant | undefined): string | undefined {
  if (value === null || value === undefined || typeof value !== 'object') return String(value);
  if (!Array.isArray(value)) return undefined;
  const parts = (value as readonly Constant[]).map((item) => (item === null || item === undefined ? '' : constantText(item)));
  return parts.every((part) => part !== undefined) ? parts.join(',') : undefined;
}

/** A template literal's text once its parts are known (undefined when a part is not text-like). */
export function templateText(node: t.TemplateLiteral, parts: ReadonlyArray<Constant | undefined>): string | undefined {
  let text = node.quasis[0]?.value.cooked ?? '';
  for (let index = 0; index < node.expressions.length; index++) {
    const part = constantText(parts[index]);
    if (part === undefined) return undefined;
    text += part + (node.quasis[index + 1]?.value.cooked ?? '');
  }
  return text;
}

/** `left <operator> right` on numbers, and `+` with text on either side (concatenation). */
export function binaryConstant(operator: string, left: Constant | undefined, right: Constant | undefined): Constant | undefined {
  // An array is text to `+` too (`[1, 2] + ''` is `'1,2'`).
  if (operator === '+' && (typeof left === 'string' || typeof right === 'string' || Array.isArray(left) || Array.isArray(right))) {
    const [leftText, rightText] = [constantText(left), constantText(right)];
    return leftText === undefined || rightText === undefined ? undefined : leftText + rightText;
  }
  // Strict (in)equality of scalars (`MODE === 'strict'`): objects compare by identity, which nothing read here has.
  if ((operator === '===' || operator === '!==') && isScalar(left) && isScalar(right)) return (left === right) === (operator === '===');
  if (typeof left !== 'number' || typeof right !== 'number') return undefined;
  switch (operator) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      return left / right;
    default:
      return undefined;
  }
}

/** `object[key]` on a constant: an own property, an array item, an array's or a string's `length`. */
export function memberConstant(object: Constant | undefined, key: string): Constant | undefined {
  if (typeof object === 'string') return key === 'length' ? object.length : undefined;
  if (object === null || object === undefined || typeof object !== 'object') return undefined;
  if (Array.isArray(object)) return /^\d+$/.test(key) ? (object as Constant[])[Number(key)] : key === 'length' ? object.length : undefined;
  return Object.hasOwn(object, key) ? (object as Record<string, Constant>)[key] : undefined;
}

/** One member of an enum with its value: a number (counting up from the last number) or a string. */
export interface EnumMember {
  member: t.TSEnumMember;
  /** Its name (`A` of `A` and of `'A'`). */
  name: string;
  value: string | number;
}

/**
 * The members of an enum declaration with their values, as TypeScript numbers them: a member without
 * an initializer is the last number plus one (0 first). `initializer` evaluates one (each reader its
 * own way). `{ unreadable }`: the member whose value is not a number or a string, or that follows a
 * string member without an initializer.
 */
export function enumMembers(
  node: t.TSEnumDeclaration,
  initializer: (expression: t.Expression) => Constant | undefined,
): EnumMember[] | { unreadable: t.TSEnumMember } {
  const members: EnumMember[] = [];
  let next: number | undefined = 0;
  const written =
    (node as unknown as { members?: t.TSEnumMember[] }).members ?? (node as unknown as { body?: { members?: t.TSEnumMember[] } }).body?.members ?? [];
  for (const member of written) {
    const value: Constant | undefined = member.initializer ? initializer(member.initializer) : next;
    if (typeof value !== 'number' && typeof value !== 'string') return { unreadable: member };
    members.push({ member, name: member.id.type === 'Identifier' ? member.id.name : member.id.value, value });
    next = typeof value === 'number' ? value + 1 : undefined;
  }
  return members;
}

function isScalar(value: Constant | undefined): value is string | number | boolean | null {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function name(node: t.Identifier): string {
  return node.name;
}

/** The `return` statements of a function body (not those of functions inside it). */
function returnsOf(body: t.BlockStatement): t.ReturnStatement[] {
  const found: t.ReturnStatement[] = [];
  walk(body, (node) => {
    if (node !== body && isFunctionLike(node)) return false;
    if (node.type === 'ReturnStatement') found.push(node);
    return undefined;
  });
  return found;
}

/** Every name a function binds: its parameters and whatever is declared inside it (patterns included). */
function namesBoundIn(fn: t.Node): Set<string> {
  const names = new Set<string>();
  walk(fn, (node) => {
    if (node.type === 'Identifier' && node.name !== undefined) {
      // Over-inclusive by design: every identifier written in a binding position or not; an outer
      // name that is also used inside only makes the member unknown, never wrong.
      names.add(node.name);
    }
    return undefined;
  });
  return names;
}

/** Whether an expression names any of `sets` (a name the function it sits in binds). */
function mentionsAny(node: t.Node, sets: readonly Set<string>[]): boolean {
  let found = false;
  walk(node, (inner, parent) => {
    if (found) return false;
    if (inner.type === 'Identifier' && !isKeyPosition(inner, parent) && sets.some((set) => set.has(inner.name))) found = true;
    return undefined;
  });
  return found;
}

function isKeyPosition(node: t.Identifier, parent: t.Node | undefined): boolean {
  if (!parent) return false;
  if ((parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') && parent.property === node && !parent.computed) return true;
  return parent.type === 'ObjectProperty' && parent.key === node && !parent.computed && !parent.shorthand;
}

/**
 * Why an expression has no value here, as data: the shared evaluator ({@link ExpressionEvaluator})
 * says what it met, and each reader words it ({@link ExpressionEvaluator.refuse}) and adds where.
 */
export type Refusal<V> =
  /** A construct that is not evaluated statically (a `new`, a `this`, a regular expression …). */
  | { kind: 'expression' }
  /** An operator applied to values it does not compute on (`a * 'x'`, `typeof a`, `a in b`). */
  | { kind: 'operator'; operator: string; operands: readonly V[] }
  /** A template part or `+` operand that has no text (an object, a function, a schema). */
  | { kind: 'text'; value: V }
  /** A spread of what is not an array (`[...x]`) or not an object (`{ ...x }`). */
  | { kind: 'spread'; value: V; into: 'array' | 'object' }
  /** A hole of an array literal (`[a, , b]`). */
  | { kind: 'hole' }
  /** A computed property name (`{ [k]: … }`) or element key (`a[k]`) that is no string or number. */
  | { kind: 'key'; value: V; of: 'property' | 'element' }
  /** `.key` of a value that has no such member (a string's method, a scalar's property). */
  | { kind: 'member'; key: string; value: V }
  /** A getter, a setter or a method in an object literal (the reader may read a method instead). */
  | { kind: 'accessor' }
  /** A conditional whose test is no constant. */
  | { kind: 'condition'; value: V }
  /** Values nested deeper than the evaluator follows (a constant that refers to itself ends here). */
  | { kind: 'depth' };

/** Raised by {@link ExpressionEvaluator.refuse} implementations that keep no exception of their own. */
export class NotConstant extends Error {
  constructor(
    readonly node: t.Node,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** A plain object (`{ … }` read from source), not an instance of a reader's own value classes. */
export function isPlainData(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

const STRING_METHODS: Record<string, (text: string, args: readonly Constant[]) => Constant | undefined> = {
  toUpperCase: (text) => text.toUpperCase(),
  toLowerCase: (text) => text.toLowerCase(),
  trim: (text) => text.trim(),
  trimStart: (text) => text.trimStart(),
  trimEnd: (text) => text.trimEnd(),
  concat: (text, args) => {
    const parts = args.map((arg) => constantText(arg));
    return parts.every((part) => part !== undefined) ? text + parts.join('') : undefined;
  },
  startsWith: (text, [search]) => (typeof search === 'string' ? text.startsWith(search) : undefined),
  endsWith: (text, [search]) => (typeof search === 'string' ? text.endsWith(search) : undefined),
  includes: (text, [search]) => (typeof search === 'string' ? text.includes(search) : undefined),
  replaceAll: (text, [search, replacement]) =>
    typeof search === 'string' && typeof replacement === 'string' ? text.split(search).join(replacement) : undefined,
  split: (text, [separator]) => (typeof separator === 'string' ? text.split(separator) : undefined),
  toString: (text: string) => text,
};

/**
 * A pure method of a string or an array called on constants (`[…].join(' ')`, `'a'.concat(b)`,
 * `[a].concat(b)`, `'x'.toUpperCase()`): `{ value }`, or undefined when it is not one this knows (the
 * reader then reads the call its own way or refuses it). Callbacks (`.map(fn)`) are the reader's:
 * see {@link ExpressionEvaluator.mapCall}.
 */
export function constantMethod(receiver: unknown, method: string, args: readonly unknown[]): { value: Constant } | undefined {
  if (typeof receiver === 'string') {
    const apply = Object.hasOwn(STRING_METHODS, method) ? STRING_METHODS[method] : undefined;
    const value = apply?.(receiver, args as Constant[]);
    return value === undefined ? undefined : { value };
  }
  if (!Array.isArray(receiver)) return undefined;
  const items = receiver as readonly Constant[];
  if (method === 'join') {
    const separator = args[0] === undefined ? ',' : constantText(args[0] as Constant);
    const parts = items.map((item) => (item === null || item === undefined ? '' : constantText(item)));
    return separator !== undefined && parts.every((part) => part !== undefined) ? { value: parts.join(separator) } : undefined;
  }
  if (method === 'concat') {
    const joined: Constant[] = [...items];
    for (const arg of args) {
      if (Array.isArray(arg)) joined.push(...(arg as Constant[]));
      else joined.push(arg as Constant);
    }
    return { value: joined };
  }
  if (method === 'includes' && args.length === 1) return { value: items.includes(args[0] as Constant) };
  if (method === 'slice' && args.every((arg) => typeof arg === 'number')) return { value: items.slice(...(args as number[])) };
  return undefined;
}

/**
 * The one recursion through expressions that every code reader shares: literals, template strings,
 * unary and binary operators, `??`/`||`/`&&`, conditionals, array and object literals with their
 * spreads and computed keys, member access and pure string/array methods on constants. `V` is the
 * reader's value type (constants plus its own kinds: zod schemas, functions, modules); `C` the
 * context threaded through a reading (the parameters a caller bound, the loop variables unrolled).
 *
 * What only a reader knows is a hook: what a name refers to ({@link identifier}: scopes, imports,
 * parameters), what a call builds ({@link call}: zod chains, knex helpers), members of its own
 * values ({@link member}), a method in an object literal, and how a refusal is worded
 * ({@link refuse}, which throws). Nothing runs; every value that cannot be computed is refused
 * with what was met, never guessed.
 */
export abstract class ExpressionEvaluator<V, C> {
  /** How deep values may nest (a constant that refers to itself stops here). */
  protected maxDepth = 60;
  private depth = 0;

  /** Throws the reader's error for `node`, whose value cannot be computed for `refusal`. */
  protected abstract refuse(node: t.Node, refusal: Refusal<V>): never;

  /** The value a name has at `node` (parameters bound in `context`, declarations, imports). */
  protected abstract identifier(node: t.Identifier, context: C): V;

  /** The value of a call (default: a pure method of a constant string or array, else refused). */
  protected call(node: t.CallExpression | t.OptionalCallExpression, context: C): V {
    const callee = node.callee;
    if ((callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') && !callee.computed && callee.property.type === 'Identifier') {
      const applied = this.methodCall(node, this.value(callee.object, context), callee.property.name, context);
      if (applied !== undefined) return applied.value;
    }
    return this.refuse(node, { kind: 'expression' });
  }

  /**
   * `receiver.method(…args)` when the receiver is a constant string or array and the method a pure
   * one (`.join`, `.concat`, …; `.map` with {@link mapCall}): `{ value }`, else undefined.
   */
  protected methodCall(node: t.CallExpression | t.OptionalCallExpression, receiver: V, method: string, context: C): { value: V } | undefined {
    if (typeof receiver !== 'string' && !Array.isArray(receiver)) return undefined;
    if (method === 'map' && Array.isArray(receiver)) return this.mapCall(node, receiver as readonly V[], context);
    const args = this.arguments(node, context);
    const applied = constantMethod(receiver, method, args);
    return applied === undefined ? undefined : { value: applied.value as V };
  }

  /** `[…].map(fn)`: the reader that can call a function of the repository maps the items (default: not read). */
  protected mapCall(_node: t.CallExpression | t.OptionalCallExpression, _items: readonly V[], _context: C): { value: V } | undefined {
    return undefined;
  }

  /** A call's arguments, each evaluated (a spread of an array spreads its items). */
  protected arguments(node: t.CallExpression | t.OptionalCallExpression | t.NewExpression, context: C): V[] {
    const args: V[] = [];
    for (const argument of node.arguments) {
      if (argument.type === 'SpreadElement') {
        const spread = this.value(argument.argument, context);
        if (!Array.isArray(spread)) this.refuse(argument, { kind: 'spread', value: spread, into: 'array' });
        args.push(...(spread as readonly V[]));
      } else args.push(this.value(argument, context));
    }
    return args;
  }

  /** `object[key]` / `object.key` once both are known (default: own properties, array items, `length`). */
  protected member(node: t.Node, object: V, key: string, _context: C): V {
    if (isPlainData(object)) return Object.hasOwn(object, key) ? (object[key] as V) : this.missingMember(node, object, key);
    if (typeof object === 'string' || Array.isArray(object)) {
      const found = memberConstant(object as Constant, key);
      if (found !== undefined) return found as V;
    }
    return this.refuse(node, { kind: 'member', key, value: object });
  }

  /** A key an object literal does not have: `undefined`, as JavaScript reads it (a reader may refuse it). */
  protected missingMember(_node: t.Node, _object: V, _key: string): V {
    return undefined as V;
  }

  /** A method, getter or setter written in an object literal (default: refused). */
  protected objectMethod(property: t.ObjectMethod, _context: C): V {
    return this.refuse(property, { kind: 'accessor' });
  }

  /** Any other expression (a function, a regular expression, `new`): refused unless the reader reads it. */
  protected other(node: t.Node, _context: C): V {
    return this.refuse(node, { kind: 'expression' });
  }

  /** The value of `node` in `context`; throws (through {@link refuse}) when it has none. */
  value(node: t.Node, context: C): V {
    if (this.depth >= this.maxDepth) return this.refuse(node, { kind: 'depth' });
    this.depth++;
    try {
      return this.valueOf(node, context);
    } finally {
      this.depth--;
    }
  }

  private valueOf(raw: t.Node, context: C): V {
    const node = unwrapExpression(raw);
    const literal = literalConstant(node);
    if (literal !== undefined) return literal as V;
    switch (node.type) {
      case 'TemplateLiteral': {
        const parts = node.expressions.map((expression) => {
          const part = this.value(expression, context);
          if (constantText(part as Constant) === undefined) this.refuse(expression, { kind: 'text', value: part });
          return part as Constant;
        });
        return templateText(node, parts) as V;
      }
      case 'Identifier':
        return this.identifier(node, context);
      case 'UnaryExpression': {
        const operand = this.value(node.argument, context);
        if (typeof operand === 'number' && node.operator === '-') return -operand as V;
        if (typeof operand === 'number' && node.operator === '+') return operand as V;
        if (typeof operand === 'boolean' && node.operator === '!') return !operand as V;
        return this.refuse(node, { kind: 'operator', operator: node.operator, operands: [operand] });
      }
      case 'BinaryExpression': {
        if (node.left.type === 'PrivateName') return this.refuse(node, { kind: 'expression' });
        const left = this.value(node.left, context);
        const right = this.value(node.right, context);
        const result = binaryConstant(node.operator, left as Constant, right as Constant);
        if (result !== undefined) return result as V;
        if (node.operator === '+' && (typeof left === 'string' || typeof right === 'string'))
          return this.refuse(node, { kind: 'text', value: typeof left === 'string' ? right : left });
        return this.refuse(node, { kind: 'operator', operator: node.operator, operands: [left, right] });
      }
      case 'LogicalExpression': {
        const left = this.value(node.left, context);
        if (node.operator === '??') return left === null || left === undefined ? this.value(node.right, context) : left;
        const truthy = isTruthy(left);
        if (node.operator === '||') return truthy ? left : this.value(node.right, context);
        return truthy ? this.value(node.right, context) : left;
      }
      case 'ConditionalExpression':
        return this.conditional(node, context);
      case 'ArrayExpression': {
        const items: V[] = [];
        for (const element of node.elements) {
          if (element === null) return this.refuse(node, { kind: 'hole' });
          if (element.type === 'SpreadElement') {
            const spread = this.value(element.argument, context);
            if (!Array.isArray(spread)) this.refuse(element, { kind: 'spread', value: spread, into: 'array' });
            items.push(...(spread as readonly V[]));
          } else items.push(this.value(element, context));
        }
        return items as V;
      }
      case 'ObjectExpression':
        return this.objectLiteral(node, context);
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        return this.memberExpression(node, context);
      case 'CallExpression':
      case 'OptionalCallExpression':
        return this.call(node, context);
      default:
        return this.other(node, context);
    }
  }

  /** `object.key` / `object[key]`: the key, then the member of the object's value ({@link member}). */
  protected memberExpression(node: t.MemberExpression | t.OptionalMemberExpression, context: C): V {
    const key = this.memberKey(node, context);
    return this.member(node, this.value(node.object, context), key, context);
  }

  /** The key of a member access: a name, a private name, or a computed constant. */
  protected memberKey(node: t.MemberExpression | t.OptionalMemberExpression, context: C): string {
    if (node.computed) return this.keyOf(node.property, context, 'element');
    if (node.property.type === 'Identifier') return node.property.name;
    if (node.property.type === 'PrivateName') return `#${node.property.id.name}`;
    return this.refuse(node, { kind: 'expression' });
  }

  /** `test ? a : b` when the test is a constant (a reader may say the conditional itself is why it has no value). */
  protected conditional(node: t.ConditionalExpression, context: C): V {
    return this.value(this.truthOf(node.test, this.value(node.test, context)) ? node.consequent : node.alternate, context);
  }

  /** The truth of a conditional's test value (`node`), when it is a constant. */
  protected truthOf(node: t.Node, value: V): boolean {
    if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value) || isPlainData(value)) return isTruthy(value);
    return this.refuse(node, { kind: 'condition', value });
  }

  private objectLiteral(node: t.ObjectExpression, context: C): V {
    const object: Record<string, V> = {};
    for (const property of node.properties) {
      if (property.type === 'SpreadElement') {
        const spread = this.value(property.argument, context);
        if (!isPlainData(spread)) this.refuse(property, { kind: 'spread', value: spread, into: 'object' });
        Object.assign(object, spread);
      } else if (property.type === 'ObjectProperty') {
        const key = property.computed ? this.keyOf(property.key, context, 'property') : propertyKeyName(property.key, false);
        if (key === undefined) return this.refuse(property.key, { kind: 'key', value: undefined as V, of: 'property' });
        object[key] = this.value(property.value, context);
      } else {
        const key = property.computed ? this.keyOf(property.key, context, 'property') : propertyKeyName(property.key, false);
        if (key === undefined) return this.refuse(property.key, { kind: 'key', value: undefined as V, of: 'property' });
        object[key] = this.objectMethod(property, context);
      }
    }
    return object as V;
  }

  /** A computed key's text (`[KEY]`, `a[0]`): a string, number or boolean constant. */
  private keyOf(node: t.Node, context: C, of: 'property' | 'element'): string {
    const key = this.value(node, context);
    if (typeof key === 'string' || typeof key === 'number' || typeof key === 'boolean') return String(key);
    return this.refuse(node, { kind: 'key', value: key, of });
  }
}

function isTruthy(value: unknown): boolean {
  return value !== null && value !== undefined && value !== false && value !== 0 && value !== '' && !Number.isNaN(value);
}

/**
 * Constants across the modules of one ref: the toolkit's recursion ({@link ExpressionEvaluator}) with
 * names followed through declarations, imports, re-exports and `export *` (bindings.ts), and a member
 * of an object that is no constant as a whole followed through the literals that hold it.
 * Undefined: no constant. Nothing runs.
 */
export class ConstantEvaluator extends ExpressionEvaluator<Constant | undefined, string> {
  private readonly bindings = new Map<string, { ast: t.File; bindings: ModuleBindings; declared: Map<string, t.Node | undefined> }>();
  /** Paths the evaluator read (the modules a value came from): part of a read's dependency closure. */
  readonly visited = new Set<string>();

  /** What bindings.ts's followExport reads: the modules this evaluator loads (each counted in {@link visited}). */
  private readonly exportSources: ExportSources<{ ast: t.File }>;

  constructor(private readonly sources: ConstantSources) {
    super();
    this.exportSources = {
      module: (path) => this.module(path),
      astOf: (module) => module.ast,
      resolve: (fromPath, specifier) => {
        const target = this.sources.resolve(fromPath, specifier);
        return target === undefined ? { kind: 'missing', reason: `\`${specifier}\` does not resolve` } : { kind: 'file', path: target };
      },
    };
  }

  /** The value of `node`, an expression of the module at `path`. */
  evaluate(path: string, node: t.Node): Constant | undefined {
    return this.constantAt(path, node, 0);
  }

  /** The value the module at `path` exports as `name`. */
  exported(path: string, name: string): Constant | undefined {
    return this.exportedValue(path, name, 0);
  }

  private module(path: string) {
    let entry = this.bindings.get(path);
    if (!entry) {
      const loaded = this.sources.load(path);
      if (!loaded) return undefined;
      this.visited.add(path);
      const declared = new Map<string, t.Node | undefined>();
      for (const statement of loaded.ast.program.body) {
        const inner = statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement;
        for (const [name, value] of declarationsOf(inner)) declared.set(name, value);
      }
      entry = { ast: loaded.ast, bindings: bindingsOf(loaded.ast), declared };
      this.bindings.set(path, entry);
    }
    return entry;
  }

  private exportedValue(path: string, name: string, depth: number): Constant | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const origin = followExport(path, name, this.exportSources);
    if (origin?.kind === 'namespace') return this.namespace(origin.path, depth + 1);
    if (origin?.kind !== 'local') return undefined;
    const { local, value } = origin.binding;
    if (value !== undefined) return this.constantAt(origin.path, value, depth + 1);
    return local === undefined ? undefined : this.identifierValue(origin.path, local, depth + 1);
  }

  /** `import * as ns`: an object of every export that is a constant (only when all of them are). */
  private namespace(path: string, depth: number): Constant | undefined {
    const entry = this.module(path);
    if (!entry || entry.bindings.starExports.length > 0) return undefined;
    const object: Record<string, Constant> = {};
    for (const name of entry.bindings.exports.keys()) {
      const value = this.exportedValue(path, name, depth + 1);
      if (value !== undefined) object[name] = value;
    }
    return object;
  }

  private identifierValue(path: string, name: string, depth: number): Constant | undefined {
    if (name === 'undefined') return undefined;
    const entry = this.module(path);
    if (!entry) return undefined;
    if (entry.declared.has(name)) {
      const value = entry.declared.get(name);
      return value === undefined ? undefined : this.constantAt(path, value, depth + 1);
    }
    const imported = entry.bindings.imports.find((binding) => binding.local === name && !binding.typeOnly);
    if (!imported) return undefined;
    const target = this.sources.resolve(path, imported.specifier);
    if (target === undefined) return undefined;
    return imported.imported === '*' ? this.namespace(target, depth + 1) : this.exportedValue(target, imported.imported, depth + 1);
  }

  /** The value of `raw` in the module at `path`, or undefined when it is no constant (the toolkit's recursion, {@link ExpressionEvaluator}). */
  private constantAt(path: string, raw: t.Node, depth: number): Constant | undefined {
    if (depth > MAX_DEPTH) return undefined;
    try {
      return this.value(raw, path);
    } catch (error) {
      if (error instanceof NotConstant) return undefined;
      throw error;
    }
  }

  protected refuse(node: t.Node, _refusal: Refusal<Constant | undefined>): never {
    throw new NotConstant(node, 'not a constant');
  }

  protected identifier(node: t.Identifier, path: string): Constant | undefined {
    return this.known(node, this.identifierValue(path, node.name, 0));
  }

  /** A key the object does not have is no constant here (undefined means "unknown" to this evaluator's callers). */
  protected override missingMember(node: t.Node): Constant | undefined {
    return this.refuse(node, { kind: 'expression' });
  }

  /** `config.auth.loginPath` where `config` is no constant as a whole: followed through the object literals that hold it ({@link memberOf}). */
  protected override memberExpression(node: t.MemberExpression | t.OptionalMemberExpression, path: string): Constant | undefined {
    let object: Constant | undefined;
    try {
      object = this.value(node.object, path);
    } catch (error) {
      if (!(error instanceof NotConstant)) throw error;
      return this.known(node, this.memberOf(path, node, 0));
    }
    return this.member(node, object, this.memberKey(node, path), path);
  }

  /** An enum declaration (what a name declared by one stands for) as an object of its members. */
  protected override other(node: t.Node, path: string): Constant | undefined {
    if (node.type === 'TSEnumDeclaration') return this.known(node, this.enumValue(path, node, 0));
    return this.refuse(node, { kind: 'expression' });
  }

  private known(node: t.Node, value: Constant | undefined): Constant {
    return value === undefined ? this.refuse(node, { kind: 'expression' }) : value;
  }

  /**
   * `config.auth.okta.loginPath` where `config` as a whole is no constant (other members read the
   * environment, or it is what a function returns: `export const config = parseConfig()`): the
   * member is followed through the object literals that hold it — a constant's initializer, an
   * import, the one `return { … }` of a function called there — and only its own value must be a
   * constant. A spread after the member (`{ path: '/a', ...overrides }`), a second `return`, or a
   * name the function binds itself (a parameter, a local) makes it no constant.
   */
  private memberOf(path: string, node: t.MemberExpression | t.OptionalMemberExpression, depth: number): Constant | undefined {
    const keys: string[] = [];
    let current: t.Node = node;
    while (current.type === 'MemberExpression' || current.type === 'OptionalMemberExpression') {
      const key = current.computed ? this.keyAt(path, current.property, depth) : current.property.type === 'Identifier' ? current.property.name : undefined;
      if (key === undefined) return undefined;
      keys.unshift(key);
      current = unwrapExpression(current.object);
    }
    let located = this.locate(path, current, [], depth + 1);
    for (const key of keys) {
      if (!located) return undefined;
      const object = unwrapExpression(located.node);
      if (object.type !== 'ObjectExpression') return undefined;
      let found: t.Node | undefined;
      for (const property of object.properties) {
        if (property.type === 'SpreadElement')
          found = undefined; // a spread after it may override it
        else if (property.type !== 'ObjectProperty') {
          if (!property.computed && propertyKeyName(property.key, false) === key) found = undefined;
        } else {
          const name = !property.computed
            ? propertyKeyName(property.key, false)
            : located.bound.length === 0
              ? this.keyAt(located.path, property.key, depth)
              : undefined;
          if (name === undefined)
            found = undefined; // a computed key may be this one
          else if (name === key) found = property.value;
        }
      }
      if (found === undefined) return undefined;
      located = this.locate(located.path, found, located.bound, depth + 1);
    }
    if (!located || (located.bound.length > 0 && mentionsAny(located.node, located.bound))) return undefined;
    return this.constantAt(located.path, located.node, depth + 1);
  }

  /**
   * The object literal (or the final expression) an expression stands for, in the module at `path`:
   * followed through same-module constants, imports and the single `return` of a called function.
   * `bound`: names declared inside the functions passed on the way, which the module-level lookup
   * would misread: any of them in what is located makes it unknown.
   */
  private locate(path: string, raw: t.Node, bound: readonly Set<string>[], depth: number): { path: string; node: t.Node; bound: Set<string>[] } | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const node = unwrapExpression(raw);
    if (node.type === 'Identifier') {
      if (bound.length > 0) return undefined;
      const entry = this.module(path);
      if (!entry) return undefined;
      if (entry.declared.has(name(node))) {
        const value = entry.declared.get(name(node));
        return value === undefined ? undefined : this.locate(path, value, bound, depth + 1);
      }
      const imported = entry.bindings.imports.find((binding) => binding.local === node.name && !binding.typeOnly);
      const target = imported && this.sources.resolve(path, imported.specifier);
      if (!imported || target === undefined || imported.imported === '*') return undefined;
      const origin = followExport(target, imported.imported, this.exportSources);
      if (origin?.kind !== 'local') return undefined;
      const { local, value } = origin.binding;
      if (value !== undefined) return this.locate(origin.path, value, [], depth + 1);
      if (local === undefined) return undefined;
      const declared = this.module(origin.path)?.declared.get(local);
      return declared === undefined ? undefined : this.locate(origin.path, declared, [], depth + 1);
    }
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && bound.length === 0) {
      const callee = this.locate(path, node.callee, bound, depth + 1);
      const fn = callee && unwrapExpression(callee.node);
      if (!callee || !fn || (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression' && fn.type !== 'FunctionDeclaration')) return undefined;
      if (fn.async || fn.generator) return undefined;
      const inner = [...callee.bound, namesBoundIn(fn)];
      if (fn.body.type !== 'BlockStatement') return this.locate(callee.path, fn.body, inner, depth + 1);
      const returns = returnsOf(fn.body);
      if (returns.length !== 1 || !returns[0]!.argument) return undefined;
      return this.locate(callee.path, returns[0]!.argument, inner, depth + 1);
    }
    return { path, node, bound: [...bound] };
  }

  private keyAt(path: string, node: t.Node, depth: number): string | undefined {
    const key = this.constantAt(path, node, depth + 1);
    return typeof key === 'string' || typeof key === 'number' ? String(key) : undefined;
  }

  /** An enum as an object of its members. */
  private enumValue(path: string, node: t.TSEnumDeclaration, depth: number): Constant | undefined {
    const members = enumMembers(node, (initializer) => this.constantAt(path, initializer, depth + 1));
    return Array.isArray(members) ? Object.fromEntries(members.map(({ name, value }) => [name, value])) : undefined;
  }
}
