import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { regenerateIndex } from '../../src/index/regenerate.js';
import type { ArtifactSource } from '../../src/index/regenerate.js';
import { compareVersionLabels, serializeIndex } from '../../src/index/entries.js';
import { validateIndex } from '../../src/artifact/validate.js';
import { makeArtifact } from './artifacts.js';

/**
 * Invariants of regeneration over random histories: a release line of up to 40 versions, a random
 * subset with artifacts, a random subset tagged, a random existing index built from another subset.
 */
const history = fc
  .uniqueArray(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 3 })), {
    minLength: 2,
    maxLength: 40,
    selector: (t) => t.join('.'),
  })
  .map((parts) => parts.map((p) => p.join('.')).sort(compareVersionLabels));

const scenario = history.chain((versions) =>
  fc.record({
    versions: fc.constant(versions),
    withArtifact: fc.array(fc.boolean(), { minLength: versions.length, maxLength: versions.length }),
    tagged: fc.array(fc.boolean(), { minLength: versions.length, maxLength: versions.length }),
    inOldIndex: fc.array(fc.boolean(), { minLength: versions.length, maxLength: versions.length }),
    verdicts: fc.array(fc.constantFrom<true | false | 'unknown'>(true, false, 'unknown'), { minLength: versions.length, maxLength: versions.length }),
  }),
);

const generatedAt = '2026-02-01T00:00:00.000Z';
const date = (position: number) => new Date(Date.UTC(2026, 0, 1) + position * 3_600_000).toISOString();

function artifactsOf(versions: string[], pick: boolean[], verdicts: (true | false | 'unknown')[]): ArtifactSource[] {
  return versions.flatMap((version, i) =>
    pick[i]
      ? [{ file: `${version}.json`, artifact: makeArtifact(version, versions[i - 1] ?? null, { date: date(i), safe: verdicts[i] }), retroactive: false }]
      : [],
  );
}

describe('regenerateIndex invariants', () => {
  it('sorted, unique, one floor stop, schema-valid, nothing dropped above the floor, idempotent', () => {
    fc.assert(
      fc.property(scenario, ({ versions, withArtifact, tagged, inOldIndex, verdicts }) => {
        const tags = versions.flatMap((version, i) => (tagged[i] ? [{ version, date: date(i) }] : []));
        const oldArtifacts = artifactsOf(versions, inOldIndex, verdicts);
        const artifacts = artifactsOf(versions, withArtifact, verdicts);
        fc.pre(oldArtifacts.length > 0 && (artifacts.length > 0 || tags.length > 0));
        const old = regenerateIndex({ artifacts: oldArtifacts, generatedAt }).index;
        const { index, report } = regenerateIndex({ artifacts, tags, existingIndex: old, generatedAt });

        const listed = index.entries.map((entry) => entry.version);
        expect([...listed].sort(compareVersionLabels)).toEqual(listed);
        expect(new Set(listed).size).toBe(listed.length);
        expect(index.entries.filter((entry) => entry.syntheticRequiredStop).map((entry) => entry.version)).toEqual([index.backfillFloorVersion]);
        expect(index.entries[0]!.requiredStops).toContain(index.backfillFloorVersion);
        expect(validateIndex(index).valid).toBe(true);
        // Every old entry is still there (the floor is the old one), and every artifact wins.
        for (const entry of old.entries) expect(listed).toContain(entry.version);
        for (const source of artifacts) {
          if (compareVersionLabels(source.artifact.version, index.backfillFloorVersion) < 0) expect(report.belowFloor).toContain(source.artifact.version);
          else
            expect(index.entries.find((entry) => entry.version === source.artifact.version)?.rollingUpdateSafe).toBe(
              source.artifact.compatibility.rollingUpdateSafe,
            );
        }
        // Feeding the output back in with the same inputs changes nothing.
        const again = regenerateIndex({ artifacts, tags, existingIndex: index, generatedAt }).index;
        expect(serializeIndex(again)).toBe(serializeIndex(index));
      }),
      { numRuns: 150 },
    );
  });
});
