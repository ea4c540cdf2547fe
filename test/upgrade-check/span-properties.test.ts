import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IndexEntry, ReleaseSafetyIndex } from '../../src/artifact/types.js';
import type { Tri } from '../../src/core/tristate.js';
import { compareVersionTexts } from '../../src/core/version.js';
import { evaluateSpan } from '../../src/span/evaluate.js';
import { runCli } from '../helpers/cli.js';
import { writeTempJson } from './synthetic-index.js';

/** An index of 2–12 releases with random verdicts, stops, floors, backfill marks and gaps. */
const indexArbitrary = fc
  .integer({ min: 2, max: 12 })
  .chain((length) => {
    // Versions 1.<n>.0 with random increasing minors, so gaps in numbering are common too.
    const versions = fc
      .uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: length, maxLength: length })
      .map((minors) => [...minors].sort((a, b) => a - b).map((minor) => `1.${minor}.0`));
    return versions.chain((texts) =>
      fc.tuple(
        fc.constant(texts),
        fc.array(
          fc.record({
            rollingUpdateSafe: fc.constantFrom<Tri>(true, true, true, false, 'unknown'),
            backfilled: fc.integer({ min: 0, max: 9 }).map((roll) => roll < 2),
            stopPositions: fc.array(fc.nat({ max: length - 1 }), { maxLength: 2 }),
            minPreviousPosition: fc.option(fc.nat({ max: length - 1 }), { nil: null, freq: 3 }),
            gap: fc.integer({ min: 0, max: 9 }).map((roll) => roll === 0),
          }),
          { minLength: length, maxLength: length },
        ),
      ),
    );
  })
  .map(([versions, shapes]): ReleaseSafetyIndex => {
    const entries: IndexEntry[] = versions.map((version, position) => {
      const shape = shapes[position] as (typeof shapes)[number];
      const before = versions[position - 1] ?? '0.9.0';
      return {
        version,
        previousVersion: shape.gap && position > 0 ? `1.0.${position}` : before,
        releaseDate: new Date(Date.UTC(2025, 0, 1 + position)).toISOString(),
        rollingUpdateSafe: shape.rollingUpdateSafe,
        requiredStops: position === 0 ? [version] : shape.stopPositions.map((stop) => versions[stop] as string),
        minPreviousVersion: shape.minPreviousPosition === null ? null : (versions[shape.minPreviousPosition] as string),
        backfilled: shape.backfilled,
        syntheticRequiredStop: position === 0,
      };
    });
    return { schemaVersion: '1', generatedAt: '2025-06-01T00:00:00.000Z', backfillFloorVersion: versions[0] as string, entries };
  });

/** An index with two positions in it; from may also sit below the floor (-1). */
const spanArbitrary = indexArbitrary.chain((index) =>
  fc.tuple(fc.constant(index), fc.integer({ min: -1, max: index.entries.length - 1 }), fc.nat({ max: index.entries.length - 1 })),
);

interface Span {
  index: ReleaseSafetyIndex;
  from: string;
  to: string;
}

function toSpan([index, fromPosition, toPosition]: [ReleaseSafetyIndex, number, number]): Span {
  return {
    index,
    from: fromPosition < 0 ? '0.1.0' : (index.entries[fromPosition] as IndexEntry).version,
    to: (index.entries[toPosition] as IndexEntry).version,
  };
}

/** An independent statement of "proven safe", straight from the contract's wording. */
function oracleSafe({ index, from, to }: Span): boolean {
  if (compareVersionTexts(from, to) >= 0) return false;
  if (compareVersionTexts(from, index.backfillFloorVersion) < 0) return false;
  const inSpan = index.entries.filter((entry) => compareVersionTexts(entry.version, from) > 0 && compareVersionTexts(entry.version, to) <= 0);
  const target = inSpan[inSpan.length - 1] as IndexEntry;
  return (
    inSpan.every((entry) => entry.rollingUpdateSafe === true && !entry.backfilled) &&
    inSpan.every((entry) => entry.requiredStops.every((stop) => compareVersionTexts(stop, from) <= 0 || compareVersionTexts(stop, to) >= 0)) &&
    (target.minPreviousVersion === null || compareVersionTexts(from, target.minPreviousVersion) >= 0) &&
    inSpan.every((entry) => entry.previousVersion === index.entries[index.entries.indexOf(entry) - 1]?.version)
  );
}

function evaluate(span: Span) {
  const evaluation = evaluateSpan(span.index, span.from, span.to);
  if (!evaluation.evaluable) throw new Error(evaluation.problem);
  return evaluation.verdict;
}

describe('span rules: properties (fast-check)', () => {
  it('a span with a non-true release, a backfilled release, a required stop, a floor violation or a gap is never safe', () => {
    fc.assert(
      fc.property(spanArbitrary.map(toSpan), (span) => {
        const spanVerdict = evaluate(span);
        if (!oracleSafe(span)) {
          expect(spanVerdict.safe).toBe(false);
          expect(spanVerdict.verdict).toBe('UNSAFE');
          expect(spanVerdict.reasons.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the contract exactly: safe when and only when every rule is met', () => {
    fc.assert(
      fc.property(spanArbitrary.map(toSpan), (span) => {
        expect(evaluate(span).safe).toBe(oracleSafe(span));
      }),
      { numRuns: 2000 },
    );
  });

  it('unknown and false releases in the span are always listed, and never counted as safe', () => {
    fc.assert(
      fc.property(spanArbitrary.map(toSpan), (span) => {
        const spanVerdict = evaluate(span);
        const covered = span.index.entries.filter((entry) => spanVerdict.coveredVersions.includes(entry.version));
        expect(spanVerdict.unknownVersions).toEqual(covered.filter((entry) => entry.rollingUpdateSafe === 'unknown').map((entry) => entry.version));
        expect(spanVerdict.unsafeVersions).toEqual(covered.filter((entry) => entry.rollingUpdateSafe === false).map((entry) => entry.version));
        if (spanVerdict.unknownVersions.length + spanVerdict.unsafeVersions.length > 0) expect(spanVerdict.safe).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('every required stop lies strictly between from and to, and each leg of the plan meets its target minimum', () => {
    fc.assert(
      fc.property(spanArbitrary.map(toSpan), (span) => {
        const spanVerdict = evaluate(span);
        for (const stop of spanVerdict.requiredStops) {
          expect(compareVersionTexts(stop, span.from)).toBeGreaterThan(0);
          expect(compareVersionTexts(stop, span.to)).toBeLessThan(0);
        }
        if (spanVerdict.direction !== 'upgrade') return;
        const path = [span.from, ...spanVerdict.requiredStops, span.to];
        for (let leg = 1; leg < path.length; leg += 1) {
          const target = span.index.entries.find((entry) => entry.version === path[leg]);
          const minimum = target?.minPreviousVersion;
          // A minimum that is not older than its own release cannot be met; that is reported as a reason instead.
          if (!target || !minimum || compareVersionTexts(minimum, target.version) >= 0) continue;
          expect(compareVersionTexts(path[leg - 1] as string, minimum)).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('span rules: the built CLI on generated indexes', () => {
  it('exits 0 exactly when the span is proven safe (a few generated cases)', () => {
    const unsafeSpans = fc.sample(
      spanArbitrary.map(toSpan).filter((span) => !oracleSafe(span) && compareVersionTexts(span.from, span.to) < 0),
      { numRuns: 3, seed: 7 },
    );
    const safeSpans = fc.sample(spanArbitrary.map(toSpan).filter(oracleSafe), { numRuns: 2, seed: 11 });
    for (const span of [...unsafeSpans, ...safeSpans]) {
      const run = runCli(['upgrade-check', '--from', span.from, '--to', span.to, '--index', writeTempJson(span.index)]);
      expect(run.status, run.stderr).toBe(oracleSafe(span) ? 0 : 1);
      expect(run.stdout).toContain(oracleSafe(span) ? 'Verdict: SAFE' : 'Verdict: UNSAFE');
    }
  });
});
