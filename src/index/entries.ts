import { parseVersion, compareVersions } from '../core/version.js';
import type { IndexEntry, ReleaseSafetyArtifact, ReleaseSafetyIndex } from '../artifact/types.js';
import { compareText } from '../core/compare-text.js';

/**
 * Index entries and their canonical form. An entry's fields come from its artifact (the source of
 * truth); a release tag without an artifact gets a conservative backfilled entry.
 */

/** A release tag as the index needs it: canonical version text and the tag commit's date. */
export interface ReleaseTagInfo {
  version: string;
  /** ISO 8601 date-time of the tag's commit. */
  date: string;
}

/** Sorts version texts numerically; texts that are not release versions sort after, by text. */
export function compareVersionLabels(a: string, b: string): number {
  const va = parseVersion(a);
  const vb = parseVersion(b);
  if (va && vb) return compareVersions(va, vb);
  if (va) return -1;
  if (vb) return 1;
  return compareText(a, b);
}

/** Unique, numerically sorted required stops (the artifact's order carries no meaning). */
export function normaliseStops(stops: readonly string[]): string[] {
  return [...new Set(stops)].sort(compareVersionLabels);
}

/**
 * The index entry of one artifact. `retroactive` marks an artifact written by `backfill`
 * (its sidecar report says so): the contract's `backfilled: true` means "generated retroactively".
 */
export function entryFromArtifact(artifact: ReleaseSafetyArtifact, retroactive: boolean): IndexEntry {
  return {
    version: artifact.version,
    previousVersion: artifact.previousVersion,
    releaseDate: artifact.releaseDate,
    rollingUpdateSafe: artifact.compatibility.rollingUpdateSafe,
    requiredStops: normaliseStops(artifact.upgrade.requiredStops),
    minPreviousVersion: artifact.upgrade.minPreviousVersion,
    backfilled: retroactive,
    syntheticRequiredStop: false,
  };
}

/** A release tag without an artifact: nothing was proven, so the verdict is `unknown`. */
export function backfilledEntry(tag: ReleaseTagInfo, previousVersion: string | null): IndexEntry {
  return {
    version: tag.version,
    previousVersion,
    releaseDate: tag.date,
    rollingUpdateSafe: 'unknown',
    requiredStops: [],
    minPreviousVersion: null,
    backfilled: true,
    syntheticRequiredStop: false,
  };
}

/** The same entry with its keys in contract order (so output bytes never depend on input key order). */
export function canonicalEntry(entry: IndexEntry): IndexEntry {
  return {
    version: entry.version,
    previousVersion: entry.previousVersion,
    releaseDate: entry.releaseDate,
    rollingUpdateSafe: entry.rollingUpdateSafe,
    requiredStops: [...entry.requiredStops],
    minPreviousVersion: entry.minPreviousVersion,
    backfilled: entry.backfilled,
    syntheticRequiredStop: entry.syntheticRequiredStop,
  };
}

/** The file text of an index: canonical key order, two-space indent, final newline. */
export function serializeIndex(index: ReleaseSafetyIndex): string {
  const canonical: ReleaseSafetyIndex = {
    schemaVersion: index.schemaVersion,
    generatedAt: index.generatedAt,
    backfillFloorVersion: index.backfillFloorVersion,
    entries: index.entries.map(canonicalEntry),
  };
  return `${JSON.stringify(canonical, null, 2)}\n`;
}

/** Git gives `2026-01-01T10:00:00+00:00`; the index writes UTC with a `Z`, whole seconds as git keeps them. */
export function isoDateFromGit(date: string): string {
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) throw new Error(`tag date "${date}" is not a date`);
  return parsed.toISOString().replace(/\.000Z$/, 'Z');
}
