import { InputError } from '../core/errors.js';
import { compareVersions, requireVersion } from '../core/version.js';

/**
 * Which pairs a backfill compares: every consecutive pair of release tags from `--from` to `--to`
 * (numeric version order; pre-releases and other tags never reach here). Pure.
 */
export interface PlannedTag {
  /** Tag name as written (`v1.2.3`). */
  tag: string;
  /** Canonical version (`1.2.3`). */
  version: string;
  commit: string;
  /** Committer date of the tagged commit (ISO 8601). */
  date: string;
}

export interface BackfillPair {
  base: PlannedTag;
  head: PlannedTag;
  /** Why the base is not the numeric predecessor (backfill-ancestry.ts), shown in the report. */
  note?: string;
}

/** `tags` must hold one tag per version (see `chooseReleaseTags`). */
export function planBackfillPairs(tags: readonly PlannedTag[], from: string, to: string): BackfillPair[] {
  const inRange = releaseTagsInRange(tags, from, to);
  return inRange.slice(1).map((head, position) => ({ base: inRange[position]!, head }));
}

/** The tags from `from` to `to` (both required to exist), oldest first by version. */
export function releaseTagsInRange(tags: readonly PlannedTag[], from: string, to: string): PlannedTag[] {
  const fromVersion = requireVersion(from, '--from');
  const toVersion = requireVersion(to, '--to');
  if (compareVersions(fromVersion, toVersion) >= 0) throw new InputError(`--from ${from} must be older than --to ${to}`);
  const sorted = [...tags].sort((a, b) => compareVersions(requireVersion(a.version), requireVersion(b.version)));
  const inRange = sorted.filter((tag) => {
    const version = requireVersion(tag.version);
    return compareVersions(version, fromVersion) >= 0 && compareVersions(version, toVersion) <= 0;
  });
  for (const [flag, wanted] of [
    ['--from', fromVersion.text],
    ['--to', toVersion.text],
  ] as const) {
    if (!inRange.some((tag) => tag.version === wanted)) throw new InputError(`${flag} ${wanted}: no release tag ${wanted} (or v${wanted}) in the repository`);
  }
  return inRange;
}
