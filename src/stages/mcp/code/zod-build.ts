import { FunctionValue, isPlainObject, isZod, kindOf, RegExpValue, type PlainObject, type Value } from './values.js';
import { returnsWithoutThrowing } from '../../../syntax/ast.js';
import { Unconvertible, ZodSchema, type JsonValue, type NumberCheck, type StringCheck, type ZodDef } from './zod-model.js';

/**
 * zod's constructors (`z.string()`, `z.object({...})`) and methods (`.optional()`, `.min(1)`,
 * `.extend({...})`), applied to evaluated arguments. Anything zod has that is not modelled here is
 * refused with its name, so a schema is never read looser than it is.
 */

const fail = (reason: string): never => {
  throw new Unconvertible(reason);
};

function schemaArg(value: Value, what: string): ZodSchema {
  if (isZod(value)) return value;
  return fail(`${what} is ${kindOf(value)}, not a zod schema`);
}

function numberArg(value: Value, what: string): number {
  if (typeof value === 'number') return value;
  return fail(`${what} is ${kindOf(value)}, not a number literal`);
}

function stringArg(value: Value, what: string): string {
  if (typeof value === 'string') return value;
  return fail(`${what} is ${kindOf(value)}, not a string literal`);
}

/** A raw shape `{ key: z.string() }` as an ordered map; every value must be a zod schema. */
export function shapeOf(value: Value, what: string): Map<string, ZodSchema> {
  if (!isPlainObject(value)) return fail(`${what} is ${kindOf(value)}, not an object of zod schemas`);
  const shape = new Map<string, ZodSchema>();
  for (const [key, field] of Object.entries(value)) shape.set(key, schemaArg(field, `${what}.${key}`));
  return shape;
}

export function toJson(value: Value, what: string): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((item: Value, index) => toJson(item, `${what}[${index}]`));
  if (isPlainObject(value)) {
    const json: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) json[key] = toJson(item, `${what}.${key}`);
    return json;
  }
  return fail(`${what} is ${kindOf(value)}, not JSON data`);
}

/** zod's create params `{ description }` (error maps and messages change nothing a client sees). */
function withParams(schema: ZodSchema, params: Value): ZodSchema {
  if (isPlainObject(params) && typeof params.description === 'string') return schema.describe(params.description);
  return schema;
}

const s = (def: ZodDef, params?: Value) => withParams(new ZodSchema(def), params);
const FORMAT_CONSTRUCTORS: Record<string, string> = { email: 'email', url: 'uri', uuid: 'uuid', guid: 'uuid' };

export function construct(name: string, args: readonly Value[]): ZodSchema {
  const [first, second, third] = args;
  switch (name) {
    case 'string':
      return s({ type: 'string', checks: [] }, first);
    case 'number':
      return s({ type: 'number', checks: [] }, first);
    case 'int':
      return s({ type: 'number', checks: [{ kind: 'int' }] }, first);
    case 'bigint':
      return s({ type: 'bigint', checks: [] }, first);
    case 'boolean':
      return s({ type: 'boolean' }, first);
    case 'date':
      return s({ type: 'date' }, first);
    case 'null':
      return s({ type: 'null' }, first);
    case 'undefined':
    case 'void':
      return s({ type: 'undefined' }, first);
    case 'any':
    case 'unknown':
      return s({ type: 'any' }, first);
    case 'never':
      return s({ type: 'never' }, first);
    case 'email':
    case 'url':
    case 'uuid':
    case 'guid':
      return s({ type: 'string', checks: [{ kind: 'format', format: FORMAT_CONSTRUCTORS[name]! }] }, first);
    case 'enum':
      return s(enumDef(first), second);
    case 'nativeEnum':
      return s({ type: 'nativeEnum', values: nativeEnumValues(first) }, second);
    case 'literal':
      if (first === null || first === undefined || typeof first === 'string' || typeof first === 'number' || typeof first === 'boolean')
        return s({ type: 'literal', value: first }, second);
      return fail(`z.literal of ${kindOf(first)}`);
    case 'array':
      return s({ type: 'array', item: schemaArg(first, 'the item schema of z.array') }, second);
    case 'object':
    case 'strictObject':
    case 'looseObject': {
      const unknownKeys = name === 'strictObject' ? 'strict' : name === 'looseObject' ? 'passthrough' : 'strip';
      return s({ type: 'object', shape: first === undefined ? new Map() : shapeOf(first, `the shape of z.${name}`), unknownKeys }, second);
    }
    case 'record':
      if (third !== undefined || (isZod(second) && isZod(first)))
        return s({ type: 'record', key: schemaArg(first, 'the key schema of z.record'), value: schemaArg(second, 'the value schema of z.record') }, third);
      return s({ type: 'record', value: schemaArg(first, 'the value schema of z.record') }, second);
    case 'union':
      return s({ type: 'union', options: schemaList(first, 'the options of z.union') }, second);
    case 'discriminatedUnion':
      stringArg(first, 'the discriminator of z.discriminatedUnion');
      return s({ type: 'discriminatedUnion', options: schemaList(second, 'the options of z.discriminatedUnion') }, third);
    case 'intersection':
      return s(
        { type: 'intersection', left: schemaArg(first, 'the left side of z.intersection'), right: schemaArg(second, 'the right side of z.intersection') },
        third,
      );
    case 'tuple':
      return s({ type: 'tuple', items: schemaList(first, 'the items of z.tuple'), ...(isZod(second) ? { rest: second } : {}) }, isZod(second) ? third : second);
    case 'optional':
    case 'nullable':
      return new ZodSchema({ type: name, inner: schemaArg(first, `the argument of z.${name}`) }, schemaArg(first, `the argument of z.${name}`).description);
    case 'preprocess':
      return new ZodSchema({ type: 'effects', inner: schemaArg(second, 'the schema of z.preprocess') });
    case 'custom':
    case 'instanceof':
      // zod-to-json-schema advertises these as "anything".
      return new ZodSchema({ type: 'any' });
    case 'cuid':
    case 'cuid2':
    case 'ulid':
      // zod 4's string formats as constructors (formbricks: `export const ZId = z.cuid2()`): the string check of the same name.
      return s({ type: 'string', checks: [{ kind: 'pattern', source: STRING_PATTERNS[name]! }] }, first);
    default:
      return fail(`z.${name}() is not supported`);
  }
}

function schemaList(value: Value, what: string): ZodSchema[] {
  if (!Array.isArray(value)) return fail(`${what} is ${kindOf(value as Value)}, not an array literal`);
  return (value as readonly Value[]).map((item, index) => schemaArg(item, `${what}[${index}]`));
}

function enumDef(values: Value): ZodDef {
  if (Array.isArray(values)) return { type: 'enum', values: (values as readonly Value[]).map((value) => stringArg(value, 'a z.enum value')) };
  // zod 4 accepts an enum-like object too.
  if (isPlainObject(values)) return { type: 'nativeEnum', values: nativeEnumValues(values) };
  return fail(`the values of z.enum are ${kindOf(values)}, not an array literal`);
}

/** The values zod accepts for an enum object: numeric enums' reverse mappings are not values. */
function nativeEnumValues(value: Value): (string | number)[] {
  if (!isPlainObject(value)) return fail(`the argument of z.nativeEnum is ${kindOf(value)}, not an enum or object literal`);
  const object = value as PlainObject;
  const keys = Object.keys(object).filter((key) => {
    const member = object[key];
    return !(typeof member === 'string' || typeof member === 'number') || typeof object[String(member)] !== 'number';
  });
  return keys.map((key) => {
    const member = object[key];
    if (typeof member === 'string' || typeof member === 'number') return member;
    return fail(`enum member ${key} is ${kindOf(member as Value)}`);
  });
}

/** A property of a zod schema: `.shape`, `.options`, `.enum`, `.element`. */
export function zodProperty(schema: ZodSchema, name: string): Value {
  const def = schema.def;
  if (name === 'shape' && def.type === 'object') return Object.fromEntries(def.shape) as PlainObject;
  if ((name === 'options' || name === 'enumValues') && def.type === 'enum') return [...def.values];
  if ((name === 'enum' || name === 'Enum' || name === 'Values') && def.type === 'enum') return Object.fromEntries(def.values.map((value) => [value, value]));
  if (name === 'element' && def.type === 'array') return def.item;
  if (name === 'options' && (def.type === 'union' || def.type === 'discriminatedUnion')) return [...def.options];
  if (name === 'description') return schema.description;
  return fail(`\`.${name}\` of ${kindOf(schema)} is not supported`);
}

const NO_OP_METHODS = new Set(['trim', 'toLowerCase', 'toUpperCase', 'finite', 'brand', 'readonly', 'catch', 'openapi']);

export function applyMethod(schema: ZodSchema, name: string, args: readonly Value[]): ZodSchema {
  const [first] = args;
  const def = schema.def;
  switch (name) {
    case 'optional':
    case 'nullable':
      return schema.with({ type: name, inner: schema });
    case 'nullish':
      return schema.with({ type: 'optional', inner: schema.with({ type: 'nullable', inner: schema }) });
    case 'default':
      if (first === undefined) return fail('`.default()` without a value');
      return schema.with({ type: 'default', inner: schema, value: toJson(first, 'the default value') });
    case 'describe':
      return schema.describe(stringArg(first, 'the description'));
    case 'meta':
      return isPlainObject(first) && typeof first.description === 'string' ? schema.describe(first.description) : schema;
    case 'transform':
      if (first instanceof FunctionValue && returnsWithoutThrowing(first.node)) return schema.with({ type: 'effects', inner: schema, total: true });
      return schema.with({ type: 'effects', inner: schema });
    case 'refine':
    case 'superRefine':
    case 'check':
      return schema.with({ type: 'effects', inner: schema });
    case 'pipe':
      return new ZodSchema({ type: 'pipeline', in: schema, out: schemaArg(first, 'the target of .pipe') });
    case 'keyof':
      return keyofSchema(schema);
    case 'or':
      return schema.with({ type: 'union', options: [schema, schemaArg(first, 'the argument of .or')] });
    case 'and':
      return schema.with({ type: 'intersection', left: schema, right: schemaArg(first, 'the argument of .and') });
    case 'array':
      return new ZodSchema({ type: 'array', item: schema });
  }
  if (NO_OP_METHODS.has(name)) return name === 'catch' ? schema.with({ type: 'catch', inner: schema }) : schema;
  if (def.type === 'string') return new ZodSchema({ type: 'string', checks: [...def.checks, stringCheck(name, args)] }, schema.description);
  if (def.type === 'number' || def.type === 'bigint')
    return new ZodSchema({ type: def.type, checks: [...def.checks, ...numberChecks(name, args)] }, schema.description);
  if (def.type === 'array') return schema.with(arrayBounds(def, name, first));
  if (def.type === 'object') return schema.with(objectMethod(def, name, args));
  if (def.type === 'enum' && (name === 'extract' || name === 'exclude')) {
    const picked = new Set(
      (Array.isArray(first) ? (first as readonly Value[]) : fail(`the values of .${name}`)).map((value) => stringArg(value, `a .${name} value`)),
    );
    return schema.with({ type: 'enum', values: def.values.filter((value) => picked.has(value) === (name === 'extract')) });
  }
  if (def.type === 'date' && (name === 'min' || name === 'max')) return schema; // not in the advertised schema (a date-time string)
  return fail(`\`.${name}()\` on ${kindOf(schema)} is not supported`);
}

const STRING_FORMATS: Record<string, string> = {
  email: 'email',
  url: 'uri',
  uuid: 'uuid',
  datetime: 'date-time',
  date: 'date',
  time: 'time',
  duration: 'duration',
};
const STRING_PATTERNS: Record<string, string> = {
  cuid: '^[cC][^\\s-]{8,}$',
  cuid2: '^[0-9a-z]+$',
  ulid: '^[0-9A-HJKMNP-TV-Z]{26}$',
};

function escapeNonAlphaNumeric(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, (char) => `\\${char}`);
}

function stringCheck(name: string, args: readonly Value[]): StringCheck {
  const [first] = args;
  if (name === 'min' || name === 'max' || name === 'length') return { kind: name, value: numberArg(first, `the argument of .${name}`) };
  if (name === 'nonempty') return { kind: 'min', value: 1 };
  const format = STRING_FORMATS[name];
  if (format) return { kind: 'format', format };
  const pattern = STRING_PATTERNS[name];
  if (pattern) return { kind: 'pattern', source: pattern };
  if (name === 'regex') {
    if (!(first instanceof RegExpValue)) return fail(`the argument of .regex is ${kindOf(first)}, not a regular expression literal`);
    return { kind: 'pattern', source: first.source };
  }
  if (name === 'startsWith') return { kind: 'pattern', source: `^${escapeNonAlphaNumeric(stringArg(first, 'the prefix'))}` };
  if (name === 'endsWith') return { kind: 'pattern', source: `${escapeNonAlphaNumeric(stringArg(first, 'the suffix'))}$` };
  if (name === 'includes') return { kind: 'pattern', source: escapeNonAlphaNumeric(stringArg(first, 'the included text')) };
  return fail(`\`.${name}()\` on a zod string is not supported`);
}

function numberChecks(name: string, args: readonly Value[]): NumberCheck[] {
  const value = () => numberArg(args[0], `the argument of .${name}`);
  switch (name) {
    case 'int':
      return [{ kind: 'int' }];
    case 'min':
    case 'gte':
      return [{ kind: 'min', value: value(), inclusive: true }];
    case 'gt':
      return [{ kind: 'min', value: value(), inclusive: false }];
    case 'max':
    case 'lte':
      return [{ kind: 'max', value: value(), inclusive: true }];
    case 'lt':
      return [{ kind: 'max', value: value(), inclusive: false }];
    case 'positive':
      return [{ kind: 'min', value: 0, inclusive: false }];
    case 'nonnegative':
      return [{ kind: 'min', value: 0, inclusive: true }];
    case 'negative':
      return [{ kind: 'max', value: 0, inclusive: false }];
    case 'nonpositive':
      return [{ kind: 'max', value: 0, inclusive: true }];
    case 'multipleOf':
    case 'step':
      return [{ kind: 'multipleOf', value: value() }];
    case 'safe':
      return [
        { kind: 'min', value: Number.MIN_SAFE_INTEGER, inclusive: true },
        { kind: 'max', value: Number.MAX_SAFE_INTEGER, inclusive: true },
      ];
    default:
      return fail(`\`.${name}()\` on a zod number is not supported`);
  }
}

function arrayBounds(def: Extract<ZodDef, { type: 'array' }>, name: string, first: Value): ZodDef {
  if (name === 'min') return { ...def, minItems: numberArg(first, 'the argument of .min') };
  if (name === 'max') return { ...def, maxItems: numberArg(first, 'the argument of .max') };
  if (name === 'length') return { ...def, minItems: numberArg(first, 'the argument of .length'), maxItems: numberArg(first, 'the argument of .length') };
  if (name === 'nonempty') return { ...def, minItems: 1 };
  return fail(`\`.${name}()\` on a zod array is not supported`);
}

type ObjectDef = Extract<ZodDef, { type: 'object' }>;

/** `{ a: true, b: true }` masks of `.pick/.omit/.partial/.required`. */
function maskKeys(mask: Value, what: string): Set<string> {
  if (!isPlainObject(mask)) return fail(`the mask of ${what} is ${kindOf(mask)}, not an object literal`);
  return new Set(Object.keys(mask).filter((key) => mask[key] === true));
}

function objectMethod(def: ObjectDef, name: string, args: readonly Value[]): ObjectDef {
  const [first] = args;
  switch (name) {
    case 'extend':
      return { ...def, shape: new Map([...def.shape, ...shapeOf(first, 'the argument of .extend')]) };
    case 'merge': {
      const other = schemaArg(first, 'the argument of .merge');
      if (other.def.type !== 'object') return fail('the argument of .merge is not a zod object');
      // zod 3: the merged object takes the argument's unknown-keys policy and catchall.
      return {
        type: 'object',
        shape: new Map([...def.shape, ...other.def.shape]),
        unknownKeys: other.def.unknownKeys,
        ...(other.def.catchall ? { catchall: other.def.catchall } : {}),
      };
    }
    case 'pick':
    case 'omit': {
      const keys = maskKeys(first, `.${name}`);
      return { ...def, shape: new Map([...def.shape].filter(([key]) => keys.has(key) === (name === 'pick'))) };
    }
    case 'partial':
    case 'required': {
      const keys = first === undefined ? undefined : maskKeys(first, `.${name}`);
      const shape = new Map<string, ZodSchema>();
      for (const [key, field] of def.shape) {
        if (keys && !keys.has(key)) shape.set(key, field);
        else if (name === 'partial') shape.set(key, field.with({ type: 'optional', inner: field }));
        else {
          let inner = field;
          while (inner.def.type === 'optional') inner = inner.def.inner;
          shape.set(key, inner);
        }
      }
      return { ...def, shape };
    }
    case 'strict':
      return { ...def, unknownKeys: 'strict' };
    case 'passthrough':
      return { ...def, unknownKeys: 'passthrough' };
    case 'strip':
      return { ...def, unknownKeys: 'strip' };
    case 'catchall':
      return { ...def, catchall: schemaArg(first, 'the argument of .catchall') };
    default:
      return fail(`\`.${name}()\` on a zod object is not supported`);
  }
}

/** `.keyof()` of an object: an enum of its keys. */
export function keyofSchema(schema: ZodSchema): ZodSchema {
  if (schema.def.type !== 'object') return fail('`.keyof()` of a schema that is not an object');
  return new ZodSchema({ type: 'enum', values: [...schema.def.shape.keys()] });
}
