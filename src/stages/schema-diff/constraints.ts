import type { SchemaChange, SchemaChangeKind } from './types.js';

/** Records one change of the node being compared (pointer and path relative to it unless given). */
export type RecordChange = (kind: SchemaChangeKind, extra?: Partial<SchemaChange>) => void;

type Schema = Record<string, unknown>;

/** Upper bounds on a count: smaller is tighter; absent is unbounded. */
const COUNT_MAXIMA = ['maxLength', 'maxItems', 'maxProperties'] as const;
/** Lower bounds on a count: larger is tighter; absent is 0. */
const COUNT_MINIMA = ['minLength', 'minItems', 'minProperties'] as const;

/**
 * Constraint keywords as tightened / loosened, with `detail` = the keyword and `before`/`after` its
 * raw values. Bounds are compared by effect, so `minLength: 0` appearing is no change, and the
 * OpenAPI 3.0 form `{maximum: 10, exclusiveMaximum: true}` equals the 3.1 form `{exclusiveMaximum: 10}`.
 * A changed `pattern` counts as tightened: whether a new regular expression accepts everything the
 * old one did cannot be decided here, so the diff says the cautious thing.
 */
export function compareConstraints(base: Schema, revision: Schema, record: RecordChange): void {
  for (const keyword of COUNT_MAXIMA) {
    compareNumbers(keyword, base[keyword], revision[keyword], Number.POSITIVE_INFINITY, (b, r) => r < b, record);
  }
  for (const keyword of COUNT_MINIMA) {
    compareNumbers(keyword, base[keyword], revision[keyword], 0, (b, r) => r > b, record);
  }
  compareBound('maximum', 'exclusiveMaximum', base, revision, record);
  compareBound('minimum', 'exclusiveMinimum', base, revision, record);

  const basePattern = typeof base.pattern === 'string' ? base.pattern : undefined;
  const revisionPattern = typeof revision.pattern === 'string' ? revision.pattern : undefined;
  if (basePattern !== revisionPattern) {
    record(revisionPattern === undefined ? 'constraint-loosened' : 'constraint-tightened', { detail: 'pattern', before: basePattern, after: revisionPattern });
  }

  const baseUnique = base.uniqueItems === true;
  const revisionUnique = revision.uniqueItems === true;
  if (baseUnique !== revisionUnique) {
    record(revisionUnique ? 'constraint-tightened' : 'constraint-loosened', { detail: 'uniqueItems', before: base.uniqueItems, after: revision.uniqueItems });
  }

  const baseStep = finiteNumber(base.multipleOf);
  const revisionStep = finiteNumber(revision.multipleOf);
  if (baseStep !== revisionStep) {
    // Loosened only when every old value is still accepted (the old step is a multiple of the new:
    // 4 → 2); otherwise tightened (2 → 4, or 2 → 3, which refuses some old values).
    const loosened = revisionStep === undefined || (baseStep !== undefined && isMultiple(baseStep, revisionStep));
    record(loosened ? 'constraint-loosened' : 'constraint-tightened', { detail: 'multipleOf', before: base.multipleOf, after: revision.multipleOf });
  }
}

function compareNumbers(
  keyword: string,
  beforeRaw: unknown,
  afterRaw: unknown,
  absentMeans: number,
  isTighter: (before: number, after: number) => boolean,
  record: RecordChange,
): void {
  const before = finiteNumber(beforeRaw) ?? absentMeans;
  const after = finiteNumber(afterRaw) ?? absentMeans;
  if (before === after) return;
  record(isTighter(before, after) ? 'constraint-tightened' : 'constraint-loosened', { detail: keyword, before: beforeRaw, after: afterRaw });
}

export interface Bound {
  value: number;
  exclusive: boolean;
}

/**
 * `maximum` with `exclusiveMaximum` (or the minimum pair), in either form: 3.0 boolean
 * (`exclusiveMaximum: true` makes `maximum` exclusive) or 3.1 numeric (its own exclusive bound).
 */
function compareBound(
  inclusiveKeyword: 'maximum' | 'minimum',
  exclusiveKeyword: 'exclusiveMaximum' | 'exclusiveMinimum',
  base: Schema,
  revision: Schema,
  record: RecordChange,
): void {
  const upper = inclusiveKeyword === 'maximum';
  const before = effectiveBound(base, inclusiveKeyword, exclusiveKeyword, upper);
  const after = effectiveBound(revision, inclusiveKeyword, exclusiveKeyword, upper);
  const order = compareBounds(before, after, upper);
  if (order === 0) return;
  const detail = JSON.stringify(base[exclusiveKeyword]) !== JSON.stringify(revision[exclusiveKeyword]) ? exclusiveKeyword : inclusiveKeyword;
  record(order > 0 ? 'constraint-tightened' : 'constraint-loosened', { detail, before: base[detail], after: revision[detail] });
}

export function effectiveBound(schema: Schema, inclusiveKeyword: string, exclusiveKeyword: string, upper: boolean): Bound | undefined {
  const candidates: Bound[] = [];
  const inclusive = finiteNumber(schema[inclusiveKeyword]);
  if (inclusive !== undefined) candidates.push({ value: inclusive, exclusive: schema[exclusiveKeyword] === true });
  const exclusive = finiteNumber(schema[exclusiveKeyword]);
  if (exclusive !== undefined) candidates.push({ value: exclusive, exclusive: true });
  let tightest: Bound | undefined;
  for (const candidate of candidates) {
    if (tightest === undefined || compareBounds(tightest, candidate, upper) > 0) tightest = candidate;
  }
  return tightest;
}

/** > 0 when `after` is tighter than `before`, < 0 when looser, 0 when the same bound. Absent = unbounded. */
export function compareBounds(before: Bound | undefined, after: Bound | undefined, upper: boolean): number {
  if (before === undefined && after === undefined) return 0;
  if (before === undefined) return 1;
  if (after === undefined) return -1;
  if (before.value !== after.value) return (upper ? after.value < before.value : after.value > before.value) ? 1 : -1;
  if (before.exclusive === after.exclusive) return 0;
  return after.exclusive ? 1 : -1;
}

function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Whether `value` is a whole multiple of `step` (with float tolerance: 0.3 is a multiple of 0.1). */
function isMultiple(value: number, step: number): boolean {
  const ratio = value / step;
  return Math.abs(ratio - Math.round(ratio)) < 1e-9;
}
