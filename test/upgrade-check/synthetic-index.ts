import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IndexEntry, ReleaseSafetyIndex } from '../../src/artifact/types.js';

export type EntrySpec = string | (Partial<IndexEntry> & { version: string });

/**
 * A small index for tests: entries oldest first, each `previousVersion` chained to the entry before
 * (unless given), every release proven safe and not backfilled unless said otherwise. The first entry
 * is the floor and looks like the real one: lists itself as a required stop, backfilled, unknown.
 */
export function syntheticIndex(specs: readonly EntrySpec[]): ReleaseSafetyIndex {
  const entries: IndexEntry[] = [];
  specs.forEach((spec, position) => {
    const given = typeof spec === 'string' ? { version: spec } : spec;
    const isFloor = position === 0;
    entries.push({
      previousVersion: entries[position - 1]?.version ?? '0.0.1',
      releaseDate: new Date(Date.UTC(2025, 0, 1 + position)).toISOString(),
      rollingUpdateSafe: isFloor ? 'unknown' : true,
      requiredStops: isFloor ? [given.version] : [],
      minPreviousVersion: null,
      backfilled: isFloor,
      syntheticRequiredStop: isFloor,
      ...given,
      version: given.version,
    });
  });
  return { schemaVersion: '1', generatedAt: '2025-06-01T00:00:00.000Z', backfillFloorVersion: entries[0]?.version ?? '1.0.0', entries };
}

/** Writes JSON into a fresh temporary folder and returns the file path. */
export function writeTempJson(data: unknown, name = 'index.json'): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'rs-upgrade-check-'));
  const file = path.join(directory, name);
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data));
  return file;
}
