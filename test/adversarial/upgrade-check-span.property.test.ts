import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IndexEntry, ReleaseSafetyIndex } from '../../src/artifact/types.js';
import { parseIndex } from '../../src/span/load-index.js';
import { evaluateSpan } from '../../src/span/evaluate.js';

/**
 * Fail closed, as properties over random indexes (in process: the pure span evaluation, thousands of
 * cases a second). Start from a span that is proven safe, break exactly one thing the contract names,
 * and the span must never be safe again:
 *   a covered entry that is not `true` (false, unknown, backfilled), a required stop strictly inside,
 *   a floor (`minPreviousVersion`) the current version does not reach, a version missing from the chain.
 * test/upgrade-check/span-properties.test.ts states the same rules as an oracle; this states them as
 * "one defect is enough", which catches a rule that only fires when another one does too.
 */
const safeIndexAndSpan = fc
  .uniqueArray(fc.integer({ min: 1, max: 80 }), { minLength: 3, maxLength: 14 })
  .map((minors) => [...minors].sort((a, b) => a - b).map((minor) => `2.${minor}.0`))
  .chain((versions) =>
    fc.record({
      versions: fc.constant(versions),
      // from: any release from the floor up to the one before the last; to: after from.
      fromPosition: fc.integer({ min: 0, max: versions.length - 2 }),
      toOffset: fc.integer({ min: 1, max: versions.length - 1 }),
    }),
  )
  .map(({ versions, fromPosition, toOffset }) => {
    const toPosition = Math.min(versions.length - 1, fromPosition + toOffset);
    const entries: IndexEntry[] = versions.map((version, position) => ({
      version,
      previousVersion: versions[position - 1] ?? '1.0.0',
      releaseDate: new Date(Date.UTC(2025, 0, 1 + position)).toISOString(),
      rollingUpdateSafe: position === 0 ? 'unknown' : true,
      requiredStops: position === 0 ? [version] : [],
      minPreviousVersion: null,
      backfilled: position === 0,
      syntheticRequiredStop: position === 0,
    }));
    const index: ReleaseSafetyIndex = { schemaVersion: '1', generatedAt: '2025-06-01T00:00:00.000Z', backfillFloorVersion: versions[0] as string, entries };
    return { index, fromPosition, toPosition };
  });

type Case = { index: ReleaseSafetyIndex; fromPosition: number; toPosition: number };

function verdictOf({ index, fromPosition, toPosition }: Case, from = index.entries[fromPosition]!.version) {
  const evaluation = evaluateSpan(index, from, index.entries[toPosition]!.version);
  return evaluation.evaluable ? evaluation.verdict : undefined;
}

const clone = (index: ReleaseSafetyIndex): ReleaseSafetyIndex => structuredClone(index);
/** A position covered by the span: after from, up to and including to. */
const coveredPosition = (span: Case) => fc.integer({ min: span.fromPosition + 1, max: span.toPosition });

describe('span evaluation fails closed on one defect (fast-check, in process)', () => {
  it('the generated spans are safe before any defect', () => {
    fc.assert(
      fc.property(safeIndexAndSpan, (span) => {
        expect(verdictOf(span)?.safe).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('a covered entry that is false, unknown or backfilled makes the span unsafe', () => {
    const defect = safeIndexAndSpan.chain((span) => fc.tuple(fc.constant(span), coveredPosition(span), fc.constantFrom('false', 'unknown', 'backfilled')));
    fc.assert(
      fc.property(defect, ([span, position, kind]) => {
        const index = clone(span.index);
        const entry = index.entries[position]!;
        if (kind === 'false') entry.rollingUpdateSafe = false;
        else if (kind === 'unknown') entry.rollingUpdateSafe = 'unknown';
        else entry.backfilled = true;
        const verdict = verdictOf({ ...span, index });
        expect(verdict?.safe).toBe(false);
        expect(verdict?.verdict).toBe('UNSAFE');
      }),
      { numRuns: 800 },
    );
  });

  it('a required stop strictly inside the span makes it unsafe and is listed', () => {
    const defect = safeIndexAndSpan
      .filter((span) => span.toPosition - span.fromPosition >= 2)
      .chain((span) => fc.tuple(fc.constant(span), coveredPosition(span), fc.integer({ min: span.fromPosition + 1, max: span.toPosition - 1 })));
    fc.assert(
      fc.property(defect, ([span, listedBy, stopPosition]) => {
        const index = clone(span.index);
        const stop = index.entries[stopPosition]!.version;
        index.entries[listedBy]!.requiredStops = [stop];
        const verdict = verdictOf({ ...span, index });
        expect(verdict?.safe).toBe(false);
        // A stop listed by a release before it is not reached yet; one listed by a later release is.
        if (listedBy >= stopPosition) expect(verdict?.requiredStops).toContain(stop);
      }),
      { numRuns: 800 },
    );
  });

  it('a minimum previous version above the current one (the floor crossed) makes the span unsafe', () => {
    const defect = safeIndexAndSpan.chain((span) => fc.tuple(fc.constant(span), fc.integer({ min: span.fromPosition + 1, max: span.toPosition })));
    fc.assert(
      fc.property(defect, ([span, floorPosition]) => {
        const index = clone(span.index);
        index.entries[span.toPosition]!.minPreviousVersion = index.entries[floorPosition]!.version;
        expect(verdictOf({ ...span, index })?.safe).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('a current version below the index floor is never safe', () => {
    fc.assert(
      fc.property(safeIndexAndSpan, (span) => {
        expect(verdictOf(span, '1.0.0')?.safe ?? false).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('a covered release missing from the index (its entry removed) is never safe, as evaluated or as refused', () => {
    const defect = safeIndexAndSpan
      .filter((span) => span.toPosition - span.fromPosition >= 2)
      .chain((span) => fc.tuple(fc.constant(span), fc.integer({ min: span.fromPosition + 1, max: span.toPosition - 1 })));
    fc.assert(
      fc.property(defect, ([span, missing]) => {
        const index = clone(span.index);
        index.entries.splice(missing, 1);
        const shifted = { ...span, index, toPosition: span.toPosition - 1 };
        // Through the loader as well: it may refuse the broken chain outright (exit 2), which is also closed.
        let loaded: ReleaseSafetyIndex | undefined;
        try {
          loaded = parseIndex(JSON.stringify(index), 'generated');
        } catch {
          return;
        }
        expect(verdictOf({ ...shifted, index: loaded })?.safe ?? false).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});
