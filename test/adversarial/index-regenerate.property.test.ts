import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MigrationFile, ReleaseSafetyArtifact } from '../../src/artifact/types.js';
import { validateArtifact } from '../../src/artifact/validate.js';
import { serializeArtifact } from '../../src/artifact/write.js';
import type { Tri } from '../../src/core/tristate.js';
import { parseJson } from '../../src/core/structured-text.js';
import { compareVersionLabels, serializeIndex } from '../../src/index/entries.js';
import { regenerateIndex, type ArtifactSource } from '../../src/index/regenerate.js';
import { parseIndex } from '../../src/span/load-index.js';
import { makeArtifact } from '../index/artifacts.js';

/**
 * Artifacts and indexes as data: random artifacts survive write → read → schema unchanged, and
 * regenerating an index from its own output is a fixed point that never drops an entry.
 * (test/index/regenerate.property.test.ts covers tags and backfill; this one the round trip.)
 */
const tri = fc.constantFrom<Tri>(true, false, 'unknown');
// Text that stresses the reader: quotes, colons, braces, backslashes, unicode, `":` inside strings.
const hostileText = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('"a": 1', '\\":', '{"k": "v"}', 'naïve ☃ \u2028', '', ' '.repeat(3)));
const migrationFile: fc.Arbitrary<MigrationFile> = fc.record({
  name: hostileText.map((text) => `${text.replace(/\s/g, '_') || 'm'}.sql`),
  edition: fc.constantFrom('core' as const, 'ee' as const),
  tables: fc.array(hostileText, { maxLength: 3 }),
  heaviness: fc.record({ locksTable: tri, rewritesTable: tri, scansTable: tri }),
});

const artifact: fc.Arbitrary<ReleaseSafetyArtifact> = fc
  .record({
    minor: fc.integer({ min: 1, max: 500 }),
    safe: tri,
    changes: fc.array(hostileText, { maxLength: 4 }),
    advisories: fc.array(hostileText, { maxLength: 3 }),
    files: fc.array(migrationFile, { maxLength: 3 }),
    reason: hostileText,
    line: fc.integer({ min: 1, max: 10_000 }),
    stops: fc.array(fc.integer({ min: 0, max: 499 }), { maxLength: 2 }),
  })
  .map(({ minor, safe, changes, advisories, files, reason, line, stops }) => {
    const base = makeArtifact(`3.${minor}.0`, `3.${minor - 1}.0`, {
      safe,
      requiredStops: [...new Set(stops.filter((stop) => stop < minor))].sort((a, b) => a - b).map((stop) => `3.${stop}.0`),
    });
    return {
      ...base,
      migrations: {
        present: files.length > 0,
        count: files.length,
        coreCount: files.filter((file) => file.edition === 'core').length,
        eeCount: files.filter((file) => file.edition === 'ee').length,
        files,
      },
      api: { ...base.api, rest: { ...base.api.rest, changes, breakingCount: changes.length, advisories, advisoryCount: advisories.length } },
      declaredBreaks: reason.trim() === '' ? [] : [{ file: 'src/a.ts', line, reason, requiredStop: false }],
    };
  });

describe('artifacts and indexes round-trip (fast-check)', () => {
  it('a random artifact reads back equal and schema-valid', () => {
    fc.assert(
      fc.property(artifact, (written) => {
        const read = parseJson(serializeArtifact(written));
        expect(read).toEqual(written);
        const validation = validateArtifact(read);
        expect(validation.errors).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('regenerating from its own output changes nothing and keeps every entry; the result loads for upgrade-check', () => {
    const artifactSet = fc.uniqueArray(artifact, { minLength: 1, maxLength: 25, selector: (item) => item.version });
    fc.assert(
      fc.property(artifactSet, (artifacts) => {
        const sources: ArtifactSource[] = artifacts.map((item) => ({ file: `${item.version}.json`, artifact: item, retroactive: false }));
        const generatedAt = '2026-03-01T00:00:00.000Z';
        const first = regenerateIndex({ artifacts: sources, generatedAt }).index;
        const again = regenerateIndex({ artifacts: [], existingIndex: first, generatedAt }).index;
        expect(serializeIndex(again)).toBe(serializeIndex(first));
        const versions = first.entries.map((entry) => entry.version);
        for (const item of artifacts) {
          if (compareVersionLabels(item.version, first.backfillFloorVersion) >= 0) expect(versions).toContain(item.version);
        }
        // What `index` writes is what `upgrade-check` reads: the strict loader accepts it or names why not.
        try {
          parseIndex(serializeIndex(first), 'regenerated');
        } catch (error) {
          expect(String(error)).toMatch(/not usable/);
        }
      }),
      { numRuns: 150 },
    );
  });
});
