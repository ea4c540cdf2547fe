import { describe, expect, it } from 'vitest';
import { evaluateSpan } from '../../src/span/evaluate.js';
import { checkIndexStructure } from '../../src/span/index-structure.js';
import { SPAN_REASONS } from '../../src/span/reasons.js';
import type { SpanVerdict } from '../../src/span/types.js';
import { syntheticIndex, type EntrySpec } from './synthetic-index.js';

/** Floor 1.0.0 then releases 1.1.0 … 1.9.0; each case overrides the entries it is about. */
function index(
  overrides: Record<string, Partial<EntrySpec & object>> = {},
  versions = ['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0', '1.5.0', '1.6.0', '1.7.0', '1.8.0', '1.9.0'],
) {
  return syntheticIndex(versions.map((version) => ({ version, ...overrides[version] })));
}

function verdictOf(spanIndex: ReturnType<typeof index>, from: string, to: string): SpanVerdict {
  const evaluation = evaluateSpan(spanIndex, from, to);
  if (!evaluation.evaluable) throw new Error(`expected an evaluable span, got: ${evaluation.problem}`);
  return evaluation.verdict;
}

interface SpanCase {
  name: string;
  overrides?: Record<string, Partial<EntrySpec & object>>;
  versions?: string[];
  from: string;
  to: string;
  expected: Partial<SpanVerdict>;
  /** Each reason line must start with one of these, in order. */
  reasons: string[];
}

const cases: SpanCase[] = [
  {
    name: 'all releases true: SAFE',
    from: '1.2.0',
    to: '1.5.0',
    expected: {
      direction: 'upgrade',
      safe: true,
      verdict: 'SAFE',
      coveredVersions: ['1.3.0', '1.4.0', '1.5.0'],
      requiredStops: [],
      recommendedStrategy: 'RollingUpdate',
    },
    reasons: [],
  },
  {
    name: 'rule 1: a false release makes the span UNSAFE',
    overrides: { '1.4.0': { rollingUpdateSafe: false } },
    from: '1.2.0',
    to: '1.5.0',
    expected: { safe: false, verdict: 'UNSAFE', unsafeVersions: ['1.4.0'], unknownVersions: [], recommendedStrategy: 'Recreate' },
    reasons: ['span rule 1: rollingUpdateSafe is false for 1.4.0'],
  },
  {
    name: 'rule 1: an unknown release counts exactly like false',
    overrides: { '1.5.0': { rollingUpdateSafe: 'unknown' } },
    from: '1.2.0',
    to: '1.5.0',
    expected: { safe: false, unsafeVersions: [], unknownVersions: ['1.5.0'] },
    reasons: ['span rule 1: rollingUpdateSafe is unknown (treated as false) for 1.5.0'],
  },
  {
    name: 'rule 1: the release equal to from is not in the span',
    overrides: { '1.2.0': { rollingUpdateSafe: false } },
    from: '1.2.0',
    to: '1.4.0',
    expected: { safe: true, coveredVersions: ['1.3.0', '1.4.0'] },
    reasons: [],
  },
  {
    name: 'rule 2: a required stop strictly inside the span is a hard stop',
    overrides: { '1.6.0': { requiredStops: ['1.4.0'] } },
    from: '1.2.0',
    to: '1.7.0',
    expected: { safe: false, requiredStops: ['1.4.0'], unsafeVersions: [], unknownVersions: [] },
    reasons: ['span rule 2: 1.4.0 is a required stop (listed by 1.6.0)'],
  },
  {
    name: 'rule 2: a stop equal to the target is just the target',
    overrides: { '1.5.0': { requiredStops: ['1.5.0'] } },
    from: '1.2.0',
    to: '1.5.0',
    expected: { safe: true, requiredStops: [] },
    reasons: [],
  },
  {
    name: 'rule 2: a stop at or before from was already passed',
    overrides: { '1.5.0': { requiredStops: ['1.2.0', '1.1.0'] } },
    from: '1.2.0',
    to: '1.5.0',
    expected: { safe: true, requiredStops: [] },
    reasons: [],
  },
  {
    name: 'rule 2: a stop listed by several releases is one stop naming all of them',
    overrides: { '1.5.0': { requiredStops: ['1.4.0'] }, '1.6.0': { requiredStops: ['1.4.0'] } },
    from: '1.2.0',
    to: '1.7.0',
    expected: { safe: false, requiredStops: ['1.4.0'] },
    reasons: ['span rule 2: 1.4.0 is a required stop (listed by 1.5.0, 1.6.0)'],
  },
  {
    name: 'rule 6: a listed stop that is not an index entry cannot be checked',
    overrides: { '1.6.0': { requiredStops: ['1.3.5'] } },
    from: '1.2.0',
    to: '1.7.0',
    expected: { safe: false, requiredStops: ['1.3.5'], missingRanges: [] },
    reasons: ['span rule 2: 1.3.5 is a required stop (listed by 1.6.0)', 'span rule 6: 1.3.5 is on the upgrade path but absent from the index'],
  },
  {
    name: 'rule 3: from older than the target minPreviousVersion makes it a required stop',
    overrides: { '1.6.0': { minPreviousVersion: '1.3.0' } },
    from: '1.2.0',
    to: '1.6.0',
    expected: { safe: false, requiredStops: ['1.3.0'], minPreviousVersion: '1.3.0' },
    reasons: ['span rule 3: 1.6.0 may only be reached directly from 1.3.0 or later, and 1.2.0 is older: 1.3.0 is a required stop'],
  },
  {
    name: 'rule 3: from at the target minPreviousVersion jumps directly',
    overrides: { '1.6.0': { minPreviousVersion: '1.2.0' } },
    from: '1.2.0',
    to: '1.6.0',
    expected: { safe: true, requiredStops: [], minPreviousVersion: '1.2.0' },
    reasons: [],
  },
  {
    name: 'rule 3: each leg is checked against its own target (chained floors)',
    overrides: { '1.8.0': { minPreviousVersion: '1.5.0' }, '1.5.0': { minPreviousVersion: '1.3.0' } },
    from: '1.1.0',
    to: '1.8.0',
    expected: { safe: false, requiredStops: ['1.3.0', '1.5.0'] },
    reasons: ['span rule 3: 1.8.0 may only', 'span rule 3: 1.5.0 may only be reached directly from 1.3.0 or later, and 1.1.0 is older'],
  },
  {
    name: 'rule 3: a leg after a listed stop is checked too',
    overrides: { '1.7.0': { requiredStops: ['1.3.0'] }, '1.8.0': { minPreviousVersion: '1.5.0' } },
    from: '1.1.0',
    to: '1.8.0',
    expected: { safe: false, requiredStops: ['1.3.0', '1.5.0'] },
    reasons: [
      'span rule 2: 1.3.0 is a required stop (listed by 1.7.0)',
      'span rule 3: 1.8.0 may only be reached directly from 1.5.0 or later, and 1.3.0 is older',
    ],
  },
  {
    name: 'rule 3: a minimum that is not older than its release cannot be met',
    overrides: { '1.5.0': { minPreviousVersion: '1.5.0' } },
    from: '1.2.0',
    to: '1.5.0',
    expected: { safe: false, requiredStops: [] },
    reasons: ['span rule 3: 1.5.0 names 1.5.0 as its minimum previous version, which is not older than 1.5.0 itself'],
  },
  {
    name: 'rule 4: from below the floor stops at the floor; from need not be in the index',
    overrides: { '1.0.0': { rollingUpdateSafe: true, backfilled: false } },
    from: '0.5.0',
    to: '1.3.0',
    expected: { safe: false, requiredStops: ['1.0.0'], coveredVersions: ['1.0.0', '1.1.0', '1.2.0', '1.3.0'] },
    reasons: ['span rule 2: 1.0.0 is a required stop (listed by 1.0.0)', 'span rule 4: 0.5.0 is older than the index floor 1.0.0'],
  },
  {
    name: 'rule 4: from below the floor to the floor itself is still not proven (pre-floor releases uncovered)',
    overrides: { '1.0.0': { rollingUpdateSafe: true, backfilled: false } },
    from: '0.5.0',
    to: '1.0.0',
    expected: { safe: false, requiredStops: [], coveredVersions: ['1.0.0'] },
    reasons: ['span rule 4: 0.5.0 is older than the index floor 1.0.0'],
  },
  {
    name: 'rule 5: a backfilled release needs Recreate even when it says true',
    overrides: { '1.4.0': { backfilled: true } },
    from: '1.2.0',
    to: '1.5.0',
    expected: { safe: false, unsafeVersions: [], unknownVersions: [], recommendedStrategy: 'Recreate' },
    reasons: ['span rule 5: backfilled (generated retroactively) and needing Recreate: 1.4.0'],
  },
  {
    name: 'rule 6: a gap inside the span is missing coverage',
    overrides: { '1.4.0': { previousVersion: '1.3.5' } },
    from: '1.2.0',
    to: '1.5.0',
    expected: { safe: false, missingRanges: [{ after: '1.3.0', before: '1.4.0', previousVersionOfBefore: '1.3.5' }] },
    reasons: ['span rule 6: the index has no entry between 1.3.0 and 1.4.0, although 1.4.0 names 1.3.5 as its previous release'],
  },
  {
    name: 'rule 6: a gap right after from counts',
    overrides: { '1.3.0': { previousVersion: null } },
    from: '1.2.0',
    to: '1.3.0',
    expected: { safe: false, missingRanges: [{ after: '1.2.0', before: '1.3.0', previousVersionOfBefore: null }] },
    reasons: ['span rule 6: the index has no entry between 1.2.0 and 1.3.0, although 1.3.0 names null'],
  },
  {
    name: 'rule 6: a gap outside the span does not matter',
    overrides: { '1.8.0': { previousVersion: '1.7.5' } },
    from: '1.2.0',
    to: '1.5.0',
    expected: { safe: true, missingRanges: [] },
    reasons: [],
  },
  {
    name: 'downgrade: never SAFE, lists the releases undone',
    from: '1.5.0',
    to: '1.2.0',
    expected: {
      direction: 'downgrade',
      safe: false,
      verdict: 'UNSAFE',
      coveredVersions: ['1.3.0', '1.4.0', '1.5.0'],
      requiredStops: [],
      recommendedStrategy: 'Recreate',
    },
    reasons: ['direction: downgrade from 1.5.0 to 1.2.0: database migrations do not run backwards'],
  },
  {
    name: 'same version: nothing to roll, not SAFE',
    from: '1.4.0',
    to: '1.4.0',
    expected: { direction: 'none', safe: false, verdict: 'UNSAFE', coveredVersions: [] },
    reasons: ['direction: from and to are the same version (1.4.0)'],
  },
  {
    name: 'numeric order: 0.3487.0 < 1.0.0 (no lexical surprises)',
    versions: ['0.9.0', '0.10.0', '0.3487.0', '1.0.0'],
    from: '0.9.0',
    to: '1.0.0',
    expected: { direction: 'upgrade', safe: true, coveredVersions: ['0.10.0', '0.3487.0', '1.0.0'] },
    reasons: [],
  },
];

describe('span rules (contract.md, Versioning 1–6)', () => {
  it.each(cases)('$name', ({ overrides, versions, from, to, expected, reasons }) => {
    const spanVerdict = verdictOf(index(overrides, versions), from, to);
    expect(spanVerdict).toMatchObject(expected);
    expect(spanVerdict.reasons).toHaveLength(reasons.length);
    spanVerdict.reasons.forEach((line, position) => expect(line.startsWith(reasons[position] ?? '<none>'), line).toBe(true));
    // The verdict's invariants, whatever the case.
    expect(spanVerdict.safe).toBe(spanVerdict.reasons.length === 0);
    expect(spanVerdict.verdict).toBe(spanVerdict.safe ? 'SAFE' : 'UNSAFE');
    expect(spanVerdict.recommendedStrategy).toBe(spanVerdict.safe ? 'RollingUpdate' : 'Recreate');
  });

  it('aggregates long version lists in one reason line with an overflow count', () => {
    const versions = ['1.0.0', ...Array.from({ length: 14 }, (_, minor) => `1.${minor + 1}.0`)];
    const overrides = Object.fromEntries(versions.slice(1).map((version) => [version, { rollingUpdateSafe: 'unknown' as const }]));
    const spanVerdict = verdictOf(index(overrides, versions), '1.0.0', '1.14.0');
    expect(spanVerdict.reasons).toEqual([
      'span rule 1: rollingUpdateSafe is unknown (treated as false) for 14 releases: 1.1.0, 1.2.0, 1.3.0, 1.4.0, 1.5.0, 1.6.0, 1.7.0, 1.8.0, 1.9.0, 1.10.0 … and 4 more',
    ]);
    expect(spanVerdict.unknownVersions).toHaveLength(14);
  });

  it('every span reason in the catalogue has a unique id and names a rule', () => {
    const ids = SPAN_REASONS.map((reason) => reason.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const reason of SPAN_REASONS) expect(reason.rule === 'direction' || (reason.rule >= 1 && reason.rule <= 6)).toBe(true);
  });
});

describe('spans that cannot be evaluated (exit 2)', () => {
  it.each([
    ['from absent above the floor', '1.2.5', '1.5.0', 'from version 1.2.5 is not in the index (it covers 1.0.0 to 1.9.0)'],
    ['to absent above the floor', '1.2.0', '1.4.5', 'to version 1.4.5 is not in the index'],
    ['to newer than the index', '1.2.0', '2.0.0', 'to version 2.0.0 is newer than the newest release in the index (1.9.0)'],
    ['to below the floor', '0.1.0', '0.5.0', 'to version 0.5.0 is older than the index floor 1.0.0'],
    ['downgrade to below the floor', '1.2.0', '0.5.0', 'to version 0.5.0 is older than the index floor 1.0.0'],
    ['same version, absent', '1.2.5', '1.2.5', 'to version 1.2.5 is not in the index'],
    ['bad version text', '1.2', '1.5.0', 'from "1.2" is not a release version'],
  ])('%s', (_name, from, to, problem) => {
    const evaluation = evaluateSpan(index(), from, to);
    expect(evaluation.evaluable).toBe(false);
    if (!evaluation.evaluable) expect(evaluation.problem).toContain(problem);
  });
});

describe('index structure checks', () => {
  it('accepts a well-formed index', () => expect(checkIndexStructure(index())).toEqual([]));

  it.each([
    ['duplicate versions', ['1.0.0', '1.1.0', '1.1.0'], '/entries/2 (1.1.0): version 1.1.0 appears more than once'],
    ['unsorted entries', ['1.0.0', '1.2.0', '1.1.0'], '/entries/2 (1.1.0): entries are not sorted oldest first (1.2.0 comes before 1.1.0)'],
    ['floor not first', ['1.1.0', '1.0.0'], 'entries are not sorted oldest first'],
  ])('rejects %s', (_name, versions, problem) => {
    expect(checkIndexStructure(syntheticIndex(versions)).join('\n')).toContain(problem);
  });

  it('rejects a floor entry without syntheticRequiredStop, a second synthetic stop, and a backward previousVersion', () => {
    const broken = syntheticIndex([
      { version: '1.0.0', syntheticRequiredStop: false },
      { version: '1.1.0', syntheticRequiredStop: true },
      { version: '1.2.0', previousVersion: '1.3.0' },
    ]);
    expect(checkIndexStructure(broken)).toEqual([
      'the floor entry 1.0.0 does not carry syntheticRequiredStop: true',
      '/entries/1 (1.1.0): syntheticRequiredStop is true on an entry other than the floor',
      '/entries/2 (1.2.0): previousVersion 1.3.0 is not older than the entry itself',
    ]);
  });

  it('rejects a floor version that is not the first entry and an empty index', () => {
    expect(checkIndexStructure({ ...index(), backfillFloorVersion: '1.1.0' })).toContain('the first entry is 1.0.0, not the floor 1.1.0');
    expect(checkIndexStructure({ ...index(), entries: [] })).toEqual(['the index has no entries']);
  });

  it('evaluateSpan refuses an index with structural problems', () => {
    const evaluation = evaluateSpan(syntheticIndex(['1.0.0', '1.2.0', '1.1.0']), '1.0.0', '1.2.0');
    expect(evaluation).toMatchObject({ evaluable: false });
    if (!evaluation.evaluable) expect(evaluation.problem).toMatch(/^the index is not usable: .*not sorted/);
  });
});
