import { ts } from '../../typescript/ts-morph.js';

/**
 * Variables declared through a validation schema over `process.env`, the usual shape of newer
 * services: envalid's `cleanEnv(process.env, { PORT: port({ default: 3000 }) })`, t3-env's
 * `createEnv({ server: { PORT: z.coerce.number().default(3000) }, runtimeEnv: process.env })` and
 * a zod object parsed from the environment (`envSchema.parse(process.env)`). Each key of the
 * schema is a variable; its default is the literal the schema applies when the variable is unset.
 */

/** What the schema reader needs from the file's read collector. */
export interface SchemaContext {
  isEnvObject(node: ts.Node): boolean;
  /** A literal (or same-file constant), null for `undefined`/`null`, undefined when not a literal. */
  literalValue(node: ts.Node): string | null | undefined;
  /** The initializer of a same-file constant, or undefined. */
  declarationOf(name: string): ts.Expression | undefined;
}

export interface SchemaEntry {
  name: string;
  default: string | null;
  /** The key's property assignment: line and evidence. */
  node: ts.Node;
}

export interface SchemaProblem {
  node: ts.Node;
  reason: string;
}

export interface SchemaRead {
  entries: SchemaEntry[];
  problems: SchemaProblem[];
}

const ZOD_PARSE_METHODS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync']);
/** Chain methods that keep an object schema's keys and their defaults. */
const ZOD_SHAPE_KEEPING = new Set(['passthrough', 'strict', 'strip', 'refine', 'superRefine', 'transform', 'describe', 'readonly', 'partial', 'required', 'catchall', 'brand', 'pipe']);
const T3_SCHEMA_KEYS = new Set(['server', 'client', 'shared']);
const RESOLVE_DEPTH = 8;

/** The schema call `call` declares, or undefined when it is not one. */
export function readEnvSchemaCall(call: ts.CallExpression, context: SchemaContext): SchemaRead | undefined {
  const callee = calledName(call);
  const [first, second] = call.arguments;
  if ((callee === 'cleanEnv' || callee === 'customCleanEnv') && first !== undefined && context.isEnvObject(first)) {
    return readEnvalidSpec(call, second, context);
  }
  if (callee === 'createEnv' && first !== undefined) return readT3Options(first, context);
  if (callee !== undefined && ZOD_PARSE_METHODS.has(callee) && first !== undefined && context.isEnvObject(first) && ts.isPropertyAccessExpression(call.expression)) {
    const problems: SchemaProblem[] = [];
    const entries = zodObjectEntries(call.expression.expression, context, problems, 0);
    if (entries === undefined) problems.push({ node: call, reason: `${call.expression.getText()}(process.env): the schema is not a z.object(…) defined in this file, so its variables cannot be read` });
    return { entries: entries ?? [], problems };
  }
  return undefined;
}

/** Whether an env object as argument `index` of `call` is consumed by a schema read here (not passed on blindly). */
export function isSchemaEnvArgument(call: ts.CallExpression, index: number): boolean {
  const callee = calledName(call);
  if (index !== 0 || callee === undefined) return false;
  return callee === 'cleanEnv' || callee === 'customCleanEnv' || (ZOD_PARSE_METHODS.has(callee) && ts.isPropertyAccessExpression(call.expression));
}

function calledName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

function resolveObject(node: ts.Node | undefined, context: SchemaContext): ts.ObjectLiteralExpression | undefined {
  let current = node === undefined ? undefined : unwrap(node);
  for (let depth = 0; current && ts.isIdentifier(current) && depth < RESOLVE_DEPTH; depth++) {
    const declared = context.declarationOf(current.text);
    current = declared === undefined ? undefined : unwrap(declared);
  }
  return current && ts.isObjectLiteralExpression(current) ? current : undefined;
}

/** `{ PORT: port({ default: 3000 }), API_KEY: str() }`: the default is the validator options' `default` (never `devDefault`). */
function readEnvalidSpec(call: ts.CallExpression, spec: ts.Node | undefined, context: SchemaContext): SchemaRead {
  const problems: SchemaProblem[] = [];
  const object = resolveObject(spec, context);
  if (!object) return { entries: [], problems: [{ node: spec ?? call, reason: 'cleanEnv(process.env, …): the validator spec is not an object literal of this file, so its variables cannot be read' }] };
  const entries = objectEntries(object, context, problems, (value) => {
    const call = unwrap(value);
    if (!ts.isCallExpression(call)) return null;
    const options = resolveObject(call.arguments[0], context);
    const defaultProperty = options?.properties.find((property) => ts.isPropertyAssignment(property) && propertyKey(property.name) === 'default');
    if (!defaultProperty || !ts.isPropertyAssignment(defaultProperty)) return null;
    return context.literalValue(defaultProperty.initializer) ?? null;
  });
  return { entries, problems };
}

/** t3-env: the keys of `server`, `client` and `shared` are variables, with zod defaults. */
function readT3Options(options: ts.Node, context: SchemaContext): SchemaRead | undefined {
  const object = resolveObject(options, context);
  if (!object) return undefined;
  const problems: SchemaProblem[] = [];
  const entries: SchemaEntry[] = [];
  let isT3 = false;
  for (const property of object.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const key = propertyKey(property.name);
    if (key === 'runtimeEnv' || key === 'experimental__runtimeEnv') isT3 = true;
    if (key === undefined || !T3_SCHEMA_KEYS.has(key)) continue;
    isT3 = true;
    const shape = resolveObject(property.initializer, context);
    if (!shape) {
      problems.push({ node: property, reason: `createEnv({ ${key}: … }): not an object literal of this file, so its variables cannot be read` });
      continue;
    }
    entries.push(...objectEntries(shape, context, problems, (value) => zodDefault(value, context, 0)));
  }
  return isT3 ? { entries, problems } : undefined;
}

/** The keys of a zod object schema (`z.object({…})`, `.extend({…})`, `.merge(other)`), or undefined when it cannot be read. */
function zodObjectEntries(node: ts.Node, context: SchemaContext, problems: SchemaProblem[], depth: number): SchemaEntry[] | undefined {
  if (depth > RESOLVE_DEPTH) return undefined;
  const inner = unwrap(node);
  if (ts.isIdentifier(inner)) {
    const declared = context.declarationOf(inner.text);
    return declared === undefined ? undefined : zodObjectEntries(declared, context, problems, depth + 1);
  }
  if (!ts.isCallExpression(inner) || !ts.isPropertyAccessExpression(inner.expression)) return undefined;
  const method = inner.expression.name.text;
  const receiver = inner.expression.expression;
  const toDefault = (value: ts.Node) => zodDefault(value, context, 0);
  if (method === 'object' && ts.isIdentifier(unwrap(receiver))) {
    const shape = resolveObject(inner.arguments[0], context);
    return shape ? objectEntries(shape, context, problems, toDefault) : undefined;
  }
  if (method === 'extend') {
    const base = zodObjectEntries(receiver, context, problems, depth + 1);
    const shape = resolveObject(inner.arguments[0], context);
    return base && shape ? [...base, ...objectEntries(shape, context, problems, toDefault)] : undefined;
  }
  if (method === 'merge') {
    const base = zodObjectEntries(receiver, context, problems, depth + 1);
    const other = inner.arguments[0] === undefined ? undefined : zodObjectEntries(inner.arguments[0], context, problems, depth + 1);
    return base && other ? [...base, ...other] : undefined;
  }
  if (ZOD_SHAPE_KEEPING.has(method)) return zodObjectEntries(receiver, context, problems, depth + 1);
  return undefined;
}

/** The literal of the outermost `.default(…)` (or `.catch(…)`) of a zod chain; null when the chain has none or it is not a literal. */
function zodDefault(node: ts.Node, context: SchemaContext, depth: number): string | null {
  let current = unwrap(node);
  for (let steps = 0; steps < 64 && depth < RESOLVE_DEPTH; steps++) {
    if (ts.isIdentifier(current)) {
      const declared = context.declarationOf(current.text);
      if (declared === undefined) return null;
      current = unwrap(declared);
      depth++;
      continue;
    }
    if (!ts.isCallExpression(current) || !ts.isPropertyAccessExpression(current.expression)) return null;
    const method = current.expression.name.text;
    if (method === 'default' || method === 'catch') {
      const argument = current.arguments[0];
      if (argument === undefined) return null;
      const value = unwrap(argument);
      // `.default(() => 'x')` computes the same literal lazily.
      const body = ts.isArrowFunction(value) && !ts.isBlock(value.body) ? value.body : value;
      return context.literalValue(body) ?? null;
    }
    if (method === 'preprocess' && current.arguments[1] !== undefined) {
      current = unwrap(current.arguments[1]);
      continue;
    }
    current = unwrap(current.expression.expression);
  }
  return null;
}

/** Each literal key of a schema object with its default; spreads and computed keys cannot be read. */
function objectEntries(object: ts.ObjectLiteralExpression, context: SchemaContext, problems: SchemaProblem[], defaultOf: (value: ts.Node) => string | null): SchemaEntry[] {
  const entries: SchemaEntry[] = [];
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property)) {
      const name = propertyKey(property.name) ?? (ts.isComputedPropertyName(property.name) ? stringOf(property.name.expression, context) : undefined);
      if (name === undefined) {
        problems.push({ node: property, reason: `schema key ${property.name.getText()} is computed, so the variable it declares cannot be read` });
        continue;
      }
      entries.push({ name, default: defaultOf(property.initializer), node: property });
    } else if (ts.isShorthandPropertyAssignment(property)) {
      entries.push({ name: property.name.text, default: defaultOf(property.name), node: property });
    } else {
      problems.push({ node: property, reason: `schema entry ${truncate(property.getText())} (a spread or method) cannot be read as variables` });
    }
  }
  return entries;
}

function stringOf(node: ts.Node, context: SchemaContext): string | undefined {
  const value = context.literalValue(node);
  return typeof value === 'string' ? value : undefined;
}

function propertyKey(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

function truncate(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

function unwrap(node: ts.Node): ts.Node {
  let inner = node;
  while (ts.isParenthesizedExpression(inner) || ts.isAsExpression(inner) || ts.isNonNullExpression(inner) || ts.isTypeAssertionExpression(inner) || ts.isSatisfiesExpression(inner)) inner = inner.expression;
  return inner;
}

