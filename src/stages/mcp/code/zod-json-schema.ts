import { acceptsUndefined, Unconvertible, type NumberCheck, type StringCheck, type ZodSchema } from './zod-model.js';

/**
 * zod → JSON Schema as the MCP TypeScript SDK advertises it in `tools/list` for zod 3 schemas:
 * `zodToJsonSchema(z.object(shape), { strictUnions: true, pipeStrategy })` with its defaults
 * (draft-07 target, `$schema` on the root, strip objects closed with `additionalProperties: false`,
 * `.default()` keys optional with a `default`, refinements and transforms advertised as their input
 * schema). One difference on purpose: a schema used twice is inlined where zod-to-json-schema writes a
 * `$ref` to its first use; the two mean the same and the diff compares meaning.
 */

type Json = Record<string, unknown>;
export type PipeStrategy = 'input' | 'output';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
/** What the SDK lists for a tool without an input schema (or with one that is not an object). */
export const EMPTY_OBJECT_JSON_SCHEMA: Readonly<Json> = { type: 'object', properties: {} };

export function toolJsonSchema(schema: ZodSchema, pipe: PipeStrategy): Json {
  return { ...convert(schema, pipe, true), $schema: DRAFT_07 };
}

const PRIMITIVE_TYPES: Partial<Record<string, string>> = { string: 'string', number: 'number', bigint: 'integer', boolean: 'boolean', null: 'null' };

function convert(schema: ZodSchema, pipe: PipeStrategy, isProperty = false): Json {
  const json = convertDef(schema, pipe, isProperty);
  if (schema.description !== undefined) json.description = schema.description;
  return json;
}

function convertDef(schema: ZodSchema, pipe: PipeStrategy, isProperty: boolean): Json {
  const def = schema.def;
  switch (def.type) {
    case 'string':
      return stringSchema(def.checks);
    case 'number':
      return numberSchema('number', def.checks);
    case 'bigint':
      return numberSchema('integer', def.checks, 'int64');
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    case 'null':
      return { type: 'null' };
    case 'any':
    case 'undefined':
      return {};
    case 'never':
      return { not: {} };
    case 'enum':
      return { type: 'string', enum: [...def.values] };
    case 'nativeEnum': {
      const types = [...new Set(def.values.map((value) => typeof value))];
      return { type: types.length === 1 ? (types[0] === 'string' ? 'string' : 'number') : ['string', 'number'], enum: [...def.values] };
    }
    case 'literal':
      // zod-to-json-schema's own reading of a `null`/`undefined` literal, kept so the schema is the one clients see.
      if (def.value === null || def.value === undefined) return { type: 'object' };
      return { type: typeof def.value, const: def.value };
    case 'array': {
      const json: Json = { type: 'array' };
      if (def.item.def.type !== 'any') json.items = convert(def.item, pipe);
      if (def.minItems !== undefined) json.minItems = def.minItems;
      if (def.maxItems !== undefined) json.maxItems = def.maxItems;
      return json;
    }
    case 'object':
      return objectSchema(schema, pipe);
    case 'record':
      return recordSchema(def.key, def.value, pipe);
    case 'union':
    case 'discriminatedUnion':
      return unionSchema(def.options, pipe);
    case 'intersection':
      return intersectionSchema(def.left, def.right, pipe);
    case 'tuple': {
      const items = def.items.map((item) => convert(item, pipe));
      if (def.rest) return { type: 'array', minItems: def.items.length, items, additionalItems: convert(def.rest, pipe) };
      return { type: 'array', minItems: def.items.length, maxItems: def.items.length, items };
    }
    case 'optional':
      // Inside an object the key is simply not required; elsewhere zod-to-json-schema spells "or undefined".
      return isProperty ? convert(def.inner, pipe) : { anyOf: [{ not: {} }, convert(def.inner, pipe)] };
    case 'nullable':
      return nullableSchema(def.inner, pipe);
    case 'default':
      return { ...convert(def.inner, pipe), default: def.value };
    case 'catch':
    case 'readonly':
    case 'branded':
    case 'effects':
      return convert(def.inner, pipe, isProperty);
    case 'pipeline':
      return convert(pipe === 'input' ? def.in : def.out, pipe, isProperty);
  }
}

function stringSchema(checks: readonly StringCheck[]): Json {
  const json: Json = { type: 'string' };
  const formats: string[] = [];
  const patterns: string[] = [];
  for (const check of checks) {
    if (check.kind === 'min') json.minLength = typeof json.minLength === 'number' ? Math.max(json.minLength, check.value) : check.value;
    else if (check.kind === 'max') json.maxLength = typeof json.maxLength === 'number' ? Math.min(json.maxLength, check.value) : check.value;
    else if (check.kind === 'length') {
      json.minLength = typeof json.minLength === 'number' ? Math.max(json.minLength, check.value) : check.value;
      json.maxLength = typeof json.maxLength === 'number' ? Math.min(json.maxLength, check.value) : check.value;
    } else if (check.kind === 'format') formats.push(check.format);
    else if (check.kind === 'pattern') patterns.push(check.source);
  }
  // A second format or pattern turns the first into one branch of `anyOf` / `allOf`, as zod-to-json-schema does.
  if (formats.length === 1) json.format = formats[0];
  else if (formats.length > 1) json.anyOf = formats.map((format) => ({ format }));
  if (patterns.length === 1) json.pattern = patterns[0];
  else if (patterns.length > 1) json.allOf = patterns.map((pattern) => ({ pattern }));
  return json;
}

function numberSchema(type: 'number' | 'integer', checks: readonly NumberCheck[], format?: string): Json {
  const json: Json = { type };
  if (format) json.format = format;
  for (const check of checks) {
    if (check.kind === 'int') json.type = 'integer';
    else if (check.kind === 'multipleOf') json.multipleOf = check.value;
    else if (check.kind === 'min') json[check.inclusive ? 'minimum' : 'exclusiveMinimum'] = check.value;
    else json[check.inclusive ? 'maximum' : 'exclusiveMaximum'] = check.value;
  }
  return json;
}

function objectSchema(schema: ZodSchema, pipe: PipeStrategy): Json {
  if (schema.def.type !== 'object') throw new Error('not an object schema');
  const { shape, unknownKeys, catchall } = schema.def;
  const properties: Json = {};
  const required: string[] = [];
  for (const [key, value] of shape) {
    properties[key] = convert(value, pipe, true);
    if (!acceptsUndefined(value)) required.push(key);
  }
  const json: Json = { type: 'object', properties };
  if (required.length > 0) json.required = required;
  if (catchall) json.additionalProperties = convert(catchall, pipe);
  else if (unknownKeys === 'passthrough') json.additionalProperties = true;
  else json.additionalProperties = false;
  return json;
}

function recordSchema(key: ZodSchema | undefined, value: ZodSchema, pipe: PipeStrategy): Json {
  const json: Json = { type: 'object', additionalProperties: convert(value, pipe) };
  if (key?.def.type === 'string' && key.def.checks.length > 0) {
    const { type: _type, ...keySchema } = stringSchema(key.def.checks);
    return { ...json, propertyNames: keySchema };
  }
  if (key?.def.type === 'enum') return { ...json, propertyNames: { enum: [...key.def.values] } };
  return json;
}

function isPlainPrimitive(option: ZodSchema): boolean {
  const def = option.def;
  return PRIMITIVE_TYPES[def.type] !== undefined && !('checks' in def && def.checks.length > 0);
}

function unionSchema(options: readonly ZodSchema[], pipe: PipeStrategy): Json {
  if (options.every(isPlainPrimitive)) {
    const types = [...new Set(options.map((option) => PRIMITIVE_TYPES[option.def.type]!))];
    return { type: types.length > 1 ? types : types[0] };
  }
  if (options.every((option) => option.def.type === 'literal' && option.description === undefined)) {
    const values = options.map((option) => (option.def as { value: unknown }).value);
    const types = values.map((value) => (value === null ? 'null' : typeof value));
    if (types.every((type) => ['string', 'number', 'boolean', 'null'].includes(type))) {
      const unique = [...new Set(types)];
      return { type: unique.length > 1 ? unique : unique[0], enum: [...new Set(values)] };
    }
  }
  if (options.every((option) => option.def.type === 'enum')) {
    const values: string[] = [];
    for (const option of options) for (const value of (option.def as { values: readonly string[] }).values) if (!values.includes(value)) values.push(value);
    return { type: 'string', enum: values };
  }
  // strictUnions: an option that converts to `{}` (any) is dropped, as the SDK does.
  const anyOf = options.map((option) => convert(option, pipe)).filter((json) => Object.keys(json).length > 0);
  if (anyOf.length === 0) throw new Unconvertible('a union whose every option is unrepresentable');
  return { anyOf };
}

function intersectionSchema(left: ZodSchema, right: ZodSchema, pipe: PipeStrategy): Json {
  const allOf: Json[] = [];
  for (const side of [convert(left, pipe), convert(right, pipe)]) {
    if ('allOf' in side && side.type !== 'string') allOf.push(...(side.allOf as Json[]));
    else if (side.additionalProperties === false) {
      const { additionalProperties: _closed, ...open } = side;
      allOf.push(open);
    } else allOf.push(side);
  }
  return { allOf };
}

function nullableSchema(inner: ZodSchema, pipe: PipeStrategy): Json {
  if (isPlainPrimitive(inner)) return { type: [PRIMITIVE_TYPES[inner.def.type]!, 'null'] };
  return { anyOf: [convert(inner, pipe), { type: 'null' }] };
}
