import { compareVersions, parseVersion } from '../core/version.js';
import type { ReleaseSafetyIndex } from '../artifact/types.js';

/**
 * Structural checks of an index beyond its JSON Schema: the things a span check relies on.
 * Pure; `validate` prints them, `index` reports them for the index it is about to write.
 *
 * Errors make the index invalid. Warnings are facts an operator should know but that cannot make a
 * span look safer than it is: a chain gap (releases missing between two entries: a span across it
 * names a version the index does not cover, which rule 6 already treats as unsafe) and a release date
 * that goes backwards (dates play no part in the span rules).
 */

export type IndexProblemCode =
  | 'version-not-release'
  | 'entries-out-of-order'
  | 'version-repeated'
  | 'previous-version-mismatch'
  | 'previous-version-gap'
  | 'floor-entry-missing'
  | 'entry-below-floor'
  | 'floor-not-synthetic-stop'
  | 'floor-stop-missing'
  | 'synthetic-stop-not-on-floor'
  | 'release-date-decreasing';

export interface IndexProblem {
  code: IndexProblemCode;
  level: 'error' | 'warning';
  /** The entry the problem is about (absent for whole-index problems). */
  version?: string;
  message: string;
}

const WARNING_CODES: ReadonlySet<IndexProblemCode> = new Set(['previous-version-gap', 'release-date-decreasing']);

function problem(code: IndexProblemCode, message: string, version?: string): IndexProblem {
  return { code, level: WARNING_CODES.has(code) ? 'warning' : 'error', ...(version === undefined ? {} : { version }), message };
}

export function checkIndexStructure(index: ReleaseSafetyIndex): IndexProblem[] {
  const problems: IndexProblem[] = [];
  const { entries } = index;
  const listed = new Set(entries.map((entry) => entry.version));
  const floor = parseVersion(index.backfillFloorVersion);
  if (!floor) {
    problems.push(problem('version-not-release', `backfillFloorVersion "${index.backfillFloorVersion}" is not a release version`));
  }

  const seen = new Set<string>();
  let floorEntrySeen = false;
  entries.forEach((entry, position) => {
    const version = parseVersion(entry.version);
    if (!version || version.text !== entry.version) {
      problems.push(problem('version-not-release', `entry ${position + 1}: version "${entry.version}" is not a release version X.Y.Z`, entry.version));
    }
    if (seen.has(entry.version)) {
      problems.push(problem('version-repeated', `${entry.version} appears more than once`, entry.version));
    }
    seen.add(entry.version);

    const isFloor = entry.version === index.backfillFloorVersion;
    if (isFloor) {
      floorEntrySeen = true;
      if (!entry.syntheticRequiredStop) {
        problems.push(problem('floor-not-synthetic-stop', `floor entry ${entry.version} must have syntheticRequiredStop: true`, entry.version));
      }
      if (!entry.requiredStops.includes(entry.version)) {
        problems.push(problem('floor-stop-missing', `floor entry ${entry.version} must list itself in requiredStops`, entry.version));
      }
    } else if (entry.syntheticRequiredStop) {
      problems.push(
        problem('synthetic-stop-not-on-floor', `${entry.version} has syntheticRequiredStop: true but the floor is ${index.backfillFloorVersion}`, entry.version),
      );
    }
    if (version && floor && compareVersions(version, floor) < 0) {
      problems.push(problem('entry-below-floor', `${entry.version} is older than the floor ${index.backfillFloorVersion}`, entry.version));
    }

    const before = position > 0 ? entries[position - 1] : undefined;
    const beforeVersion = before ? parseVersion(before.version) : undefined;
    if (before && version && beforeVersion && compareVersions(beforeVersion, version) > 0) {
      problems.push(problem('entries-out-of-order', `${entry.version} comes after ${before.version} (entries must be oldest first)`, entry.version));
    }
    problems.push(...chainProblems(entry.version, entry.previousVersion, before?.version, listed));

    if (before) {
      const previousTime = Date.parse(before.releaseDate);
      const time = Date.parse(entry.releaseDate);
      if (Number.isFinite(previousTime) && Number.isFinite(time) && time < previousTime) {
        problems.push(
          problem('release-date-decreasing', `${entry.version} was released ${entry.releaseDate}, before ${before.version} (${before.releaseDate})`, entry.version),
        );
      }
    }
  });
  if (!floorEntrySeen) {
    problems.push(problem('floor-entry-missing', `the floor ${index.backfillFloorVersion} has no entry`));
  }
  return problems;
}

/**
 * `previousVersion` must name the entry before. The first entry may name a release below the index
 * (the release before the floor) or null. A name strictly between the entry before and this one that
 * the index does not list is a gap (warning); anything else is a broken chain (error).
 */
function chainProblems(version: string, previousVersion: string | null, beforeVersion: string | undefined, listed: ReadonlySet<string>): IndexProblem[] {
  const current = parseVersion(version);
  const previous = previousVersion === null ? undefined : parseVersion(previousVersion);
  if (beforeVersion === undefined) {
    if (previousVersion !== null && (!previous || !current || compareVersions(previous, current) >= 0)) {
      return [problem('previous-version-mismatch', `${version} names previousVersion ${previousVersion}, which is not an older release`, version)];
    }
    return [];
  }
  if (previousVersion === beforeVersion) return [];
  const before = parseVersion(beforeVersion);
  const isGap =
    previous !== undefined &&
    current !== undefined &&
    before !== undefined &&
    previousVersion !== null &&
    !listed.has(previousVersion) &&
    compareVersions(previous, before) > 0 &&
    compareVersions(previous, current) < 0;
  if (isGap) {
    return [
      problem(
        'previous-version-gap',
        `gap before ${version}: its previousVersion ${previousVersion} is not in the index (releases after ${beforeVersion} are missing; spans across are unverifiable)`,
        version,
      ),
    ];
  }
  return [
    problem('previous-version-mismatch', `${version} names previousVersion ${previousVersion ?? 'null'} but the entry before is ${beforeVersion}`, version),
  ];
}
