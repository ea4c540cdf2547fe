import type { ReleaseSafetyIndex } from '../artifact/types.js';
import { compareVersions, parseVersion, type Version } from '../core/version.js';

/** How many structural problems a report lists before it summarises the rest. */
const PROBLEM_CAP = 10;

/**
 * What the schema cannot say about an index but the span rules rely on: versions parse, are unique
 * and strictly ascending (oldest first), each `previousVersion` is older than its entry, and the first
 * entry is the floor (`backfillFloorVersion`, the only entry with `syntheticRequiredStop: true`).
 * A `previousVersion` that is not the entry before it is NOT a structural problem: it is a gap,
 * which only makes spans crossing it unsafe (span rule 6).
 * Returns one line per problem; empty when the index can be used.
 */
export function checkIndexStructure(index: ReleaseSafetyIndex): string[] {
  const problems: string[] = [];
  const floor = parseVersion(index.backfillFloorVersion);
  if (!floor) problems.push(`backfillFloorVersion "${index.backfillFloorVersion}" is not a release version`);
  const first = index.entries[0];
  if (!first) return [...problems, 'the index has no entries'];
  if (first.version !== index.backfillFloorVersion) {
    problems.push(`the first entry is ${first.version}, not the floor ${index.backfillFloorVersion}`);
  } else if (!first.syntheticRequiredStop) {
    problems.push(`the floor entry ${first.version} does not carry syntheticRequiredStop: true`);
  }
  let previous: Version | undefined;
  index.entries.forEach((entry, position) => {
    const where = `/entries/${position} (${entry.version})`;
    const version = parseVersion(entry.version);
    if (!version) {
      problems.push(`${where}: version is not a release version`);
      return;
    }
    if (previous) {
      const order = compareVersions(previous, version);
      if (order === 0) problems.push(`${where}: version ${entry.version} appears more than once`);
      else if (order > 0) problems.push(`${where}: entries are not sorted oldest first (${previous.text} comes before ${entry.version})`);
    }
    if (entry.previousVersion !== null) {
      const previousOfEntry = parseVersion(entry.previousVersion);
      if (!previousOfEntry || compareVersions(previousOfEntry, version) >= 0) {
        problems.push(`${where}: previousVersion ${entry.previousVersion} is not older than the entry itself`);
      }
    }
    for (const stop of entry.requiredStops) {
      if (!parseVersion(stop)) problems.push(`${where}: required stop "${stop}" is not a release version`);
    }
    if (entry.minPreviousVersion !== null && !parseVersion(entry.minPreviousVersion)) {
      problems.push(`${where}: minPreviousVersion "${entry.minPreviousVersion}" is not a release version`);
    }
    if (entry.syntheticRequiredStop && position !== 0) problems.push(`${where}: syntheticRequiredStop is true on an entry other than the floor`);
    previous = version;
  });
  if (problems.length <= PROBLEM_CAP) return problems;
  return [...problems.slice(0, PROBLEM_CAP), `… and ${problems.length - PROBLEM_CAP} more`];
}
