/**
 * A zod schema as data: what a chain like `z.string().min(1).optional()` builds, read from source
 * without running it. Each method returns a new value, as zod's own methods do. Only what changes
 * the JSON Schema a client sees is kept (error messages, transforms' functions are not).
 */

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

export type StringCheck = { kind: 'min' | 'max' | 'length'; value: number } | { kind: 'format'; format: string } | { kind: 'pattern'; source: string };

export type NumberCheck = { kind: 'int' } | { kind: 'min' | 'max'; value: number; inclusive: boolean } | { kind: 'multipleOf'; value: number };

export type ZodDef =
  | { type: 'string'; checks: readonly StringCheck[] }
  | { type: 'number'; checks: readonly NumberCheck[] }
  | { type: 'bigint'; checks: readonly NumberCheck[] }
  | { type: 'boolean' | 'date' | 'null' | 'any' | 'undefined' | 'never' }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'nativeEnum'; values: readonly (string | number)[] }
  | { type: 'literal'; value: string | number | boolean | null | undefined }
  | { type: 'array'; item: ZodSchema; minItems?: number; maxItems?: number }
  | { type: 'object'; shape: ReadonlyMap<string, ZodSchema>; unknownKeys: 'strip' | 'strict' | 'passthrough'; catchall?: ZodSchema }
  | { type: 'record'; key?: ZodSchema; value: ZodSchema }
  | { type: 'union' | 'discriminatedUnion'; options: readonly ZodSchema[] }
  | { type: 'intersection'; left: ZodSchema; right: ZodSchema }
  | { type: 'tuple'; items: readonly ZodSchema[]; rest?: ZodSchema }
  | { type: 'optional' | 'nullable' | 'catch' | 'readonly' | 'branded'; inner: ZodSchema }
  /** `.refine`, `.superRefine`, `.transform`, `z.preprocess`: the SDK advertises the inner (input) schema. */
  /** `total`: a transform that passes every value through without failing (src/syntax/ast.ts returnsWithoutThrowing). */
  | { type: 'effects'; inner: ZodSchema; total?: true }
  | { type: 'default'; inner: ZodSchema; value: JsonValue }
  | { type: 'pipeline'; in: ZodSchema; out: ZodSchema };

/** A zod schema value: its definition and `.describe()` text (zod carries it through wrappers). */
export class ZodSchema {
  constructor(
    readonly def: ZodDef,
    readonly description?: string,
  ) {}

  with(def: ZodDef): ZodSchema {
    return new ZodSchema(def, this.description);
  }

  describe(description: string): ZodSchema {
    return new ZodSchema(this.def, description);
  }
}

/** Thrown when a construct has no faithful JSON Schema: the caller makes the tool `unknown`. */
export class Unconvertible extends Error {}

/**
 * Whether zod accepts `undefined` (zod 3's `isOptional()`), which decides `required` in an object.
 * A refinement or pipe over a value that accepts `undefined` would have to be run to know: refused.
 */
export function acceptsUndefined(schema: ZodSchema): boolean {
  const def = schema.def;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'catch':
    case 'any':
    case 'undefined':
      return true;
    case 'literal':
      return def.value === undefined;
    case 'nullable':
    case 'readonly':
    case 'branded':
      return acceptsUndefined(def.inner);
    case 'union':
    case 'discriminatedUnion':
      return def.options.some(acceptsUndefined);
    case 'intersection':
      return acceptsUndefined(def.left) && acceptsUndefined(def.right);
    case 'effects':
      // zod parses `undefined` through the optional inner schema, then the transform, which cannot fail.
      if (def.total) return acceptsUndefined(def.inner);
      if (acceptsUndefined(def.inner))
        throw new Unconvertible('a refinement or transform over an optional value: whether the key is required depends on running it');
      return false;
    case 'pipeline':
      if (acceptsUndefined(def.in)) throw new Unconvertible('a pipe from an optional value: whether the key is required depends on running it');
      return false;
    default:
      return false;
  }
}
