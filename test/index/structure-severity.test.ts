import { describe, expect, it } from 'vitest';
import type { IndexEntry, ReleaseSafetyIndex } from '../../src/artifact/types.js';
import { goodIndex, indexEntry } from './index-fixture.js';
import { checkIndexStructure, findStructureFacts, STRUCTURE_RULES, type IndexProblemCode } from '../../src/artifact/index-check.js';
import { checkIndexStructure as spanCheck } from '../../src/span/index-structure.js';

/**
 * One set of structure checks, two readers: `validate`/`index` and `upgrade-check`. Where they differ
 * the difference is a severity in STRUCTURE_RULES; these cases pin each deliberate difference.
 */
const entry = indexEntry;

const at = (index: ReleaseSafetyIndex, position: number): IndexEntry => index.entries[position]!;

describe('index structure: one set of checks, a severity per reader', () => {
  it.each<[string, (index: ReleaseSafetyIndex) => void, Array<[IndexProblemCode, 'error' | 'warning']>, string[]]>([
    // A gap: validate warns; upgrade-check can use the index (span rule 6 makes spans across it unsafe).
    ['a chain gap', (i) => (at(i, 2).previousVersion = '1.1.5'), [['previous-version-gap', 'warning']], []],
    ['a broken chain', (i) => (at(i, 2).previousVersion = '1.0.0'), [['previous-version-mismatch', 'error']], []],
    ['a date going backwards', (i) => (at(i, 2).releaseDate = '2025-01-01T00:00:00Z'), [['release-date-decreasing', 'warning']], []],
    ['a floor entry not listing itself', (i) => (at(i, 0).requiredStops = []), [['floor-stop-missing', 'error']], []],
    [
      'a previousVersion newer than its entry',
      (i) => (at(i, 1).previousVersion = '1.5.0'),
      [['previous-version-mismatch', 'error']],
      ['/entries/1 (1.1.0): previousVersion 1.5.0 is not older than the entry itself'],
    ],
    [
      'an entry below the floor',
      (i) => i.entries.unshift(entry('0.9.0', null, 1)),
      [['entry-below-floor', 'error']],
      ['the first entry is 0.9.0, not the floor 1.0.0'],
    ],
    [
      'swapped entries',
      (i) => i.entries.splice(1, 2, at(i, 2), at(i, 1)),
      [
        ['previous-version-mismatch', 'error'],
        ['entries-out-of-order', 'error'],
        ['previous-version-mismatch', 'error'],
        ['release-date-decreasing', 'warning'],
      ],
      ['/entries/2 (1.1.0): entries are not sorted oldest first (1.2.0 comes before 1.1.0)'],
    ],
    ['an empty index', (i) => (i.entries = []), [['floor-entry-missing', 'error']], ['the index has no entries']],
  ])('%s', (_name, mutate, validateProblems, spanProblems) => {
    const index = goodIndex();
    mutate(index);
    expect(checkIndexStructure(index).map((problem) => [problem.code, problem.level])).toEqual(validateProblems);
    expect(spanCheck(index)).toEqual(spanProblems);
  });

  it('accepts a consistent index for both readers', () => {
    expect(findStructureFacts(goodIndex())).toEqual([]);
    expect(spanCheck(goodIndex())).toEqual([]);
  });

  it('every fact upgrade-check refuses is at least as serious for validate, or covered by another error there', () => {
    const coveredInValidate: Partial<Record<IndexProblemCode, IndexProblemCode>> = {
      'index-empty': 'floor-entry-missing',
      'first-entry-not-floor': 'entry-below-floor',
      'previous-version-not-older': 'previous-version-mismatch',
    };
    for (const [code, rule] of Object.entries(STRUCTURE_RULES) as Array<[IndexProblemCode, (typeof STRUCTURE_RULES)[IndexProblemCode]]>) {
      if (rule.span !== 'error') continue;
      const stand = coveredInValidate[code];
      expect(stand === undefined ? rule.validate : STRUCTURE_RULES[stand].validate, code).toBe('error');
    }
  });

  it('caps upgrade-check at 10 lines with a count of the rest', () => {
    const index = goodIndex();
    for (const item of index.entries) item.requiredStops.push('not-a-version', 'nor-this', 'x', 'y');
    const lines = spanCheck(index);
    expect(lines).toHaveLength(11);
    expect(lines[10]).toBe('… and 2 more');
  });
});
