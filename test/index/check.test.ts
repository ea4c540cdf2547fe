import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkIndexStructure } from '../../src/artifact/index-check.js';
import type { IndexProblemCode } from '../../src/artifact/index-check.js';
import type { IndexEntry, ReleaseSafetyIndex } from '../../src/artifact/types.js';
import { goodIndex, indexEntry } from './index-fixture.js';

const entry = indexEntry;

type Mutation = (index: ReleaseSafetyIndex) => void;
const at = (index: ReleaseSafetyIndex, position: number): IndexEntry => index.entries[position]!;

describe('checkIndexStructure', () => {
  it('accepts a consistent index and the real published index', () => {
    expect(checkIndexStructure(goodIndex())).toEqual([]);
    const real = JSON.parse(readFileSync(new URL('../../fixtures/lightdash-index.json', import.meta.url), 'utf8')) as ReleaseSafetyIndex;
    expect(real.entries).toHaveLength(3111);
    expect(checkIndexStructure(real)).toEqual([]);
  });

  it.each<[string, Mutation, IndexProblemCode, 'error' | 'warning', string]>([
    [
      'swapped entries',
      (i) => i.entries.splice(1, 2, at(i, 2), at(i, 1)),
      'entries-out-of-order',
      'error',
      '1.1.0 comes after 1.2.0 (entries must be oldest first)',
    ],
    ['a repeated version', (i) => i.entries.push(entry('1.2.0', '1.2.0', 4)), 'version-repeated', 'error', '1.2.0 appears more than once'],
    [
      'a previousVersion that skips an entry',
      (i) => (at(i, 2).previousVersion = '1.0.0'),
      'previous-version-mismatch',
      'error',
      '1.2.0 names previousVersion 1.0.0 but the entry before is 1.1.0',
    ],
    [
      'a null previousVersion after the first entry',
      (i) => (at(i, 1).previousVersion = null),
      'previous-version-mismatch',
      'error',
      '1.1.0 names previousVersion null but the entry before is 1.0.0',
    ],
    [
      'a first entry naming a newer previousVersion',
      (i) => (at(i, 0).previousVersion = '2.0.0'),
      'previous-version-mismatch',
      'error',
      '1.0.0 names previousVersion 2.0.0, which is not an older release',
    ],
    [
      'missing releases between two entries',
      (i) => (at(i, 2).previousVersion = '1.1.5'),
      'previous-version-gap',
      'warning',
      'gap before 1.2.0: its previousVersion 1.1.5 is not in the index (releases after 1.1.0 are missing; spans across are unverifiable)',
    ],
    ['a floor without an entry', (i) => (i.backfillFloorVersion = '0.5.0'), 'floor-entry-missing', 'error', 'the floor 0.5.0 has no entry'],
    [
      'a floor entry without the flag',
      (i) => (at(i, 0).syntheticRequiredStop = false),
      'floor-not-synthetic-stop',
      'error',
      'floor entry 1.0.0 must have syntheticRequiredStop: true',
    ],
    [
      'a floor entry not listing itself',
      (i) => (at(i, 0).requiredStops = []),
      'floor-stop-missing',
      'error',
      'floor entry 1.0.0 must list itself in requiredStops',
    ],
    [
      'a second synthetic stop',
      (i) => (at(i, 1).syntheticRequiredStop = true),
      'synthetic-stop-not-on-floor',
      'error',
      '1.1.0 has syntheticRequiredStop: true but the floor is 1.0.0',
    ],
    ['an entry older than the floor', (i) => i.entries.unshift(entry('0.9.0', null, 1)), 'entry-below-floor', 'error', '0.9.0 is older than the floor 1.0.0'],
    [
      'a date going backwards',
      (i) => (at(i, 2).releaseDate = '2025-12-31T00:00:00Z'),
      'release-date-decreasing',
      'warning',
      '1.2.0 was released 2025-12-31T00:00:00Z, before 1.1.0 (2026-01-02T00:00:00Z)',
    ],
  ])('flags %s', (_name, mutate, code, level, message) => {
    const index = goodIndex();
    mutate(index);
    const problems = checkIndexStructure(index);
    expect(problems).toContainEqual(expect.objectContaining({ code, level, message }));
  });
});
