/** `allOf` / `anyOf` / `oneOf` branches: how they are paired across the two schemas, and what an added or removed one means. */

import { canonicalJson, canonicalJsonIfAcyclic } from './canonical-json.js';
import type { SchemaChange } from './types.js';

/** `detail` of a `schema-added` / `-removed` branch when the whole `anyOf` / `oneOf` appeared or vanished. */
export const COMPOSITION_KEYWORD = 'composition-keyword';

/**
 * Whether a `schema-added` / `schema-removed` change is one `anyOf` / `oneOf` alternative beside
 * others: adding one lets more values through, removing one fewer. (A whole `anyOf` appearing is
 * the opposite: it restricts the value, like an `allOf` branch.)
 */
export function isAlternative(change: SchemaChange): boolean {
  return /\/(anyOf|oneOf)\/\d+$/.test(change.pointer) && change.detail !== COMPOSITION_KEYWORD;
}

/** How {@link pairBranches} reads branches beyond their raw form: resolved content and the parents' discriminators. */
export interface BranchContext {
  resolveBase: (branch: unknown) => Record<string, unknown>;
  resolveRevision: (branch: unknown) => Record<string, unknown>;
  /** The discriminator property name of the parent on each side (OpenAPI `discriminator.propertyName`). */
  discriminator?: { base?: DiscriminatorInfo; revision?: DiscriminatorInfo };
  /** `anyOf`/`oneOf`: branches that match nothing are added / removed alternatives, not paired by position. */
  alternatives?: boolean;
}

export interface DiscriminatorInfo {
  propertyName: string;
  /** `mapping`: discriminator value → `$ref`. */
  mapping: Readonly<Record<string, unknown>>;
}

/**
 * Pairs composition branches across the two schemas, in rounds, each pairing only what the earlier
 * left: the same `$ref`; the same `title`; the same discriminator value (mapping key, or a `const` /
 * one-value `enum` of the discriminator property); identical content; the same shape (type, and for
 * objects the most shared property names). What is left: for `anyOf`/`oneOf` (`alternatives`) an
 * added or removed alternative; otherwise paired by position. Without a context only `$ref` and
 * `title` of the raw branches are read.
 */
export function pairBranches(
  baseBranches: readonly unknown[],
  revisionBranches: readonly unknown[],
  context?: BranchContext,
): { base?: number; revision?: number }[] {
  const baseFor = new Map<number, number>();
  const takenBase = new Set<number>();
  const round = (keyOf: (branch: unknown, side: 'base' | 'revision') => string | undefined) => {
    const freeBase = new Map<string, number[]>();
    baseBranches.forEach((branch, b) => {
      if (takenBase.has(b)) return;
      const key = keyOf(branch, 'base');
      if (key === undefined) return;
      const list = freeBase.get(key);
      if (list) list.push(b);
      else freeBase.set(key, [b]);
    });
    revisionBranches.forEach((branch, r) => {
      if (baseFor.has(r)) return;
      const key = keyOf(branch, 'revision');
      const b = key === undefined ? undefined : freeBase.get(key)?.shift();
      if (b === undefined) return;
      baseFor.set(r, b);
      takenBase.add(b);
    });
  };
  round((branch) => {
    const ref = asObject(branch)?.$ref;
    return typeof ref === 'string' ? `ref:${ref}` : undefined;
  });
  const resolved = (branch: unknown, side: 'base' | 'revision') =>
    context ? (side === 'base' ? context.resolveBase(branch) : context.resolveRevision(branch)) : asObject(branch);
  round((branch, side) => {
    const title = resolved(branch, side)?.title;
    return typeof title === 'string' ? `title:${title}` : undefined;
  });
  if (context) {
    round((branch, side) => discriminatorValue(branch, resolved(branch, side), context.discriminator?.[side]));
    round((branch, side) => canonicalOf(resolved(branch, side)));
    round((branch, side) => shapeOf(resolved(branch, side)));
    pairObjectsByProperties(baseBranches, revisionBranches, baseFor, takenBase, (branch, side) => resolved(branch, side));
  }
  const freeBase = baseBranches.map((_, i) => i).filter((i) => !takenBase.has(i));
  const pairs: { base?: number; revision?: number }[] = [];
  revisionBranches.forEach((_, r) => {
    const b = baseFor.get(r) ?? (context?.alternatives ? undefined : freeBase.shift());
    pairs.push(b === undefined ? { revision: r } : { base: b, revision: r });
  });
  for (const b of freeBase) pairs.push({ base: b });
  return pairs;
}

/** Canonical JSON of a (resolved, never mutated) branch, computed once per object. */
const canonicalCache = new WeakMap<object, string | undefined>();
function canonicalOf(schema: Record<string, unknown> | undefined): string | undefined {
  if (schema === undefined) return undefined;
  if (!canonicalCache.has(schema)) canonicalCache.set(schema, canonicalJsonIfAcyclic(schema));
  return canonicalCache.get(schema);
}

function discriminatorValue(raw: unknown, schema: Record<string, unknown> | undefined, discriminator: DiscriminatorInfo | undefined): string | undefined {
  if (!discriminator) return undefined;
  const ref = asObject(raw)?.$ref;
  if (typeof ref === 'string') {
    const value = Object.entries(discriminator.mapping).find(([, target]) => target === ref)?.[0];
    if (value !== undefined) return `discriminator:${value}`;
  }
  const property = asObject(asObject(schema?.properties)?.[discriminator.propertyName]);
  if (property && property.const !== undefined) return `discriminator:${canonicalJson(property.const)}`;
  if (property && Array.isArray(property.enum) && property.enum.length === 1) return `discriminator:${canonicalJson(property.enum[0])}`;
  return undefined;
}

/** A scalar alternative's shape is its type (`string`, `integer`…); objects and untyped branches are paired by properties instead. */
function shapeOf(schema: Record<string, unknown> | undefined): string | undefined {
  const type = schema?.type;
  const types = (typeof type === 'string' ? [type] : Array.isArray(type) ? type : [])
    .filter((t) => t !== 'null')
    .sort()
    .join('|');
  return types === '' || types.includes('object') ? undefined : `type:${types}`;
}

/** Object branches left unpaired: each revision branch with the free base branch sharing most property names (at least one). */
function pairObjectsByProperties(
  baseBranches: readonly unknown[],
  revisionBranches: readonly unknown[],
  baseFor: Map<number, number>,
  takenBase: Set<number>,
  resolved: (branch: unknown, side: 'base' | 'revision') => Record<string, unknown> | undefined,
): void {
  const names = (schema: Record<string, unknown> | undefined) => new Set(Object.keys(asObject(schema?.properties) ?? {}));
  const baseNames = baseBranches.map((branch, b) => (takenBase.has(b) ? undefined : names(resolved(branch, 'base'))));
  revisionBranches.forEach((branch, r) => {
    if (baseFor.has(r)) return;
    const own = names(resolved(branch, 'revision'));
    let best: number | undefined;
    let bestShared = 0;
    baseNames.forEach((candidate, b) => {
      if (candidate === undefined || takenBase.has(b)) return;
      const shared = [...own].filter((name) => candidate.has(name)).length;
      if (shared > bestShared) {
        best = b;
        bestShared = shared;
      }
    });
    if (best !== undefined) {
      baseFor.set(r, best);
      takenBase.add(best);
    }
  });
}

/**
 * Whether no value can match two of the alternatives (as `oneOf` needs): every pair has disjoint
 * `type`s, or a property both require with disjoint `const` / `enum` values. False when not proven.
 */
export function alternativesExclusive(alternatives: readonly (Record<string, unknown> | undefined)[]): boolean {
  for (let i = 0; i < alternatives.length; i++) {
    for (let j = i + 1; j < alternatives.length; j++) if (!pairExclusive(alternatives[i], alternatives[j])) return false;
  }
  return true;
}

function pairExclusive(a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  const typesA = typeSet(a);
  const typesB = typeSet(b);
  if (typesA !== undefined && typesB !== undefined && ![...typesA].some((type) => typesB.has(type))) return true;
  const required = (schema: Record<string, unknown>) =>
    new Set(Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : []);
  const requiredB = required(b);
  for (const name of required(a)) {
    if (!requiredB.has(name)) continue;
    const valuesA = allowedValues(asObject(asObject(a.properties)?.[name]));
    const valuesB = allowedValues(asObject(asObject(b.properties)?.[name]));
    if (valuesA !== undefined && valuesB !== undefined && ![...valuesA].some((value) => valuesB.has(value))) return true;
  }
  return false;
}

/** The JSON types a schema admits (`integer` counts as `number`), undefined when it declares none. */
function typeSet(schema: Record<string, unknown>): Set<string> | undefined {
  const type = schema.type;
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : undefined;
  if (types === undefined || types.length === 0) return undefined;
  const set = new Set(types.map((t) => (t === 'integer' ? 'number' : t)));
  if (schema.nullable === true) set.add('null');
  return set;
}

/** The only values a property schema admits (`const`, or `enum`), as canonical JSON; undefined when not limited. */
function allowedValues(schema: Record<string, unknown> | undefined): Set<string> | undefined {
  if (schema === undefined) return undefined;
  const values = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? (schema.enum as unknown[]) : undefined;
  const texts = values?.map((value) => canonicalJson(value));
  // A value without a canonical form (a cycle) proves nothing.
  return texts === undefined || texts.some((text) => text === undefined) ? undefined : new Set(texts as string[]);
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
