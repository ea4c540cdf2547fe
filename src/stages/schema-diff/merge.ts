import { canonicalJson, canonicalJsonIfAcyclic } from './canonical-json.js';
import { compareBounds, effectiveBound, type Bound } from './constraints.js';

/**
 * Composition read as what it means on the wire, so refactors that change nothing are no change:
 * - `allOf` is one object: its members' keywords merged with the node's own (properties and
 *   `required` unioned, bounds the tightest, types intersected). Moving a property from one member
 *   to another, or wrapping a `$ref` as `allOf: [$ref]` (+ `nullable`), then diffs as nothing (or as
 *   `nullable` added).
 * - an `anyOf` / `oneOf` alternative that is only `{type: 'null'}` is `nullable` (3.1
 *   `anyOf: [$ref, {type: 'null'}]` ≡ 3.0 `allOf: [$ref], nullable: true`).
 *
 * When members cannot be merged into one schema without changing its meaning (two different
 * `pattern`s, conflicting types, an `additionalProperties` of one member that refuses another
 * member's properties, a `$ref` cycle through `allOf`) the result says why (`conflict`); the diff
 * then compares the node as written and reports the change as `unknown`, never as safe.
 */

type Schema = Record<string, unknown>;

export interface MergeResult {
  schema: Schema;
  /** Why the composition could not be merged; `schema` is then the node as written. */
  conflict?: string;
}

/** Keywords that describe and do not restrict: the node's own value wins, else the first member's. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'example',
  'examples',
  'externalDocs',
  'xml',
  '$comment',
  'deprecated',
  'default',
  'discriminator',
  '$id',
  '$schema',
  '$anchor',
  '$defs',
  'definitions',
  'readOnly',
  'writeOnly',
]);
/** Upper bounds on a count: the smallest wins. */
const COUNT_MAXIMA = new Set(['maxLength', 'maxItems', 'maxProperties', 'maxContains']);
/** Lower bounds on a count: the largest wins. */
const COUNT_MINIMA = new Set(['minLength', 'minItems', 'minProperties', 'minContains']);
/** Sub-schemas every member's must hold for the same value: merged as `allOf` of them (compared merged in turn). */
const SAME_VALUE_SUBSCHEMAS = new Set(['items', 'propertyNames', 'unevaluatedItems', 'contentSchema']);
/** Maps of name → sub-schema: unioned, one name in several members becomes an `allOf`. */
const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas']);
/** Handled as a whole after the per-keyword pass. */
const HANDLED_APART = new Set(['type', 'nullable', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'additionalProperties', 'allOf']);

/**
 * `node` with its `allOf` (and null alternatives) merged, or `undefined` when there is nothing to
 * merge. `member` resolves a member (its `$ref`, and its own composition merged); it may throw
 * {@link MergeConflict} (a cycle), which becomes this node's conflict.
 */
export function mergeComposition(node: Schema, member: (raw: unknown) => Schema): MergeResult | undefined {
  const allOf = Array.isArray(node.allOf) && node.allOf.length > 0 ? node.allOf : undefined;
  if (!allOf && node.anyOf === undefined && node.oneOf === undefined) return undefined;
  try {
    const nullUnion = nullAlternatives(node, member);
    if (!allOf && !nullUnion) return undefined;
    let outer: Schema = node;
    const members: Schema[] = [];
    if (nullUnion) {
      outer = nullUnion.nullable ? { ...node, nullable: true } : { ...node };
      delete outer[nullUnion.keyword];
      if (nullUnion.rest.length === 1) members.push(member(nullUnion.rest[0]));
      else outer[nullUnion.keyword] = nullUnion.rest;
    }
    if (allOf) {
      outer = { ...outer };
      delete outer.allOf;
      for (const raw of allOf) members.push(member(raw));
    }
    return { schema: members.length === 0 ? outer : mergeSchemas(outer, members) };
  } catch (error) {
    if (error instanceof MergeConflict) return { schema: node, conflict: error.message };
    throw error;
  }
}

/** A composition whose members cannot be merged without changing its meaning. */
export class MergeConflict extends Error {}

/**
 * `anyOf` / `oneOf` alternatives that only allow `null` (read as `nullable`), and a single
 * alternative (read as the schema itself), when the node has no `type` of its own (which might refuse null).
 */
function nullAlternatives(node: Schema, member: (raw: unknown) => Schema): { keyword: 'anyOf' | 'oneOf'; rest: unknown[]; nullable: boolean } | undefined {
  if (node.type !== undefined || (node.anyOf !== undefined && node.oneOf !== undefined)) return undefined;
  const keyword = Array.isArray(node.anyOf) ? 'anyOf' : Array.isArray(node.oneOf) ? 'oneOf' : undefined;
  if (keyword === undefined) return undefined;
  const alternatives = node[keyword] as unknown[];
  const rest = alternatives.filter((raw) => !onlyNull(member(raw)));
  if (rest.length === 0) return undefined;
  if (rest.length < alternatives.length) return { keyword, rest, nullable: true };
  // One alternative alone is that alternative (`anyOf: [$ref]` ≡ `$ref`).
  return rest.length === 1 ? { keyword, rest, nullable: false } : undefined;
}

function onlyNull(schema: Schema): boolean {
  const type = schema.type;
  const isNull = type === 'null' || (Array.isArray(type) && type.length === 1 && type[0] === 'null');
  return isNull && Object.keys(schema).every((keyword) => keyword === 'type' || ANNOTATIONS.has(keyword) || keyword.startsWith('x-'));
}

function mergeSchemas(outer: Schema, members: readonly Schema[]): Schema {
  const contributors = [outer, ...members];
  const valuesOf = new Map<string, unknown[]>();
  for (const contributor of contributors) {
    for (const [keyword, value] of Object.entries(contributor)) {
      if (value === undefined) continue;
      let values = valuesOf.get(keyword);
      if (!values) valuesOf.set(keyword, (values = []));
      values.push(value);
    }
  }
  const merged: Schema = {};
  for (const [keyword, values] of valuesOf) {
    if (HANDLED_APART.has(keyword)) continue;
    merged[keyword] = values.length === 1 ? values[0] : mergeKeyword(keyword, values);
  }
  mergeTypes(contributors, merged);
  mergeBound('maximum', 'exclusiveMaximum', contributors, merged);
  mergeBound('minimum', 'exclusiveMinimum', contributors, merged);
  mergeAdditionalProperties(contributors, merged);
  checkMemberUnevaluated(contributors);
  return merged;
}

function mergeKeyword(keyword: string, values: readonly unknown[]): unknown {
  if (ANNOTATIONS.has(keyword) || keyword.startsWith('x-'))
    return keyword === 'readOnly' || keyword === 'writeOnly' ? values.some((v) => v === true) : values[0];
  if (allEqual(values)) return values[0];
  if (keyword === 'required') return [...new Set(values.flatMap((value) => (Array.isArray(value) ? value : [])))].sort();
  if (COUNT_MAXIMA.has(keyword) || COUNT_MINIMA.has(keyword)) {
    const numbers = values.filter((v): v is number => typeof v === 'number');
    if (numbers.length !== values.length) throw new MergeConflict(`allOf members disagree on '${keyword}'`);
    return COUNT_MAXIMA.has(keyword) ? Math.min(...numbers) : Math.max(...numbers);
  }
  if (keyword === 'uniqueItems') return values.some((v) => v === true);
  if (keyword === 'enum') {
    const [first, ...others] = values.map((value) => (Array.isArray(value) ? value : []));
    const keep = others.map((list) => new Set(list.map(canonicalJson)));
    return first!.filter((value) => keep.every((set) => set.has(canonicalJson(value))));
  }
  if (keyword === 'dependentRequired') {
    const union: Record<string, string[]> = {};
    for (const value of values) {
      for (const [name, names] of Object.entries(asObject(value)))
        union[name] = [...new Set([...(union[name] ?? []), ...(Array.isArray(names) ? names : [])])].sort();
    }
    return union;
  }
  if (SAME_VALUE_SUBSCHEMAS.has(keyword)) return { allOf: values };
  if (SUBSCHEMA_MAPS.has(keyword)) {
    const union: Record<string, unknown> = {};
    for (const value of values) {
      for (const [name, schema] of Object.entries(asObject(value))) {
        const existing = union[name];
        union[name] = existing === undefined || allEqual([existing, schema]) ? schema : { allOf: [existing, schema] };
      }
    }
    return union;
  }
  // `pattern`, `format`, `const`, `multipleOf`, `not`, `anyOf`, `oneOf`, `if`, `contains`, … in two
  // members with different values: no single keyword says the same, so no merged reading is claimed.
  throw new MergeConflict(`allOf members disagree on '${keyword}'`);
}

/**
 * Types intersected (`integer` within `number`); `null` allowed when the node itself says
 * `nullable: true` (the OpenAPI 3.0 way to make a `$ref` nullable) or every typed member allows it.
 */
function mergeTypes(contributors: readonly Schema[], merged: Schema): void {
  const typed = contributors.filter((contributor) => contributor.type !== undefined);
  const outerNullable = contributors[0]!.nullable === true;
  if (typed.length === 0) {
    if (outerNullable || contributors.every((c) => c.nullable === true)) merged.nullable = true;
    return;
  }
  let common: string[] | undefined;
  let nullable = true;
  for (const contributor of typed) {
    const listed =
      typeof contributor.type === 'string'
        ? [contributor.type]
        : Array.isArray(contributor.type)
          ? contributor.type.filter((t): t is string => typeof t === 'string')
          : [];
    if (!(contributor.nullable === true || listed.includes('null'))) nullable = false;
    const types = listed.filter((t) => t !== 'null');
    if (types.length === 0) continue; // `type: 'null'` alone
    common = common === undefined ? types : intersectTypes(common, types);
  }
  if (common !== undefined && common.length === 0) throw new MergeConflict('allOf members have no type in common');
  if (common !== undefined) merged.type = common.length === 1 ? common[0] : common.sort();
  else merged.type = 'null';
  if (outerNullable || nullable) merged.nullable = true;
}

function intersectTypes(a: readonly string[], b: readonly string[]): string[] {
  const result = new Set<string>();
  for (const type of a) {
    if (b.includes(type)) result.add(type);
    else if (type === 'integer' && b.includes('number')) result.add('integer');
    else if (type === 'number' && b.includes('integer')) result.add('integer');
  }
  return [...result];
}

/** The tightest of the members' bounds, written in the 3.1 form (numeric `exclusive…` or the inclusive keyword). */
function mergeBound(
  inclusive: 'maximum' | 'minimum',
  exclusive: 'exclusiveMaximum' | 'exclusiveMinimum',
  contributors: readonly Schema[],
  merged: Schema,
): void {
  const upper = inclusive === 'maximum';
  const withBound = contributors.filter((c) => c[inclusive] !== undefined || c[exclusive] !== undefined);
  if (withBound.length === 1) {
    if (withBound[0]![inclusive] !== undefined) merged[inclusive] = withBound[0]![inclusive];
    if (withBound[0]![exclusive] !== undefined) merged[exclusive] = withBound[0]![exclusive];
    return;
  }
  let tightest: Bound | undefined;
  for (const contributor of withBound) {
    const bound = effectiveBound(contributor, inclusive, exclusive, upper);
    if (bound !== undefined && (tightest === undefined || compareBounds(tightest, bound, upper) > 0)) tightest = bound;
  }
  if (tightest === undefined) return;
  merged[tightest.exclusive ? exclusive : inclusive] = tightest.value;
}

/**
 * `additionalProperties` only sees the `properties` of its own schema object, so a member's
 * `additionalProperties: false` refuses the properties other members declare. Merged only when it
 * cannot: every property of the other members is one it declares too.
 */
function mergeAdditionalProperties(contributors: readonly Schema[], merged: Schema): void {
  const restricting = contributors.filter(
    (c) => c.additionalProperties !== undefined && c.additionalProperties !== true && !isEmptyObject(c.additionalProperties),
  );
  if (restricting.length === 0) {
    const open = contributors.find((c) => c.additionalProperties !== undefined);
    if (open) merged.additionalProperties = open.additionalProperties;
    return;
  }
  if (!allEqual(restricting.map((c) => c.additionalProperties))) throw new MergeConflict("allOf members disagree on 'additionalProperties'");
  for (const closed of restricting) {
    const own = new Set(Object.keys(asObject(closed.properties)));
    for (const other of contributors) {
      if (other === closed) continue;
      const foreign = Object.keys(asObject(other.properties)).find((name) => !own.has(name));
      if (foreign !== undefined || other.patternProperties !== undefined) {
        throw new MergeConflict(`'additionalProperties' of one allOf member also applies to property '${foreign ?? '(pattern)'}' of another`);
      }
    }
  }
  merged.additionalProperties = restricting[0]!.additionalProperties;
}

/** A member's `unevaluatedProperties` sees only that member's properties; the node's own sees every member's (kept as is). */
function checkMemberUnevaluated(contributors: readonly Schema[]): void {
  for (const member of contributors.slice(1)) {
    const value = member.unevaluatedProperties;
    if (value === undefined || value === true || isEmptyObject(value)) continue;
    const own = new Set(Object.keys(asObject(member.properties)));
    for (const other of contributors) {
      if (other === member) continue;
      const foreign = Object.keys(asObject(other.properties)).find((name) => !own.has(name));
      if (foreign !== undefined) throw new MergeConflict(`'unevaluatedProperties' of one allOf member also applies to property '${foreign}' of another`);
    }
  }
}

function allEqual(values: readonly unknown[]): boolean {
  const first = values[0];
  if (values.every((value) => value === first)) return true;
  const text = canonicalJsonIfAcyclic(first);
  return text !== undefined && values.every((value) => canonicalJsonIfAcyclic(value) === text);
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}
