import { propertyAccess } from '../../syntax/ast.js';
import { isCall, literalKeyName, unwrapExpression, type t } from '../../syntax/parse.js';

/**
 * Variables declared through a validation schema over `process.env`, the usual shape of newer
 * services: envalid's `cleanEnv(process.env, { PORT: port({ default: 3000 }) })`, t3-env's
 * `createEnv({ server: { PORT: z.coerce.number().default(3000) }, runtimeEnv: process.env })` and
 * a zod object parsed from the environment (`envSchema.parse(process.env)`). Each key of the
 * schema is a variable; its default is the literal the schema applies when the variable is unset.
 */

/** What the schema reader needs from the file's read collector. */
export interface SchemaContext {
  isEnvObject(node: t.Node): boolean;
  /** A literal (or same-file constant), null for `undefined`/`null`, undefined when not a literal. */
  literalValue(node: t.Node): string | null | undefined;
  /** The initializer of a same-file constant, or undefined. */
  declarationOf(name: string): t.Node | undefined;
  /** The node's source text, as written. */
  textOf(node: t.Node): string;
  /** An object key as written (`PORT`, `'PORT'`, `[KEY]`). */
  keyText(property: t.ObjectProperty): string;
}

export interface SchemaEntry {
  name: string;
  default: string | null;
  /**
   * Whether the schema accepts the variable unset (`.optional()`, a default, envalid's `default:`);
   * false when an unset variable fails validation (the service refuses to start); null when the
   * schema cannot be read that far (a helper, a union, a preprocess over an optional value).
   */
  optional: boolean | null;
  /** The schema as written, when its default or its optionality cannot be read (see EnvRead.opaque). */
  opaque?: t.Node;
  /** The key's property: line and evidence. */
  node: t.ObjectProperty;
}

export interface SchemaProblem {
  node: t.Node;
  reason: string;
}

export interface SchemaRead {
  entries: SchemaEntry[];
  problems: SchemaProblem[];
}

type Call = t.CallExpression | t.OptionalCallExpression;

const ZOD_PARSE_METHODS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync']);
/** Chain methods that keep an object schema's keys, their defaults and whether each is optional. */
const ZOD_SHAPE_KEEPING = new Set([
  'passthrough',
  'strict',
  'strip',
  'refine',
  'superRefine',
  'transform',
  'describe',
  'readonly',
  'catchall',
  'brand',
  'pipe',
]);
/** zod methods after which an unset value passes: its schema is optional. */
const ZOD_OPTIONAL_MAKERS = new Set(['optional', 'nullish', 'default', 'catch', 'prefault']);
/** zod methods that run code on the value: over a required value it is still required; over an optional one, the code decides. */
const ZOD_CODE_OVER = new Set(['refine', 'superRefine', 'transform', 'pipe', 'check', 'overwrite']);
/** zod methods that make what is accepted depend on another schema. */
const ZOD_UNTELLABLE_METHODS = new Set(['or', 'and', 'array', 'promise']);
/** zod constructors whose schema accepts an unset value (`z.coerce.string()` turns it into "undefined", `coerce.boolean` into false). */
const ZOD_ACCEPTS_UNSET = new Set(['any', 'unknown', 'undefined', 'void', 'optional']);
const ZOD_COERCE_ACCEPTS_UNSET = new Set(['string', 'boolean']);
/** zod constructors whose acceptance of an unset value depends on their members or on code. */
const ZOD_UNTELLABLE_CONSTRUCTORS = new Set(['union', 'discriminatedUnion', 'intersection', 'preprocess', 'lazy', 'custom', 'nullable', 'pipeline', 'effect']);
const T3_SCHEMA_KEYS = new Set(['server', 'client', 'shared']);
const RESOLVE_DEPTH = 8;

/** The schema call `call` declares, or undefined when it is not one. */
export function readEnvSchemaCall(call: Call, context: SchemaContext): SchemaRead | undefined {
  const callee = calledName(call);
  const [first, second] = call.arguments;
  if ((callee === 'cleanEnv' || callee === 'customCleanEnv') && first !== undefined && context.isEnvObject(first)) {
    return readEnvalidSpec(call, second, context);
  }
  if (callee === 'createEnv' && first !== undefined) return readT3Options(first, context);
  const method = propertyAccess(call.callee);
  if (callee !== undefined && ZOD_PARSE_METHODS.has(callee) && first !== undefined && context.isEnvObject(first) && method) {
    const problems: SchemaProblem[] = [];
    const entries = zodObjectEntries(method.object, context, problems, 0);
    if (entries === undefined)
      problems.push({
        node: call,
        reason: `${context.textOf(call.callee)}(process.env): the schema is not a z.object(…) defined in this file, so its variables cannot be read`,
      });
    return { entries: entries ?? [], problems };
  }
  return undefined;
}

/** Whether an env object as argument `index` of `call` is consumed by a schema read here (not passed on blindly). */
export function isSchemaEnvArgument(call: Call, index: number): boolean {
  const callee = calledName(call);
  if (index !== 0 || callee === undefined) return false;
  return callee === 'cleanEnv' || callee === 'customCleanEnv' || (ZOD_PARSE_METHODS.has(callee) && propertyAccess(call.callee) !== undefined);
}

function calledName(call: Call): string | undefined {
  const callee = call.callee;
  if (callee.type === 'Identifier') return callee.name;
  const access = propertyAccess(callee);
  return access ? access.name : undefined;
}

function resolveObject(node: t.Node | undefined, context: SchemaContext): t.ObjectExpression | undefined {
  let current = node === undefined ? undefined : unwrap(node);
  for (let depth = 0; current && current.type === 'Identifier' && depth < RESOLVE_DEPTH; depth++) {
    const declared = context.declarationOf(current.name);
    current = declared === undefined ? undefined : unwrap(declared);
  }
  return current && current.type === 'ObjectExpression' ? current : undefined;
}

/** A `key: value` property (not shorthand, method or spread), as the schemas write their entries. */
function isAssignment(property: t.Node): property is t.ObjectProperty & { value: t.Expression } {
  return property.type === 'ObjectProperty' && !property.shorthand;
}

/** `{ PORT: port({ default: 3000 }), API_KEY: str() }`: the default is the validator options' `default` (never `devDefault`). */
function readEnvalidSpec(call: Call, spec: t.Node | undefined, context: SchemaContext): SchemaRead {
  const problems: SchemaProblem[] = [];
  const object = resolveObject(spec, context);
  if (!object)
    return {
      entries: [],
      problems: [
        { node: spec ?? call, reason: 'cleanEnv(process.env, …): the validator spec is not an object literal of this file, so its variables cannot be read' },
      ],
    };
  const entries = objectEntries(object, context, problems, (value) => {
    // A shorthand `{ PORT }` or `PORT: PORT_SPEC` names a validator constant of this file.
    const validator = resolveValue(value, context);
    const unread = { default: null, optional: null, opaque: true };
    if (!isCall(validator)) return unread;
    const [first] = validator.arguments;
    const options = resolveObject(first, context);
    if (first !== undefined && !options) return unread;
    // Only `default` applies in production: a validator with a `devDefault` alone is required there.
    const defaultProperty = options?.properties.find((property) => property.type === 'ObjectProperty' && literalKeyName(property) === 'default');
    if (!defaultProperty || defaultProperty.type !== 'ObjectProperty')
      return options?.properties.some((property) => property.type !== 'ObjectProperty') ? unread : { default: null, optional: false };
    const literal = context.literalValue(defaultProperty.value);
    return { default: literal ?? null, optional: true, opaque: literal === undefined };
  });
  return { entries, problems };
}

/** t3-env: the keys of `server`, `client` and `shared` are variables, with zod defaults. */
function readT3Options(options: t.Node, context: SchemaContext): SchemaRead | undefined {
  const object = resolveObject(options, context);
  if (!object) return undefined;
  const problems: SchemaProblem[] = [];
  const entries: SchemaEntry[] = [];
  /** Members that may hold `server`/`client`/`shared` out of sight: unreadable once the call is t3-env's. */
  const hidden: t.Node[] = [];
  let isT3 = false;
  for (const property of object.properties) {
    if (property.type !== 'ObjectProperty') {
      // A method with a plain name (typebot's `onValidationError(issues) { … }`) is a callback, not a
      // schema: only a spread, a computed key or a method named like a schema key may hide variables.
      const methodKey = property.type === 'ObjectMethod' && !property.computed ? literalKeyName(property) : undefined;
      if (methodKey === undefined || T3_SCHEMA_KEYS.has(methodKey)) hidden.push(property);
      continue;
    }
    const key = literalKeyName(property) ?? (property.computed ? stringOf(property.key, context) : undefined);
    if (key === undefined) {
      hidden.push(property);
      continue;
    }
    if (key === 'runtimeEnv' || key === 'experimental__runtimeEnv') isT3 = true;
    if (!T3_SCHEMA_KEYS.has(key)) continue;
    isT3 = true;
    // `{ server: { … } }`, shorthand `{ server }` naming a constant of this file, or `baseEnv.server`.
    const shape = resolveSchemaObject(property.value, context, 0);
    if (!shape) {
      problems.push({ node: property, reason: `createEnv({ ${key}: … }): not an object literal of this file, so its variables cannot be read` });
      continue;
    }
    entries.push(...objectEntries(shape, context, problems, (value) => zodFacts(value, context)));
  }
  if (!isT3) return undefined;
  for (const node of hidden)
    problems.push({ node, reason: `createEnv({ ${truncate(context.textOf(node))} }): may hold server, client or shared variables that cannot be read` });
  return { entries, problems };
}

/** The keys of a zod object schema (`z.object({…})`, `.extend({…})`, `.merge(other)`), or undefined when it cannot be read. */
function zodObjectEntries(node: t.Node, context: SchemaContext, problems: SchemaProblem[], depth: number): SchemaEntry[] | undefined {
  if (depth > RESOLVE_DEPTH) return undefined;
  const inner = unwrap(node);
  if (inner.type === 'Identifier') {
    const declared = context.declarationOf(inner.name);
    return declared === undefined ? undefined : zodObjectEntries(declared, context, problems, depth + 1);
  }
  const access = isCall(inner) ? propertyAccess(inner.callee) : undefined;
  if (!isCall(inner) || !access) return undefined;
  const method = access.name;
  const receiver = access.object;
  const toFacts = (value: t.Node) => zodFacts(value, context);
  if (method === 'object' && unwrap(receiver).type === 'Identifier') {
    const shape = resolveObject(inner.arguments[0], context);
    return shape ? objectEntries(shape, context, problems, toFacts) : undefined;
  }
  if (method === 'extend') {
    const base = zodObjectEntries(receiver, context, problems, depth + 1);
    const shape = resolveObject(inner.arguments[0], context);
    return base && shape ? [...base, ...objectEntries(shape, context, problems, toFacts)] : undefined;
  }
  if (method === 'partial' || method === 'required') {
    // `.partial()` makes every key optional; `.required()` unwraps `.optional()` but keeps defaults, and a mask picks keys: not followed that far.
    const base = zodObjectEntries(receiver, context, problems, depth + 1);
    const whole = inner.arguments.length === 0;
    return base?.map((entry) => ({ ...entry, optional: method === 'partial' && whole ? true : entry.optional === false ? false : null }));
  }
  if (method === 'merge') {
    const base = zodObjectEntries(receiver, context, problems, depth + 1);
    const other = inner.arguments[0] === undefined ? undefined : zodObjectEntries(inner.arguments[0], context, problems, depth + 1);
    return base && other ? [...base, ...other] : undefined;
  }
  if (method === 'and' && inner.arguments[0] !== undefined) {
    // trigger.dev: `z.object({…}).and(GithubAppEnvSchema)`, a preprocess over a discriminated union of
    // objects. Every branch's keys are variables; whether each is required depends on the branch taken,
    // so it cannot be told, and the other schema's text stands for its defaults (a change is unproven).
    const base = zodObjectEntries(receiver, context, problems, depth + 1);
    const other = branchEntries(inner.arguments[0], context, problems, depth + 1);
    return base && other ? [...base, ...other] : undefined;
  }
  if (ZOD_SHAPE_KEEPING.has(method)) return zodObjectEntries(receiver, context, problems, depth + 1);
  return undefined;
}

/** The keys of every object a union (or a preprocess over one, or a plain object) may take, each optional unknown and opaque. */
function branchEntries(node: t.Node, context: SchemaContext, problems: SchemaProblem[], depth: number): SchemaEntry[] | undefined {
  if (depth > RESOLVE_DEPTH) return undefined;
  const schema = resolveValue(node, context);
  const collect = (branch: t.Node): SchemaEntry[] | undefined => {
    const resolved = resolveValue(branch, context);
    const access = isCall(resolved) ? propertyAccess(resolved.callee) : undefined;
    if (!isCall(resolved) || !access) return undefined;
    const namespace = unwrap(access.object).type === 'Identifier' && context.declarationOf((unwrap(access.object) as t.Identifier).name) === undefined;
    if (namespace && access.name === 'preprocess') return resolved.arguments[1] === undefined ? undefined : collect(resolved.arguments[1]);
    if (namespace && (access.name === 'discriminatedUnion' || access.name === 'union')) {
      const list = unwrap(resolved.arguments[access.name === 'union' ? 0 : 1] ?? resolved);
      if (list.type !== 'ArrayExpression') return undefined;
      const entries: SchemaEntry[] = [];
      for (const element of list.elements) {
        const found = element && element.type !== 'SpreadElement' ? collect(element) : undefined;
        if (!found) return undefined;
        entries.push(...found);
      }
      return entries;
    }
    return zodObjectEntries(resolved, context, problems, depth + 1);
  };
  return collect(schema)?.map((entry) => ({ ...entry, default: null, optional: null, opaque: schema }));
}

/**
 * The literal of the outermost `.default(…)` (or `.catch(…)`) of a zod chain; null when the chain
 * has none; undefined when it cannot be told (a computed default, a helper's call, an imported schema).
 */
function zodDefault(node: t.Node, context: SchemaContext, depth: number): string | null | undefined {
  let current = unwrap(node);
  for (let steps = 0; steps < 64 && depth < RESOLVE_DEPTH; steps++) {
    if (current.type === 'Identifier') {
      // A name this file does not declare is the zod namespace the chain starts from (`z`).
      const declared = context.declarationOf(current.name);
      if (declared === undefined) return null;
      current = unwrap(declared);
      depth++;
      continue;
    }
    const access = isCall(current) ? propertyAccess(current.callee) : undefined;
    if (!isCall(current) || !access) return isCall(current) ? undefined : null;
    const method = access.name;
    if (method === 'default' || method === 'catch') {
      const argument = current.arguments[0];
      if (argument === undefined) return null;
      const value = unwrap(argument);
      // `.default(() => 'x')` computes the same literal lazily.
      const body = value.type === 'ArrowFunctionExpression' && value.body.type !== 'BlockStatement' ? value.body : value;
      const literal = context.literalValue(body);
      return literal === undefined ? undefined : literal;
    }
    if (method === 'preprocess' && current.arguments[1] !== undefined) {
      current = unwrap(current.arguments[1]);
      continue;
    }
    current = unwrap(access.object);
  }
  return null;
}

interface KeyFacts {
  default: string | null;
  optional: boolean | null;
  /** The default or the optionality could not be read: the schema's text stands for them. */
  opaque?: boolean;
}

function zodFacts(value: t.Node, context: SchemaContext): KeyFacts {
  const defaultValue = zodDefault(value, context, 0);
  const optional = zodOptional(value, context, 0);
  return { default: defaultValue ?? null, optional, opaque: defaultValue === undefined || optional === null };
}

/** Whether a zod schema accepts an unset value (see {@link SchemaEntry.optional}). */
function zodOptional(node: t.Node, context: SchemaContext, depth: number): boolean | null {
  if (depth > RESOLVE_DEPTH * 8) return null;
  const current = resolveValue(node, context);
  const access = isCall(current) ? propertyAccess(current.callee) : undefined;
  // Anything but a method chain (a helper's call, an imported schema) cannot be read here.
  if (!isCall(current) || !access) return null;
  const method = access.name;
  const receiver = unwrap(access.object);
  // `z.string()`, `z.coerce.number()`: the receiver is the namespace (a name this file does not declare).
  const coerce = propertyAccess(receiver);
  if (coerce && coerce.name === 'coerce' && unwrap(coerce.object).type === 'Identifier') return ZOD_COERCE_ACCEPTS_UNSET.has(method);
  if (receiver.type === 'Identifier' && context.declarationOf(receiver.name) === undefined) {
    if (ZOD_ACCEPTS_UNSET.has(method)) return true;
    return ZOD_UNTELLABLE_CONSTRUCTORS.has(method) ? null : false;
  }
  if (ZOD_OPTIONAL_MAKERS.has(method)) return true;
  if (ZOD_UNTELLABLE_METHODS.has(method)) return null;
  const inner = zodOptional(receiver, context, depth + 1);
  if (ZOD_CODE_OVER.has(method)) return inner === false ? false : null;
  // `.describe()`, `.min()`, `.url()`, `.nullable()`…: the same acceptance of an unset value.
  return inner;
}

/** A same-file constant's initializer, followed through names. */
function resolveValue(node: t.Node, context: SchemaContext): t.Node {
  let current = unwrap(node);
  for (let depth = 0; current.type === 'Identifier' && depth < RESOLVE_DEPTH; depth++) {
    const declared = context.declarationOf(current.name);
    if (declared === undefined) break;
    current = unwrap(declared);
  }
  return current;
}

/**
 * The object literal a schema shape names: the literal itself, a constant of this file holding one,
 * or a member of such a constant (`baseEnv.server`, typebot's per-feature groups `{ server: {…},
 * client: {…}, runtimeEnv: {…} }` spread into one `createEnv`). A member is read only when the
 * constant has that key once, with no spread, method or computed key that could also define it.
 */
function resolveSchemaObject(node: t.Node | undefined, context: SchemaContext, depth: number): t.ObjectExpression | undefined {
  if (node === undefined || depth > RESOLVE_DEPTH) return undefined;
  const inner = resolveValue(node, context);
  if (inner.type === 'ObjectExpression') return inner;
  const access = propertyAccess(inner);
  if (!access) return undefined;
  const holder = resolveSchemaObject(access.object, context, depth + 1);
  if (!holder) return undefined;
  const matches: t.ObjectProperty[] = [];
  for (const property of holder.properties) {
    if (property.type !== 'ObjectProperty') return undefined;
    const key = literalKeyName(property) ?? (property.computed ? stringOf(property.key, context) : undefined);
    if (key === undefined) return undefined;
    if (key === access.name) matches.push(property);
  }
  const [match] = matches;
  return matches.length === 1 && match ? resolveSchemaObject(match.value, context, depth + 1) : undefined;
}

/** Each literal key of a schema object with its default; spreads of readable objects are followed; other spreads and computed keys cannot be read. */
function objectEntries(
  object: t.ObjectExpression,
  context: SchemaContext,
  problems: SchemaProblem[],
  factsOf: (value: t.Node) => KeyFacts,
  depth = 0,
): SchemaEntry[] {
  const entries: SchemaEntry[] = [];
  for (const property of object.properties) {
    if (property.type === 'SpreadElement' && depth < RESOLVE_DEPTH) {
      // `...baseEnv.server`, `...shared`: an object literal of this file, read as if written here.
      const spread = resolveSchemaObject(property.argument, context, 0);
      if (spread) {
        entries.push(...objectEntries(spread, context, problems, factsOf, depth + 1));
        continue;
      }
    }
    if (isAssignment(property)) {
      const name = literalKeyName(property) ?? (property.computed ? stringOf(property.key, context) : undefined);
      if (name === undefined) {
        problems.push({ node: property, reason: `schema key ${context.keyText(property)} is computed, so the variable it declares cannot be read` });
        continue;
      }
      entries.push(entryOf(name, property, factsOf(property.value), context));
    } else if (property.type === 'ObjectProperty' && property.key.type === 'Identifier') {
      // Shorthand `{ PORT }`: the key names the variable, the binding of that name holds the schema.
      entries.push(entryOf(property.key.name, property, factsOf(property.value), context));
    } else {
      problems.push({ node: property, reason: `schema entry ${truncate(context.textOf(property))} (a spread or method) cannot be read as variables` });
    }
  }
  return entries;
}

function entryOf(name: string, property: t.ObjectProperty, facts: KeyFacts, context: SchemaContext): SchemaEntry {
  const entry: SchemaEntry = { name, default: facts.default, optional: facts.optional, node: property };
  // A name (`{ PORT }`, `LEVEL: level`) is the same text at both refs: its constant's initializer is what changes.
  if (facts.opaque) entry.opaque = resolveValue(property.value, context);
  return entry;
}

function stringOf(node: t.Node, context: SchemaContext): string | undefined {
  const value = context.literalValue(node);
  return typeof value === 'string' ? value : undefined;
}

function truncate(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

function unwrap(node: t.Node): t.Node {
  return unwrapExpression(node);
}
