import type { IndexEntry } from '../artifact/types.js';
import { compareVersions, compareVersionTexts, parseVersion, type Version } from '../core/version.js';
import type { SpanReason } from './reasons.js';

/** The position in the index's entries of the entry of a version text; undefined when there is none. */
export type PositionOf = (versionText: string) => number | undefined;

export interface StopPlan {
  stops: string[];
  reasons: SpanReason[];
}

/**
 * Rules 2, 3 and 4: the versions the upgrade must stop at. Listed stops strictly between from and to
 * are hard stops (a stop equal to `to` is the target itself); a below-floor start stops at the floor;
 * then every leg of the resulting path is checked against its own target's `minPreviousVersion`,
 * and a leg that starts too old gains that version as a further stop, until every leg is direct.
 */
export function planStops(
  from: Version,
  to: Version,
  covered: readonly IndexEntry[],
  floor: Version,
  fromBelowFloor: boolean,
  positionOf: PositionOf,
  entries: readonly IndexEntry[],
): StopPlan {
  const reasons: SpanReason[] = [];
  const stops = new Set<string>();
  const strictlyInside = (version: Version) => compareVersions(from, version) < 0 && compareVersions(version, to) < 0;

  const listedBy = new Map<string, string[]>();
  for (const entry of covered) {
    for (const stopText of entry.requiredStops) {
      const stop = parseVersion(stopText);
      if (!stop || !strictlyInside(stop)) continue;
      listedBy.set(stop.text, [...(listedBy.get(stop.text) ?? []), entry.version]);
    }
  }
  for (const [stop, listers] of [...listedBy].sort(([a], [b]) => compareVersionTexts(a, b))) {
    stops.add(stop);
    reasons.push({ id: 'required-stop-in-span', params: { stop, listedBy: listers.join(', ') } });
  }

  if (fromBelowFloor) {
    reasons.push({ id: 'from-below-floor', params: { from: from.text, floor: floor.text } });
    if (compareVersions(floor, to) < 0) stops.add(floor.text);
  }

  const reported = new Set<string>();
  const reportOnce = (reason: SpanReason) => {
    const key = `${reason.id} ${JSON.stringify(reason.params)}`;
    if (reported.has(key)) return;
    reported.add(key);
    reasons.push(reason);
  };
  for (let added = true; added;) {
    added = false;
    const path = [from.text, ...[...stops].sort(compareVersionTexts), to.text];
    for (let leg = 1; leg < path.length && !added; leg += 1) {
      const legStart = path[leg - 1] as string;
      const legEnd = path[leg] as string;
      const position = positionOf(legEnd);
      if (position === undefined) {
        reportOnce({ id: 'stop-absent-from-index', params: { stop: legEnd } });
        continue;
      }
      const minPrevious = (entries[position] as IndexEntry).minPreviousVersion;
      if (minPrevious === null || compareVersionTexts(legStart, minPrevious) >= 0) continue;
      if (compareVersionTexts(minPrevious, legEnd) >= 0) {
        reportOnce({ id: 'min-previous-version-unreachable', params: { target: legEnd, minPrevious } });
        continue;
      }
      stops.add(minPrevious);
      reportOnce({ id: 'min-previous-version-not-met', params: { target: legEnd, minPrevious, legStart } });
      added = true;
    }
  }
  return { stops: [...stops].sort(compareVersionTexts), reasons };
}
