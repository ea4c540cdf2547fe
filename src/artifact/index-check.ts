import { compareVersions, parseVersion, type Version } from '../core/version.js';
import type { IndexEntry, ReleaseSafetyIndex } from '../artifact/types.js';

/**
 * The one set of structural checks of an index beyond its JSON Schema: ordering, uniqueness, the
 * `previousVersion` chain, the floor rules, dates. Pure. Two readers use them, with their own
 * severities and wording, kept side by side in {@link STRUCTURE_RULES}:
 *
 * - `validate` and `index` ({@link checkIndexStructure}): errors make the index invalid; warnings are
 *   facts an operator should know but that cannot make a span look safer than it is.
 * - `upgrade-check` ({@link spanStructureProblems}, through src/span/index-structure.ts): an `error`
 *   makes the index unusable; what it leaves `off` is either covered by another of its checks or
 *   handled by a span rule instead (a chain gap is span rule 6: only spans across it are unsafe).
 */

export type IndexProblemCode =
  | 'floor-not-release'
  | 'index-empty'
  | 'first-entry-not-floor'
  | 'version-not-release'
  | 'entries-out-of-order'
  | 'version-repeated'
  | 'previous-version-not-older'
  | 'previous-version-mismatch'
  | 'previous-version-gap'
  | 'floor-entry-missing'
  | 'entry-below-floor'
  | 'floor-not-synthetic-stop'
  | 'floor-stop-missing'
  | 'synthetic-stop-not-on-floor'
  | 'required-stop-not-release'
  | 'min-previous-not-release'
  | 'release-date-decreasing';

export interface IndexProblem {
  code: IndexProblemCode;
  level: 'error' | 'warning';
  /** The entry the problem is about (absent for whole-index problems). */
  version?: string;
  message: string;
}

/** One detected fact, before a reader gives it a severity and words. */
export interface StructureFinding {
  code: IndexProblemCode;
  /** Index of the entry in `entries` (absent for whole-index facts). */
  position?: number;
  version?: string;
  /** Values the messages need (versions, floor, dates). */
  params: Readonly<Record<string, string>>;
}

type Severity = 'error' | 'warning' | 'off';

interface StructureRule {
  /** `validate` and `index`. */
  validate: Severity;
  /** `upgrade-check`: only `error` or `off` (a usable index either is or is not). */
  span: 'error' | 'off';
  message(finding: StructureFinding): string;
  spanMessage(finding: StructureFinding): string;
}

/** `/entries/3 (1.2.0)`: upgrade-check names the place in the file. */
const where = (finding: StructureFinding): string => `/entries/${finding.position ?? 0} (${finding.version ?? ''})`;
const p = (finding: StructureFinding, name: string): string => finding.params[name] ?? '';

export const STRUCTURE_RULES: Readonly<Record<IndexProblemCode, StructureRule>> = {
  'floor-not-release': {
    validate: 'error',
    span: 'error',
    message: (f) => `backfillFloorVersion "${p(f, 'floor')}" is not a release version`,
    spanMessage: (f) => `backfillFloorVersion "${p(f, 'floor')}" is not a release version`,
  },
  'index-empty': {
    // validate says the same as floor-entry-missing.
    validate: 'off',
    span: 'error',
    message: () => 'the index has no entries',
    spanMessage: () => 'the index has no entries',
  },
  'first-entry-not-floor': {
    // validate names the two causes instead: floor-entry-missing, entry-below-floor.
    validate: 'off',
    span: 'error',
    message: (f) => `the first entry is ${f.version ?? ''}, not the floor ${p(f, 'floor')}`,
    spanMessage: (f) => `the first entry is ${f.version ?? ''}, not the floor ${p(f, 'floor')}`,
  },
  'version-not-release': {
    validate: 'error',
    span: 'error',
    message: (f) => `entry ${(f.position ?? 0) + 1}: version "${f.version ?? ''}" is not a release version X.Y.Z`,
    spanMessage: (f) => `${where(f)}: version is not a release version`,
  },
  'entries-out-of-order': {
    validate: 'error',
    span: 'error',
    message: (f) => `${f.version ?? ''} comes after ${p(f, 'before')} (entries must be oldest first)`,
    spanMessage: (f) => `${where(f)}: entries are not sorted oldest first (${p(f, 'before')} comes before ${f.version ?? ''})`,
  },
  'version-repeated': {
    validate: 'error',
    span: 'error',
    message: (f) => `${f.version ?? ''} appears more than once`,
    spanMessage: (f) => `${where(f)}: version ${f.version ?? ''} appears more than once`,
  },
  'previous-version-not-older': {
    // validate reports it as previous-version-mismatch (the chain check covers it).
    validate: 'off',
    span: 'error',
    message: (f) => `${f.version ?? ''} names previousVersion ${p(f, 'previous')}, which is not an older release`,
    spanMessage: (f) => `${where(f)}: previousVersion ${p(f, 'previous')} is not older than the entry itself`,
  },
  'previous-version-mismatch': {
    // upgrade-check: a broken chain is no reason to refuse the index; spans are checked entry by entry.
    validate: 'error',
    span: 'off',
    message: (f) =>
      f.params.before === undefined
        ? `${f.version ?? ''} names previousVersion ${p(f, 'previous')}, which is not an older release`
        : `${f.version ?? ''} names previousVersion ${p(f, 'previous')} but the entry before is ${p(f, 'before')}`,
    spanMessage: (f) => `${where(f)}: previousVersion ${p(f, 'previous')} does not name the entry before`,
  },
  'previous-version-gap': {
    // A warning for validate; for upgrade-check span rule 6 makes any span across the gap unsafe.
    validate: 'warning',
    span: 'off',
    message: (f) =>
      `gap before ${f.version ?? ''}: its previousVersion ${p(f, 'previous')} is not in the index (releases after ${p(f, 'before')} are missing; spans across are unverifiable)`,
    spanMessage: (f) => `${where(f)}: releases between ${p(f, 'before')} and ${f.version ?? ''} are missing`,
  },
  'floor-entry-missing': {
    // upgrade-check says first-entry-not-floor.
    validate: 'error',
    span: 'off',
    message: (f) => `the floor ${p(f, 'floor')} has no entry`,
    spanMessage: (f) => `the floor ${p(f, 'floor')} has no entry`,
  },
  'entry-below-floor': {
    // upgrade-check says first-entry-not-floor.
    validate: 'error',
    span: 'off',
    message: (f) => `${f.version ?? ''} is older than the floor ${p(f, 'floor')}`,
    spanMessage: (f) => `${where(f)}: older than the floor ${p(f, 'floor')}`,
  },
  'floor-not-synthetic-stop': {
    validate: 'error',
    span: 'error',
    message: (f) => `floor entry ${f.version ?? ''} must have syntheticRequiredStop: true`,
    spanMessage: (f) => `the floor entry ${f.version ?? ''} does not carry syntheticRequiredStop: true`,
  },
  'floor-stop-missing': {
    // upgrade-check: rule 4 treats the floor as a stop whatever its requiredStops say.
    validate: 'error',
    span: 'off',
    message: (f) => `floor entry ${f.version ?? ''} must list itself in requiredStops`,
    spanMessage: (f) => `the floor entry ${f.version ?? ''} does not list itself in requiredStops`,
  },
  'synthetic-stop-not-on-floor': {
    validate: 'error',
    span: 'error',
    message: (f) => `${f.version ?? ''} has syntheticRequiredStop: true but the floor is ${p(f, 'floor')}`,
    spanMessage: (f) => `${where(f)}: syntheticRequiredStop is true on an entry other than the floor`,
  },
  'required-stop-not-release': {
    validate: 'error',
    span: 'error',
    message: (f) => `${f.version ?? ''}: required stop "${p(f, 'stop')}" is not a release version`,
    spanMessage: (f) => `${where(f)}: required stop "${p(f, 'stop')}" is not a release version`,
  },
  'min-previous-not-release': {
    validate: 'error',
    span: 'error',
    message: (f) => `${f.version ?? ''}: minPreviousVersion "${p(f, 'min')}" is not a release version`,
    spanMessage: (f) => `${where(f)}: minPreviousVersion "${p(f, 'min')}" is not a release version`,
  },
  'release-date-decreasing': {
    // Dates play no part in the span rules.
    validate: 'warning',
    span: 'off',
    message: (f) => `${f.version ?? ''} was released ${p(f, 'date')}, before ${p(f, 'before')} (${p(f, 'beforeDate')})`,
    spanMessage: (f) => `${where(f)}: released before ${p(f, 'before')}`,
  },
};

/**
 * Every structural fact of an index, in entry order (whole-index facts first, a missing floor last).
 * `wanted` leaves out the facts a reader turns off, where looking for them costs something
 * (upgrade-check never reads release dates: 3,111 `Date.parse` calls it does not pay for).
 */
export function findStructureFacts(index: ReleaseSafetyIndex, wanted: (code: IndexProblemCode) => boolean = () => true): StructureFinding[] {
  const checkDates = wanted('release-date-decreasing');
  const findings: StructureFinding[] = [];
  const { entries } = index;
  const floorText = index.backfillFloorVersion;
  // Each version text is parsed once per pass: an entry's version is the next entry's previousVersion.
  // upgrade-check runs this cold on every call (3,111 entries of the real index: ~25 → ~5 ms of CPU).
  const parsedVersions = new Map<string, Version | undefined>();
  const versionOf = (text: string): Version | undefined => {
    if (parsedVersions.has(text)) return parsedVersions.get(text);
    const version = parseVersion(text);
    parsedVersions.set(text, version);
    return version;
  };
  const floor = versionOf(floorText);
  if (!floor || floor.text !== floorText) findings.push({ code: 'floor-not-release', params: { floor: floorText } });
  const first = entries[0];
  if (!first) findings.push({ code: 'index-empty', params: {} });
  else if (first.version !== floorText) findings.push({ code: 'first-entry-not-floor', position: 0, version: first.version, params: { floor: floorText } });

  const listed = new Set<string>();
  for (const entry of entries) listed.add(entry.version);
  const seen = new Set<string>();
  let lastParsed: Version | undefined;
  let previousTime = Number.NaN;
  for (let position = 0; position < entries.length; position++) {
    const entry = entries[position]!;
    const at = (code: IndexProblemCode, params: Record<string, string> = {}) => findings.push({ code, position, version: entry.version, params });
    const version = versionOf(entry.version);
    const valid = version !== undefined && version.text === entry.version;
    if (!valid) at('version-not-release');
    if (seen.has(entry.version)) at('version-repeated');
    seen.add(entry.version);

    if (entry.version === floorText) {
      if (!entry.syntheticRequiredStop) at('floor-not-synthetic-stop');
      if (!entry.requiredStops.includes(entry.version)) at('floor-stop-missing');
    } else if (entry.syntheticRequiredStop) {
      at('synthetic-stop-not-on-floor', { floor: floorText });
    }

    const before = position > 0 ? entries[position - 1] : undefined;
    if (version && valid) {
      if (floor && compareVersions(version, floor) < 0) at('entry-below-floor', { floor: floorText });
      if (lastParsed && compareVersions(lastParsed, version) > 0) at('entries-out-of-order', { before: lastParsed.text });
      for (const { code, params } of chainFacts(entry, version, before?.version, listed, versionOf)) at(code, params);
      lastParsed = version;
    }
    for (const stop of entry.requiredStops) if (!versionOf(stop)) at('required-stop-not-release', { stop });
    if (entry.minPreviousVersion !== null && !versionOf(entry.minPreviousVersion)) at('min-previous-not-release', { min: entry.minPreviousVersion });

    if (checkDates) {
      const time = Date.parse(entry.releaseDate);
      if (before && Number.isFinite(previousTime) && Number.isFinite(time) && time < previousTime) {
        at('release-date-decreasing', { date: entry.releaseDate, before: before.version, beforeDate: before.releaseDate });
      }
      previousTime = time;
    }
  }
  if (!listed.has(floorText)) findings.push({ code: 'floor-entry-missing', params: { floor: floorText } });
  return findings;
}

const NO_FACTS: readonly { code: IndexProblemCode; params: Record<string, string> }[] = [];

/**
 * `previousVersion` facts: not older than the entry (whatever comes before it); and for the chain, it
 * must name the entry before. The first entry may name a release below the index (the release before
 * the floor) or null. A name strictly between the entry before and this one that the index does not
 * list is a gap; anything else is a broken chain.
 */
function chainFacts(
  entry: IndexEntry,
  current: Version,
  beforeVersion: string | undefined,
  listed: ReadonlySet<string>,
  versionOf: (text: string) => Version | undefined,
): readonly { code: IndexProblemCode; params: Record<string, string> }[] {
  const previousText = entry.previousVersion;
  const previous = previousText === null ? undefined : versionOf(previousText);
  const notOlder = previousText !== null && (!previous || compareVersions(previous, current) >= 0);
  // The common case, a chain that holds, allocates nothing.
  if (!notOlder && beforeVersion !== undefined && previousText === beforeVersion) return NO_FACTS;
  const facts: { code: IndexProblemCode; params: Record<string, string> }[] = [];
  if (notOlder) facts.push({ code: 'previous-version-not-older', params: { previous: previousText } });
  if (beforeVersion === undefined) {
    if (notOlder) facts.push({ code: 'previous-version-mismatch', params: { previous: previousText } });
    return facts;
  }
  if (previousText === beforeVersion) return facts;
  const before = versionOf(beforeVersion);
  const isGap =
    previous !== undefined &&
    before !== undefined &&
    previousText !== null &&
    !listed.has(previousText) &&
    compareVersions(previous, before) > 0 &&
    compareVersions(previous, current) < 0;
  facts.push({ code: isGap ? 'previous-version-gap' : 'previous-version-mismatch', params: { previous: previousText ?? 'null', before: beforeVersion } });
  return facts;
}

/** `validate` and `index`: errors and warnings with their messages. */
export function checkIndexStructure(index: ReleaseSafetyIndex): IndexProblem[] {
  return findStructureFacts(index).flatMap((finding): IndexProblem[] => {
    const rule = STRUCTURE_RULES[finding.code];
    if (rule.validate === 'off') return [];
    return [
      { code: finding.code, level: rule.validate, ...(finding.version === undefined ? {} : { version: finding.version }), message: rule.message(finding) },
    ];
  });
}

/** `upgrade-check`: one line per problem that makes the index unusable; empty when it can be used. */
export function spanStructureProblems(index: ReleaseSafetyIndex): string[] {
  return findStructureFacts(index, (code) => STRUCTURE_RULES[code].span === 'error').flatMap((finding) => {
    const rule = STRUCTURE_RULES[finding.code];
    return rule.span === 'error' ? [rule.spanMessage(finding)] : [];
  });
}
