import type { t } from '../../../syntax/parse.js';
import type { SourceFile } from './program.js';
import { ZodSchema } from './zod-model.js';

/**
 * The values the static evaluator computes from source: JSON-like data, zod schemas, and the few
 * things an expression can name on the way to them (a function defined in the repository, the `z`
 * namespace, a module namespace, something imported from a package).
 */
export type Value =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly Value[]
  | PlainObject
  | ZodSchema
  | FunctionValue
  | ZodNamespace
  | ZodConstructor
  | ModuleNamespace
  | PackageExport
  | RegExpValue
  | DeferredArgument;

export interface PlainObject {
  readonly [key: string]: Value;
}

/** A function or arrow defined in the repository, with the parameter values of the scope it was created in. */
export class FunctionValue {
  constructor(
    readonly node: t.Node,
    readonly env: Env,
  ) {}
}

/** `z` (and `z.coerce`): members are constructors. */
export class ZodNamespace {
  constructor(readonly coerce: boolean) {}
}

export class ZodConstructor {
  constructor(readonly name: string) {}
}

export class ModuleNamespace {
  constructor(readonly file: SourceFile) {}
}

/** A name imported from a package other than zod: its value is not in the repository. */
export class PackageExport {
  constructor(
    readonly specifier: string,
    readonly name: string,
  ) {}
}

export class RegExpValue {
  constructor(
    readonly source: string,
    readonly flags: string,
  ) {}
}

/** An argument of a wrapper's call site, evaluated only if the registration reads that parameter. */
export class DeferredArgument {
  constructor(
    readonly node: t.Node,
    readonly env: Env,
  ) {}
}

/** Parameter values of the helper calls being followed, keyed by the parameter's declaration node. */
export type Env = ReadonlyMap<t.Node, Value>;
export const EMPTY_ENV: Env = new Map();

export function isPlainObject(value: Value): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

export function isZod(value: Value): value is ZodSchema {
  return value instanceof ZodSchema;
}

/** What a value is, for messages. */
export function kindOf(value: Value): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof ZodSchema) return `a zod ${value.def.type} schema`;
  if (value instanceof FunctionValue) return 'a function';
  if (value instanceof PackageExport) return `\`${value.name}\` from package ${value.specifier}`;
  if (value instanceof ModuleNamespace) return 'a module namespace';
  if (value instanceof RegExpValue) return 'a regular expression';
  if (value instanceof ZodNamespace || value instanceof ZodConstructor) return 'part of zod';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
