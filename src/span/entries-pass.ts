import { compareReleaseTexts } from '../core/version.js';

/**
 * One pass over a parsed index's entries for `upgrade-check` (issue 36), before anything else reads
 * them. A CLI run is always cold (the bytecode interpreter, V8's optimizing compiler off), where each
 * pass over 3,111 entries costs milliseconds in calls, closures and property loads alone: this one loop
 * does what three did, and each of its answers is either the exact one or "not proven, ask the full
 * check", never a guess.
 *
 * - `plain`: every entry is a plain object whose `version`, `previousVersion`, `minPreviousVersion`,
 *   `requiredStops` and `syntheticRequiredStop` are typed as the schema says (what the span reads of
 *   every entry; the schema's full check then runs only for the span's entries).
 * - `structureSound`: true only when the span's structure checks (`spanStructureProblems`) are proven
 *   to find nothing: the floor is a release version and the first entry; versions ascend strictly;
 *   each `previousVersion` is older than its entry; `syntheticRequiredStop` is on the floor only; every
 *   required stop and `minPreviousVersion` is a release version. false: run those checks.
 * - `entryKeys`: the number of keys of the entries' objects when every entry is of the schema's flat
 *   shape (exactly its eight keys, no object but the `requiredStops` array of strings), for the
 *   duplicate-key check; undefined otherwise (count them all).
 */
export interface EntriesPass {
  plain: boolean;
  structureSound: boolean;
  entryKeys: number | undefined;
}

/** A release version as the schema writes it (no `v`, no leading zeros, no suffix). */
export const RELEASE_VERSION_TEXT = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
/** The keys of an entry in the schema (`additionalProperties: false`). */
const ENTRY_KEY_COUNT = 8;
/**
 * A release version text at most this long has no part over 15 digits, so every part is a safe
 * integer, as `parseVersion` requires. Longer texts are left to the full checks.
 */
const SAFE_VERSION_LENGTH = 19;

const NOT_PLAIN: EntriesPass = { plain: false, structureSound: false, entryKeys: undefined };

export function entriesPass(data: unknown): EntriesPass {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return NOT_PLAIN;
  const { entries, backfillFloorVersion: floorText } = data as { entries?: unknown; backfillFloorVersion?: unknown };
  if (!Array.isArray(entries)) return NOT_PLAIN;
  let sound = typeof floorText === 'string' && floorText.length <= SAFE_VERSION_LENGTH && RELEASE_VERSION_TEXT.test(floorText) && entries.length > 0;
  let flat = true;
  let before: string | undefined;
  for (let position = 0; position < entries.length; position++) {
    const entry: unknown = entries[position];
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return NOT_PLAIN;
    const { version, previousVersion, minPreviousVersion, requiredStops, syntheticRequiredStop } = entry as Record<string, unknown>;
    if (typeof version !== 'string' || typeof syntheticRequiredStop !== 'boolean' || !Array.isArray(requiredStops)) return NOT_PLAIN;
    if (!RELEASE_VERSION_TEXT.test(version)) return NOT_PLAIN;
    // The entry before was checked already: a chain that holds costs no second look.
    const chained = before !== undefined && previousVersion === before;
    if (previousVersion !== null && !chained && (typeof previousVersion !== 'string' || !RELEASE_VERSION_TEXT.test(previousVersion))) return NOT_PLAIN;
    if (minPreviousVersion !== null && (typeof minPreviousVersion !== 'string' || !RELEASE_VERSION_TEXT.test(minPreviousVersion))) return NOT_PLAIN;
    for (let stop = 0; stop < requiredStops.length; stop++) {
      const text: unknown = requiredStops[stop];
      if (typeof text !== 'string' || !RELEASE_VERSION_TEXT.test(text)) return NOT_PLAIN;
      if (text.length > SAFE_VERSION_LENGTH) sound = false;
    }

    // Strictly ascending from the floor: no repeat, no disorder, nothing below the floor, and the
    // floor (the first entry) is the only entry that may carry the synthetic stop.
    if (
      sound &&
      (version.length > SAFE_VERSION_LENGTH ||
        (before === undefined ? version !== floorText : compareReleaseTexts(before, version) >= 0) ||
        syntheticRequiredStop !== (position === 0) ||
        (minPreviousVersion !== null && (minPreviousVersion as string).length > SAFE_VERSION_LENGTH) ||
        (previousVersion !== null &&
          !chained &&
          ((previousVersion as string).length > SAFE_VERSION_LENGTH || compareReleaseTexts(previousVersion as string, version) >= 0)))
    )
      sound = false;
    before = version;

    if (flat) {
      const { releaseDate, rollingUpdateSafe, backfilled } = entry as Record<string, unknown>;
      // The eight keys present and no others; none of them an object but requiredStops (strings only).
      flat =
        releaseDate !== undefined &&
        rollingUpdateSafe !== undefined &&
        backfilled !== undefined &&
        (releaseDate === null || typeof releaseDate !== 'object') &&
        (rollingUpdateSafe === null || typeof rollingUpdateSafe !== 'object') &&
        (backfilled === null || typeof backfilled !== 'object') &&
        ownKeyCount(entry) === ENTRY_KEY_COUNT;
    }
  }
  return { plain: true, structureSound: sound, entryKeys: flat ? ENTRY_KEY_COUNT * entries.length : undefined };
}

/** Own enumerable keys of a parsed JSON object (for-in: JSON objects inherit none), without allocating an array. */
function ownKeyCount(value: object): number {
  let count = 0;
  for (const _key in value) count++;
  return count;
}
