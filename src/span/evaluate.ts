import type { IndexEntry, ReleaseSafetyIndex } from '../artifact/types.js';
import { allTrue } from '../core/tristate.js';
import { compareReleaseTexts, compareVersions, compareVersionTexts, parseVersion, type Version } from '../core/version.js';
import { checkIndexStructure } from './index-structure.js';
import { planStops, type PositionOf } from './plan-stops.js';
import { describeVersions, renderSpanReason, SPAN_REASONS, type SpanReason } from './reasons.js';
import type { Direction, MissingRange, SpanEvaluation, SpanVerdict } from './types.js';

/**
 * The span rules of contract.md (Versioning, rules 1–6) as one pure function over a parsed index.
 * Only a span that every rule proves safe is `safe`; any reason not to roll is kept as a line in
 * `reasons`, and `safe` is derived from there being none, so a new check cannot forget to fail closed.
 */
export function evaluateSpan(index: ReleaseSafetyIndex, fromText: string, toText: string): SpanEvaluation {
  const from = parseVersion(fromText);
  if (!from) return notEvaluable(`from "${fromText}" is not a release version (expected X.Y.Z)`);
  const to = parseVersion(toText);
  if (!to) return notEvaluable(`to "${toText}" is not a release version (expected X.Y.Z)`);
  const structureProblems = checkIndexStructure(index);
  if (structureProblems.length > 0) return notEvaluable(`the index is not usable: ${structureProblems.join('; ')}`);

  const entries = index.entries;
  const floor = parseVersion(index.backfillFloorVersion) as Version; // checked by checkIndexStructure
  const positionOf = positionLookup(entries);
  const order = compareVersions(from, to);
  const direction: Direction = order < 0 ? 'upgrade' : order > 0 ? 'downgrade' : 'none';
  const fromBelowFloor = compareVersions(from, floor) < 0;

  const toProblem = coverageProblem('to', to, floor, positionOf, entries);
  if (toProblem) return notEvaluable(toProblem);
  // Rule 4: an upgrade may start below the floor; the floor then stands in for `from`.
  const fromProblem = direction === 'upgrade' && fromBelowFloor ? undefined : coverageProblem('from', from, floor, positionOf, entries);
  if (fromProblem) return notEvaluable(fromProblem);

  const toPosition = positionOf(to.text) as number;
  const targetEntry = entries[toPosition] as IndexEntry;
  const reasons: SpanReason[] = [];
  let covered: IndexEntry[] = [];
  let missingRanges: MissingRange[] = [];
  let requiredStops: string[] = [];

  if (direction === 'upgrade') {
    const firstPosition = fromBelowFloor ? 0 : (positionOf(from.text) as number) + 1;
    covered = entries.slice(firstPosition, toPosition + 1);
    missingRanges = findMissingRanges(entries, firstPosition, toPosition);
    const plan = planStops(from, to, covered, floor, fromBelowFloor, positionOf, entries);
    requiredStops = plan.stops;
    reasons.push(...releaseReasons(covered), ...plan.reasons);
    for (const gap of missingRanges) {
      reasons.push({ id: 'index-range-missing', params: { after: gap.after, before: gap.before, previous: gap.previousVersionOfBefore ?? 'null' } });
    }
  } else if (direction === 'downgrade') {
    // The releases being undone; shown for information, the direction alone decides the verdict.
    const fromPosition = positionOf(from.text) as number;
    covered = entries.slice(toPosition + 1, fromPosition + 1);
    missingRanges = findMissingRanges(entries, toPosition + 1, fromPosition);
    reasons.push({ id: 'span-is-downgrade', params: { from: from.text, to: to.text } });
  } else {
    reasons.push({ id: 'span-is-empty', params: { version: to.text } });
  }

  const ruleOrder = (reason: SpanReason) => {
    const rule = SPAN_REASONS.find((meta) => meta.id === reason.id)?.rule;
    return typeof rule === 'number' ? rule : 0;
  };
  const sortedReasons = reasons
    .map((reason, position) => ({ reason, position }))
    .sort((a, b) => ruleOrder(a.reason) - ruleOrder(b.reason) || a.position - b.position);
  const allCoveredTrue = allTrue(covered.map((entry) => entry.rollingUpdateSafe)) === true;
  // Belt and braces: every condition below also produces a reason, but the verdict checks them itself.
  const safe =
    direction === 'upgrade' && reasons.length === 0 && covered.length > 0 && allCoveredTrue && requiredStops.length === 0 && missingRanges.length === 0;

  const verdict: SpanVerdict = {
    fromVersion: from.text,
    toVersion: to.text,
    direction,
    safe,
    verdict: safe ? 'SAFE' : 'UNSAFE',
    requiredStops,
    minPreviousVersion: targetEntry.minPreviousVersion,
    coveredVersions: covered.map((entry) => entry.version),
    missingRanges,
    unsafeVersions: covered.filter((entry) => entry.rollingUpdateSafe === false).map((entry) => entry.version),
    unknownVersions: covered.filter((entry) => entry.rollingUpdateSafe === 'unknown').map((entry) => entry.version),
    recommendedStrategy: safe ? 'RollingUpdate' : 'Recreate',
    reasons: sortedReasons.map(({ reason }) => renderSpanReason(reason)),
  };
  return { evaluable: true, verdict };
}

/**
 * The index entries of a verdict's covered releases, in index order: a span covers consecutive
 * entries. Found by binary search rather than by a pass over every entry (upgrade-check runs cold).
 */
export function coveredEntries(index: ReleaseSafetyIndex, verdict: SpanVerdict): IndexEntry[] {
  const first = verdict.coveredVersions[0];
  const position = first === undefined ? undefined : positionLookup(index.entries)(first);
  return position === undefined ? [] : index.entries.slice(position, position + verdict.coveredVersions.length);
}

/**
 * Where each version sits in `entries`, by binary search: the structure checks passed, so the
 * versions are canonical release texts in strictly ascending order. A map of every entry built here
 * allocated ≈ 0.6 MB per check, which in a cold run right after `JSON.parse` can start a scavenge
 * that copies the whole parsed index (issue 36); a span looks up a handful of versions.
 */
function positionLookup(entries: readonly IndexEntry[]): PositionOf {
  return (versionText) => {
    let low = 0;
    let high = entries.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const version = (entries[middle] as IndexEntry).version;
      const order = compareReleaseTexts(version, versionText);
      if (order === 0) return version === versionText ? middle : undefined;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  };
}

function notEvaluable(problem: string): SpanEvaluation {
  return { evaluable: false, problem };
}

/** Rule 6 for the two ends: a version the index does not hold cannot be evaluated at all. */
function coverageProblem(role: 'from' | 'to', version: Version, floor: Version, positionOf: PositionOf, entries: readonly IndexEntry[]): string | undefined {
  if (positionOf(version.text) !== undefined) return undefined;
  const newest = entries[entries.length - 1]?.version ?? floor.text;
  if (compareVersions(version, floor) < 0) return `${role} version ${version.text} is older than the index floor ${floor.text}; the index does not cover it`;
  if (compareVersionTexts(version.text, newest) > 0) return `${role} version ${version.text} is newer than the newest release in the index (${newest})`;
  return `${role} version ${version.text} is not in the index (it covers ${floor.text} to ${newest}), so the span cannot be verified`;
}

/** Rule 6 inside the span: an entry whose `previousVersion` is not the entry before it leaves a hole. */
function findMissingRanges(entries: readonly IndexEntry[], firstPosition: number, lastPosition: number): MissingRange[] {
  const missing: MissingRange[] = [];
  // The floor entry's previous release lies below the floor by definition; rule 4 covers that step.
  for (let position = Math.max(firstPosition, 1); position <= lastPosition; position += 1) {
    const entry = entries[position] as IndexEntry;
    const before = entries[position - 1] as IndexEntry;
    if (entry.previousVersion !== before.version) {
      missing.push({ after: before.version, before: entry.version, previousVersionOfBefore: entry.previousVersion });
    }
  }
  return missing;
}

/** Rules 1 and 5: every covered release must be proven safe and not backfilled. */
function releaseReasons(covered: readonly IndexEntry[]): SpanReason[] {
  const reasons: SpanReason[] = [];
  const falseVersions = covered.filter((entry) => entry.rollingUpdateSafe === false).map((entry) => entry.version);
  const unknownVersions = covered.filter((entry) => entry.rollingUpdateSafe !== true && entry.rollingUpdateSafe !== false).map((entry) => entry.version);
  const backfilledVersions = covered.filter((entry) => entry.backfilled).map((entry) => entry.version);
  if (falseVersions.length > 0) reasons.push({ id: 'release-not-safe', params: { versions: describeVersions(falseVersions) } });
  if (unknownVersions.length > 0) reasons.push({ id: 'release-safety-unknown', params: { versions: describeVersions(unknownVersions) } });
  if (backfilledVersions.length > 0) reasons.push({ id: 'backfilled-release-in-span', params: { versions: describeVersions(backfilledVersions) } });
  return reasons;
}
