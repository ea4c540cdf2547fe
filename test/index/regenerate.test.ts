import { describe, expect, it } from 'vitest';
import { regenerateIndex } from '../../src/index/regenerate.js';
import type { ArtifactSource, RegenerateInput } from '../../src/index/regenerate.js';
import { serializeIndex } from '../../src/index/entries.js';
import { validateIndex } from '../../src/artifact/validate.js';
import type { IndexEntry, ReleaseSafetyIndex } from '../../src/artifact/types.js';
import { makeArtifact } from './artifacts.js';

const generatedAt = '2026-02-01T00:00:00.000Z';

function source(version: string, previousVersion: string | null, extra: Parameters<typeof makeArtifact>[2] = {}, retroactive = false): ArtifactSource {
  return { file: `artifacts/${version}.json`, artifact: makeArtifact(version, previousVersion, extra), retroactive };
}

function byVersion(index: ReleaseSafetyIndex, version: string): IndexEntry {
  const entry = index.entries.find((candidate) => candidate.version === version);
  if (!entry) throw new Error(`no entry ${version}`);
  return entry;
}

function tag(version: string, day: number) {
  return { version, date: `2026-01-${String(day).padStart(2, '0')}T00:00:00Z` };
}

describe('regenerateIndex', () => {
  it('orders entries numerically, takes every field from the artifact and marks only the floor', () => {
    const { index, report } = regenerateIndex({
      artifacts: [source('1.10.0', '1.9.0', { requiredStops: ['1.9.0'], minPreviousVersion: '1.9.0' }), source('1.9.0', '1.2.0', { safe: false })],
      generatedAt,
    });
    expect(index.entries.map((entry) => entry.version)).toEqual(['1.9.0', '1.10.0']);
    expect(index.backfillFloorVersion).toBe('1.9.0');
    expect(report.floorSource).toBe('oldest-input');
    expect(index.entries[0]).toEqual({
      version: '1.9.0',
      previousVersion: '1.2.0',
      releaseDate: '2026-01-01T00:00:00Z',
      rollingUpdateSafe: false,
      requiredStops: ['1.9.0'],
      minPreviousVersion: null,
      backfilled: false,
      syntheticRequiredStop: true,
    });
    expect(byVersion(index, '1.10.0')).toMatchObject({
      requiredStops: ['1.9.0'],
      minPreviousVersion: '1.9.0',
      syntheticRequiredStop: false,
      rollingUpdateSafe: true,
    });
    expect(validateIndex(index)).toEqual({ valid: true, errors: [] });
    expect(report.problems).toEqual([]);
  });

  it('gives the same bytes for the same inputs, whatever their order', () => {
    const artifacts = [source('1.0.0', null), source('1.1.0', '1.0.0'), source('1.2.0', '1.1.0', { safe: 'unknown' })];
    const one = serializeIndex(regenerateIndex({ artifacts, generatedAt }).index);
    const two = serializeIndex(regenerateIndex({ artifacts: [...artifacts].reverse(), generatedAt }).index);
    expect(two).toBe(one);
    expect(one.endsWith('}\n')).toBe(true);
  });

  it('keeps existing entries no artifact explains, and lets artifacts replace theirs', () => {
    const first = regenerateIndex({ artifacts: [source('1.0.0', null), source('1.1.0', '1.0.0'), source('1.2.0', '1.1.0')], generatedAt }).index;
    const { index, report } = regenerateIndex({
      artifacts: [source('1.0.0', null), source('1.2.0', '1.1.0', { safe: false })],
      existingIndex: first,
      generatedAt,
    });
    expect(index.entries.map((entry) => entry.version)).toEqual(['1.0.0', '1.1.0', '1.2.0']);
    expect(report.keptUnexplained).toEqual(['1.1.0']);
    expect(report.updatedFromArtifacts).toEqual(['1.2.0']);
    expect(byVersion(index, '1.2.0').rollingUpdateSafe).toBe(false);
    expect(byVersion(index, '1.1.0')).toEqual(byVersion(first, '1.1.0'));
  });

  it('backfills a release tag between two artifacts, from the tag order and date, and nothing past the newest artifact', () => {
    const tags = [tag('0.9.0', 1), tag('1.0.0', 2), tag('1.1.0', 3), tag('1.2.0', 4), tag('1.3.0', 5)];
    const artifacts = [source('1.0.0', '0.9.0', { date: '2026-01-02T00:00:00Z' }), source('1.2.0', '1.1.0', { date: '2026-01-04T00:00:00Z' })];
    const { index, report } = regenerateIndex({ artifacts, tags, floor: '1.0.0', generatedAt });
    expect(index.entries.map((entry) => entry.version)).toEqual(['1.0.0', '1.1.0', '1.2.0']);
    expect(byVersion(index, '1.1.0')).toEqual({
      version: '1.1.0',
      previousVersion: '1.0.0',
      releaseDate: '2026-01-03T00:00:00Z',
      rollingUpdateSafe: 'unknown',
      requiredStops: [],
      minPreviousVersion: null,
      backfilled: true,
      syntheticRequiredStop: false,
    });
    expect(report.backfilled).toEqual(['1.1.0']);
    expect(report.problems).toEqual([]);
  });

  it('builds the floor entry from its tag when it has no artifact, naming the release before it', () => {
    const tags = [tag('0.9.0', 1), tag('1.0.0', 2), tag('1.1.0', 3)];
    const { index } = regenerateIndex({ artifacts: [source('1.1.0', '1.0.0')], tags, floor: '1.0.0', generatedAt });
    expect(index.entries[0]).toMatchObject({
      version: '1.0.0',
      previousVersion: '0.9.0',
      backfilled: true,
      syntheticRequiredStop: true,
      requiredStops: ['1.0.0'],
    });
    expect(index.entries.filter((entry) => entry.syntheticRequiredStop)).toHaveLength(1);
  });

  it('defaults the floor to the oldest tag when there is no index, and to the existing floor when there is', () => {
    const tags = [tag('0.9.0', 1), tag('1.0.0', 2)];
    const fromTags = regenerateIndex({ artifacts: [source('1.0.0', '0.9.0')], tags, generatedAt });
    expect(fromTags.index.backfillFloorVersion).toBe('0.9.0');
    expect(fromTags.index.entries[0]).toMatchObject({ version: '0.9.0', previousVersion: null, syntheticRequiredStop: true });
    const again = regenerateIndex({ artifacts: [source('1.1.0', '1.0.0')], existingIndex: fromTags.index, generatedAt });
    expect(again.report.floorSource).toBe('existing-index');
    expect(again.index.backfillFloorVersion).toBe('0.9.0');
  });

  it('raising the floor leaves older entries out (reported) and moves the synthetic stop', () => {
    const first = regenerateIndex({ artifacts: [source('1.0.0', null), source('1.1.0', '1.0.0'), source('1.2.0', '1.1.0')], generatedAt }).index;
    const { index, report } = regenerateIndex({ artifacts: [], existingIndex: first, floor: '1.1.0', generatedAt });
    expect(index.entries.map((entry) => [entry.version, entry.syntheticRequiredStop, entry.requiredStops])).toEqual([
      ['1.1.0', true, ['1.1.0']],
      ['1.2.0', false, []],
    ]);
    expect(report.belowFloor).toEqual(['1.0.0']);
    const lowered = regenerateIndex({ artifacts: [source('0.9.0', null)], existingIndex: index, floor: '0.9.0', generatedAt });
    expect(lowered.report.unfloored).toEqual(['1.1.0']);
    expect(byVersion(lowered.index, '1.1.0')).toMatchObject({ syntheticRequiredStop: false, requiredStops: [] });
  });

  it('marks entries of retroactive artifacts as backfilled but keeps their verdict', () => {
    const { index } = regenerateIndex({ artifacts: [source('1.0.0', null), source('1.1.0', '1.0.0', { safe: false }, true)], generatedAt });
    expect(byVersion(index, '1.1.0')).toMatchObject({ backfilled: true, rollingUpdateSafe: false });
    expect(byVersion(index, '1.0.0').backfilled).toBe(false);
  });

  it.each<[string, RegenerateInput, RegExp]>([
    ['a floor nothing explains', { artifacts: [source('1.1.0', '1.0.0')], floor: '1.0.0', generatedAt }, /floor 1\.0\.0 has no artifact/],
    [
      'two artifacts of one version',
      { artifacts: [source('1.0.0', null), { ...source('1.0.0', null), file: 'other.json' }], generatedAt },
      /both describe 1\.0\.0/,
    ],
    ['no input at all', { artifacts: [], generatedAt }, /nothing to index/],
    ['a floor that is not a version', { artifacts: [source('1.0.0', null)], floor: 'v1', generatedAt }, /--floor "v1" is not a release version/],
  ])('refuses %s', (_name, input, message) => {
    expect(() => regenerateIndex(input)).toThrow(message);
  });

  it('reports an artifact whose previousVersion breaks the chain', () => {
    const { report } = regenerateIndex({ artifacts: [source('1.0.0', null), source('1.1.0', '1.0.0'), source('1.2.0', '1.0.0')], generatedAt });
    expect(report.problems).toEqual([
      { code: 'previous-version-mismatch', level: 'error', version: '1.2.0', message: '1.2.0 names previousVersion 1.0.0 but the entry before is 1.1.0' },
    ]);
  });
});
