import type { RecordChange } from './constraints.js';

/**
 * The JSON Schema 2020-12 keywords of OpenAPI 3.1, compared by their effect on the set of valid
 * values: `constraint-tightened` when fewer values are valid, `constraint-loosened` when more,
 * both when it goes both ways (a `dependentRequired` list that gained one name and lost another, a
 * changed `contentMediaType`), `unknown` when the effect cannot be told (a changed `if` condition).
 * `detail` is the keyword; `pointer` names the entry for maps (`/dependentRequired/card`).
 * Sub-schemas present on both sides are compared as children (every one of them is a positive
 * position: tightening inside tightens the whole); `if` is not, so it is only compared as text.
 */

type Schema = Record<string, unknown>;
type Child = (pointer: string, path: string, base: unknown, revision: unknown) => void;

/** The keywords this file compares (the diff's list of modeled keywords includes them). */
export const KEYWORDS_2020 = [
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'contains',
  'minContains',
  'maxContains',
  'patternProperties',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentMediaType',
  'contentEncoding',
  'contentSchema',
] as const;

/**
 * `sameWhole` says whether two sub-schemas compared as a whole (an `if` condition) are the same,
 * `$ref`s followed.
 */
export function compareKeywords2020(
  base: Schema,
  revision: Schema,
  record: RecordChange,
  child: Child,
  sameWhole: (base: unknown, revision: unknown) => boolean,
): void {
  compareConditional(base, revision, record, child, sameWhole);
  compareDependentRequired(base.dependentRequired, revision.dependentRequired, record);
  compareSchemaMap('dependentSchemas', '', base.dependentSchemas, revision.dependentSchemas, false, record, child);
  // In a closed object a new pattern admits names that were refused: the reverse of an open one.
  compareSchemaMap(
    'patternProperties',
    '.*',
    base.patternProperties,
    revision.patternProperties,
    revision.additionalProperties === false && base.additionalProperties === false,
    record,
    child,
  );
  compareContains(base, revision, record, child);
  compareOptionalSubschema('propertyNames', '', base.propertyNames, revision.propertyNames, record, child);
  compareOptionalSubschema('unevaluatedProperties', '.*', base.unevaluatedProperties, revision.unevaluatedProperties, record, child);
  compareOptionalSubschema('unevaluatedItems', '[]', base.unevaluatedItems, revision.unevaluatedItems, record, child);
  compareOptionalSubschema('contentSchema', '', base.contentSchema, revision.contentSchema, record, child);
  for (const keyword of ['contentMediaType', 'contentEncoding'] as const) {
    if (base[keyword] === revision[keyword]) continue;
    // Bytes encoded or typed differently: neither a subset nor a superset of the old values.
    record('constraint-tightened', { detail: keyword, before: base[keyword], after: revision[keyword] });
    record('constraint-loosened', { detail: keyword, before: base[keyword], after: revision[keyword] });
  }
}

/** `if` / `then` / `else`: a conditional (an `if` with a `then` or `else`) added restricts; removed relaxes. */
function compareConditional(
  base: Schema,
  revision: Schema,
  record: RecordChange,
  child: Child,
  sameWhole: (base: unknown, revision: unknown) => boolean,
): void {
  const conditional = (schema: Schema) => schema.if !== undefined && (schema.then !== undefined || schema.else !== undefined);
  const before = conditional(base);
  const after = conditional(revision);
  if (!before && !after) return;
  if (!before || !after) {
    record(after ? 'constraint-tightened' : 'constraint-loosened', {
      pointer: '/if',
      detail: 'if',
      before: before ? 'conditional' : undefined,
      after: after ? 'conditional' : undefined,
    });
    return;
  }
  if (!sameWhole(base.if, revision.if)) {
    // Which values a new condition selects cannot be compared with the old one's.
    record('unknown', { pointer: '/if', detail: "the condition 'if' changed (which values it selects cannot be compared)" });
    return;
  }
  for (const branch of ['then', 'else'] as const) {
    const b = base[branch];
    const r = revision[branch];
    if (b !== undefined && r !== undefined) child(`/${branch}`, '', b, r);
    else if (b !== undefined || r !== undefined)
      record(r !== undefined ? 'constraint-tightened' : 'constraint-loosened', {
        pointer: `/${branch}`,
        detail: branch,
        before: b === undefined ? undefined : branch,
        after: r === undefined ? undefined : branch,
      });
  }
}

/** `dependentRequired`: per property, the names it requires; more names restrict, fewer relax, both when the list changed both ways. */
function compareDependentRequired(base: unknown, revision: unknown, record: RecordChange): void {
  if (base === undefined && revision === undefined) return;
  const before = asObject(base);
  const after = asObject(revision);
  for (const name of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    const was = new Set(stringList(before[name]));
    const now = new Set(stringList(after[name]));
    const pointer = `/dependentRequired/${escapePointer(name)}`;
    // The values name the property: `{"card":["cvc"]}` → `{"card":["cvc","expiry"]}`.
    const values = {
      before: before[name] === undefined ? undefined : { [name]: before[name] },
      after: after[name] === undefined ? undefined : { [name]: after[name] },
    };
    if ([...now].some((required) => !was.has(required))) record('constraint-tightened', { pointer, detail: 'dependentRequired', ...values });
    if ([...was].some((required) => !now.has(required))) record('constraint-loosened', { pointer, detail: 'dependentRequired', ...values });
  }
}

/** A map of name → sub-schema (`dependentSchemas`, `patternProperties`): an entry added restricts (or, `reversed`, relaxes). */
function compareSchemaMap(keyword: string, path: string, base: unknown, revision: unknown, reversed: boolean, record: RecordChange, child: Child): void {
  if (base === undefined && revision === undefined) return;
  const before = asObject(base);
  const after = asObject(revision);
  for (const name of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    const pointer = `/${keyword}/${escapePointer(name)}`;
    const inBase = Object.prototype.hasOwnProperty.call(before, name);
    const inRevision = Object.prototype.hasOwnProperty.call(after, name);
    if (inBase && inRevision) child(pointer, path, before[name], after[name]);
    else
      record(inRevision !== reversed ? 'constraint-tightened' : 'constraint-loosened', {
        pointer,
        detail: keyword,
        before: inBase ? name : undefined,
        after: inRevision ? name : undefined,
      });
  }
}

/** `contains` with its counts (`minContains` defaults to 1, `maxContains` to unbounded; both only count with `contains`). */
function compareContains(base: Schema, revision: Schema, record: RecordChange, child: Child): void {
  const b = base.contains;
  const r = revision.contains;
  if (b === undefined && r === undefined) return;
  if (b === undefined || r === undefined) {
    record(r !== undefined ? 'constraint-tightened' : 'constraint-loosened', {
      pointer: '/contains',
      detail: 'contains',
      before: b === undefined ? undefined : 'contains',
      after: r === undefined ? undefined : 'contains',
    });
    return;
  }
  child('/contains', '[]', b, r);
  const count = (value: unknown, absent: number) => (typeof value === 'number' && Number.isFinite(value) ? value : absent);
  const minBefore = count(base.minContains, 1);
  const minAfter = count(revision.minContains, 1);
  if (minBefore !== minAfter)
    record(minAfter > minBefore ? 'constraint-tightened' : 'constraint-loosened', {
      detail: 'minContains',
      before: base.minContains,
      after: revision.minContains,
    });
  const maxBefore = count(base.maxContains, Number.POSITIVE_INFINITY);
  const maxAfter = count(revision.maxContains, Number.POSITIVE_INFINITY);
  if (maxBefore !== maxAfter)
    record(maxAfter < maxBefore ? 'constraint-tightened' : 'constraint-loosened', {
      detail: 'maxContains',
      before: base.maxContains,
      after: revision.maxContains,
    });
}

/** A sub-schema that restricts when present (`true` and `{}` restrict nothing, like absent). */
function compareOptionalSubschema(keyword: string, path: string, base: unknown, revision: unknown, record: RecordChange, child: Child): void {
  const before = restricting(base) ? base : undefined;
  const after = restricting(revision) ? revision : undefined;
  if (before === undefined && after === undefined) return;
  const pointer = `/${keyword}`;
  if (before !== undefined && after !== undefined) {
    if (before === false || after === false) {
      if (before !== after) record(after === false ? 'constraint-tightened' : 'constraint-loosened', { pointer, detail: keyword, before, after });
      return;
    }
    child(pointer, path, before, after);
    return;
  }
  record(after !== undefined ? 'constraint-tightened' : 'constraint-loosened', { pointer, detail: keyword, before: describe(before), after: describe(after) });
}

function restricting(schema: unknown): boolean {
  if (schema === undefined || schema === true) return false;
  return !(typeof schema === 'object' && schema !== null && !Array.isArray(schema) && Object.keys(schema).length === 0);
}

function describe(schema: unknown): unknown {
  return schema === undefined || schema === false ? schema : 'schema';
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
