import type { IndexEntry, ReleaseSafetyIndex } from '../../src/artifact/types.js';

/** Index entries for structure tests: only the fields the checks read vary. */
export function indexEntry(version: string, previousVersion: string | null, day: number, extra: Partial<IndexEntry> = {}): IndexEntry {
  return {
    version,
    previousVersion,
    releaseDate: `2026-01-${String(day).padStart(2, '0')}T00:00:00Z`,
    rollingUpdateSafe: 'unknown',
    requiredStops: [],
    minPreviousVersion: null,
    backfilled: true,
    syntheticRequiredStop: false,
    ...extra,
  };
}

/** Floor 1.0.0, then 1.1.0 and 1.2.0: structurally sound. */
export function goodIndex(): ReleaseSafetyIndex {
  return {
    schemaVersion: '1',
    generatedAt: '2026-02-01T00:00:00Z',
    backfillFloorVersion: '1.0.0',
    entries: [
      indexEntry('1.0.0', '0.9.0', 1, { requiredStops: ['1.0.0'], syntheticRequiredStop: true }),
      indexEntry('1.1.0', '1.0.0', 2),
      indexEntry('1.2.0', '1.1.0', 3),
    ],
  };
}
