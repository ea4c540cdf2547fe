import { InputError } from '../core/errors.js';
import { compareVersions, parsePrereleaseVersion, parseVersion, requireVersion } from '../core/version.js';
import { INDEX_SCHEMA_VERSION } from '../artifact/types.js';
import type { IndexEntry, ReleaseSafetyArtifact, ReleaseSafetyIndex } from '../artifact/types.js';
import { checkIndexStructure } from '../artifact/index-check.js';
import type { IndexProblem } from '../artifact/index-check.js';
import { backfilledEntry, compareVersionLabels, entryFromArtifact, normaliseStops, serializeIndex } from './entries.js';
import type { ReleaseTagInfo } from './entries.js';
import { compareText } from '../core/compare-text.js';

/**
 * Regenerating `release-safety-index.json`: pure, so the same inputs always give the same bytes
 * (apart from `generatedAt`, which the caller passes in).
 *
 * Precedence per version: an artifact (the source of truth) > the existing index's entry > a
 * backfilled entry for a release tag. Existing entries are never dropped silently: those that no
 * artifact explains are kept and reported; only entries older than the floor are left out, and
 * they are reported too.
 */

export interface ArtifactSource {
  /** File the artifact came from (for messages). */
  file: string;
  artifact: ReleaseSafetyArtifact;
  /** Written by `backfill` (generated retroactively): its entry gets `backfilled: true`. */
  retroactive: boolean;
}

export interface SkippedArtifact {
  file: string;
  reason: string;
}

export interface RegenerateInput {
  artifacts: readonly ArtifactSource[];
  /** Release tags of the repository (`--repo`), any order; absent when no repository was given. */
  tags?: readonly ReleaseTagInfo[];
  existingIndex?: ReleaseSafetyIndex;
  /** `--floor`. */
  floor?: string;
  /** `floorVersion` of the config (`--config`): used when `--floor` is not given. */
  configFloor?: string;
  generatedAt: string;
  /** Artifacts the loader refused (reported, never silently ignored). */
  skippedArtifacts?: readonly SkippedArtifact[];
}

export type FloorSource = 'option' | 'config' | 'existing-index' | 'oldest-input';

export interface IndexReport {
  floor: string;
  floorSource: FloorSource;
  /** Versions whose entry comes from an artifact. */
  fromArtifacts: string[];
  /** Of those, versions whose existing entry had different fields. */
  updatedFromArtifacts: string[];
  /** New entries for release tags without an artifact. */
  backfilled: string[];
  /** Existing entries kept: a release tag exists but no artifact. */
  keptWithTag: string[];
  /** Existing entries kept that no artifact or release tag explains. */
  keptUnexplained: string[];
  /** Artifacts, existing entries and tags older than the floor: not in the index. */
  belowFloor: string[];
  /** Entries that carried the synthetic floor stop of an older floor and no longer do. */
  unfloored: string[];
  skippedArtifacts: SkippedArtifact[];
  /** Structural check of the index produced. */
  problems: IndexProblem[];
}

export interface RegenerateOutcome {
  index: ReleaseSafetyIndex;
  report: IndexReport;
}

type Origin = 'artifact' | 'existing' | 'tag';

export function regenerateIndex(input: RegenerateInput): RegenerateOutcome {
  const artifactsByVersion = uniqueArtifacts(input.artifacts);
  const tags = input.tags ? sortTags(input.tags) : undefined;
  const { floor, floorSource } = chooseFloor(input, artifactsByVersion, tags);
  const floorVersion = requireVersion(floor, 'floor');
  const atOrAboveFloor = (version: string) => compareVersions(requireVersion(version), floorVersion) >= 0;

  const chosen = new Map<string, { entry: IndexEntry; origin: Origin }>();
  const belowFloor = new Set<string>();
  const existingByVersion = new Map<string, IndexEntry>();
  for (const entry of input.existingIndex?.entries ?? []) {
    existingByVersion.set(entry.version, entry);
    if (atOrAboveFloor(entry.version)) chosen.set(entry.version, { entry, origin: 'existing' });
    else belowFloor.add(entry.version);
  }

  const updatedFromArtifacts: string[] = [];
  for (const [version, source] of artifactsByVersion) {
    if (!atOrAboveFloor(version)) {
      belowFloor.add(version);
      continue;
    }
    const entry = entryFromArtifact(source.artifact, source.retroactive);
    const existing = existingByVersion.get(version);
    if (existing && !sameFields(existing, entry)) updatedFromArtifacts.push(version);
    chosen.set(version, { entry, origin: 'artifact' });
  }

  if (tags) {
    const newestCovered = [...chosen.keys()].sort(compareVersionLabels).at(-1) ?? tags.at(-1)?.version;
    const upper = newestCovered === undefined ? undefined : requireVersion(newestCovered);
    tags.forEach((tag, position) => {
      const version = requireVersion(tag.version);
      if (chosen.has(tag.version) || !upper || compareVersions(version, upper) > 0) return;
      if (compareVersions(version, floorVersion) < 0) return;
      chosen.set(tag.version, { entry: backfilledEntry(tag, tags[position - 1]?.version ?? null), origin: 'tag' });
    });
  }

  const floorChoice = chosen.get(floor);
  if (!floorChoice) {
    throw new InputError(
      `the floor ${floor} has no artifact, no entry in the existing index${tags ? ' and no release tag' : ' (pass --repo to backfill it from its tag)'}: cannot build the floor entry`,
    );
  }

  const unfloored: string[] = [];
  const tagVersions = new Set(tags?.map((tag) => tag.version));
  const entries: IndexEntry[] = [];
  const report: Omit<IndexReport, 'problems'> = {
    floor,
    floorSource,
    fromArtifacts: [],
    updatedFromArtifacts: updatedFromArtifacts.sort(compareVersionLabels),
    backfilled: [],
    keptWithTag: [],
    keptUnexplained: [],
    belowFloor: [...belowFloor].sort(compareVersionLabels),
    unfloored,
    skippedArtifacts: [...(input.skippedArtifacts ?? [])].sort((a, b) => compareText(a.file, b.file)),
  };
  for (const version of [...chosen.keys()].sort(compareVersionLabels)) {
    const { entry, origin } = chosen.get(version)!;
    if (origin === 'artifact') report.fromArtifacts.push(version);
    else if (origin === 'tag') report.backfilled.push(version);
    else if (tagVersions.has(version)) report.keptWithTag.push(version);
    else report.keptUnexplained.push(version);
    entries.push(applyFloorRule(entry, floor, unfloored));
  }

  const index: ReleaseSafetyIndex = {
    schemaVersion: INDEX_SCHEMA_VERSION,
    generatedAt: input.generatedAt,
    backfillFloorVersion: floor,
    entries,
  };
  return { index, report: { ...report, problems: checkIndexStructure(index) } };
}

/** The floor entry, and only it, is a synthetic required stop that lists itself. */
function applyFloorRule(entry: IndexEntry, floor: string, unfloored: string[]): IndexEntry {
  if (entry.version === floor) {
    return { ...entry, syntheticRequiredStop: true, requiredStops: normaliseStops([...entry.requiredStops, floor]) };
  }
  if (entry.syntheticRequiredStop) {
    // It was the floor of an older index: its self-listing was synthetic, not a declared stop.
    unfloored.push(entry.version);
    return { ...entry, syntheticRequiredStop: false, requiredStops: entry.requiredStops.filter((stop) => stop !== entry.version) };
  }
  return { ...entry, requiredStops: [...entry.requiredStops] };
}

function uniqueArtifacts(artifacts: readonly ArtifactSource[]): Map<string, ArtifactSource> {
  const byVersion = new Map<string, ArtifactSource>();
  for (const source of [...artifacts].sort((a, b) => compareText(a.file, b.file))) {
    const version = parseVersion(source.artifact.version);
    if (parsePrereleaseVersion(source.artifact.version)) {
      throw new InputError(
        `${source.file}: version "${source.artifact.version}" is a dry run (pre-release), never an index entry; remove it from the artifacts`,
      );
    }
    if (!version || version.text !== source.artifact.version) {
      throw new InputError(`${source.file}: version "${source.artifact.version}" is not a release version X.Y.Z`);
    }
    const other = byVersion.get(version.text);
    if (other) throw new InputError(`${other.file} and ${source.file} both describe ${version.text}; keep one`);
    byVersion.set(version.text, source);
  }
  return byVersion;
}

/** Tags in numeric order, one per version (the caller already resolved `v1.2.3` vs `1.2.3`). */
function sortTags(tags: readonly ReleaseTagInfo[]): ReleaseTagInfo[] {
  const byVersion = new Map<string, ReleaseTagInfo>();
  for (const tag of tags) {
    const version = parseVersion(tag.version);
    if (version && !byVersion.has(version.text)) byVersion.set(version.text, { ...tag, version: version.text });
  }
  return [...byVersion.values()].sort((a, b) => compareVersionLabels(a.version, b.version));
}

function chooseFloor(
  input: RegenerateInput,
  artifacts: ReadonlyMap<string, ArtifactSource>,
  tags: readonly ReleaseTagInfo[] | undefined,
): { floor: string; floorSource: FloorSource } {
  if (input.floor !== undefined) return { floor: requireVersion(input.floor, '--floor').text, floorSource: 'option' };
  // The declared floor beats the existing index's: moving it in the config is how a maintainer moves it.
  if (input.configFloor !== undefined) return { floor: requireVersion(input.configFloor, 'floorVersion').text, floorSource: 'config' };
  if (input.existingIndex) return { floor: input.existingIndex.backfillFloorVersion, floorSource: 'existing-index' };
  const oldest = [...artifacts.keys(), ...(tags ?? []).map((tag) => tag.version)].sort(compareVersionLabels)[0];
  if (oldest === undefined) throw new InputError('nothing to index: no artifacts, no existing index and no release tags');
  return { floor: oldest, floorSource: 'oldest-input' };
}

function sameFields(a: IndexEntry, b: IndexEntry): boolean {
  // The floor flag is recomputed afterwards, so it takes no part in "did the artifact change this entry".
  const strip = (entry: IndexEntry) => ({ ...entry, syntheticRequiredStop: false, requiredStops: entry.requiredStops.filter((s) => s !== entry.version) });
  return serializeEntryKey(strip(a)) === serializeEntryKey(strip(b));
}

function serializeEntryKey(entry: IndexEntry): string {
  return serializeIndex({ schemaVersion: INDEX_SCHEMA_VERSION, generatedAt: '', backfillFloorVersion: '', entries: [entry] });
}
