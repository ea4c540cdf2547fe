import type { ConfigChange, ReleaseSafetyIndex } from '../artifact/types.js';
import type { ImageIndexConfig } from '../config/types.js';
import { CONFIG_FILE_NAME } from '../config/types.js';
import { describeError } from '../core/errors.js';
import { tagPatterns, versionOfTag } from '../core/tag-pattern.js';
import { buildPlan } from '../plan/build-plan.js';
import { checkedArtifact, loadArtifacts, type ArtifactOutcome } from '../plan/load-artifacts.js';
import { evaluateSpan } from '../span/evaluate.js';
import { loadIndex, parseIndex } from '../span/load-index.js';
import type { CollectedChanges, ImageChange } from './collect.js';
import { describeImage, imageKey } from './image-ref.js';
import type { BumpCheckResult, BumpVerdict, EnvFinding, NotChecked } from './types.js';

/**
 * Each changed image against the operator's `images` config: the span rules of `upgrade-check`
 * (src/span) from the old tag's version to the new one, the hops of `upgrade-plan` (src/plan), and
 * the deployment's own variables against the config changes of the span's artifacts.
 */
export interface ConfigPaths {
  /** The text of a path the operator's config names (an index file, an artifact); undefined when absent. */
  read(path: string): Promise<string | undefined>;
  /** How a message names that path. */
  describe(path: string): string;
}

export interface EvaluateOptions {
  paths: ConfigPaths;
  offline?: boolean;
  timeoutMs: number;
}

type LoadedIndex = { index: ReleaseSafetyIndex; warnings: string[] } | { problem: string };

export async function evaluateBumps(
  collected: CollectedChanges,
  images: Readonly<Record<string, ImageIndexConfig>>,
  options: EvaluateOptions,
): Promise<BumpCheckResult & { warnings: string[] }> {
  const configured = new Map(Object.entries(images).map(([repository, entry]) => [imageKey(repository), { repository, entry }]));
  const indexes = new Map<string, Promise<LoadedIndex>>();
  const loadOnce = (location: string) => {
    let loaded = indexes.get(location);
    if (!loaded) indexes.set(location, (loaded = loadConfiguredIndex(location, options)));
    return loaded;
  };
  const notChecked: NotChecked[] = [];
  const pending: Promise<BumpVerdict>[] = [];

  for (const unreadable of collected.unreadable) {
    const checked = unreadable.repositories.filter((repository) => configured.get(imageKey(repository))?.entry.index !== undefined);
    // A Helm chart's template is not YAML until rendered; it is listed only when its readable side names a configured image.
    if (unreadable.template && checked.length === 0) continue;
    notChecked.push({
      file: unreadable.file,
      image: unreadable.repositories.join(', ') || '(not read)',
      reason: `the file cannot be read as YAML (${unreadable.reason})${checked.length > 0 ? `; it names the configured image ${checked.join(', ')}, whose change cannot be seen` : ''}`,
      blocksSuccess: checked.length > 0,
    });
  }

  for (const change of collected.changes) {
    const headConfig = configured.get(imageKey(change.head.repository));
    const baseConfig = configured.get(imageKey(change.base.repository));
    const shown = describeImage(change.head);
    if (imageKey(change.base.repository) !== imageKey(change.head.repository)) {
      const isConfigured = headConfig?.entry.index !== undefined || baseConfig?.entry.index !== undefined;
      notChecked.push({
        file: change.file,
        image: shown,
        reason: `the image changed from ${describeImage(change.base)} to another image: not a version bump of one service`,
        blocksSuccess: isConfigured,
      });
      continue;
    }
    if (!headConfig) {
      notChecked.push({
        file: change.file,
        image: shown,
        reason: `no entry for ${change.head.repository} in "images" of ${CONFIG_FILE_NAME}`,
        blocksSuccess: false,
      });
      continue;
    }
    const { entry, repository } = headConfig;
    if (entry.index === undefined) {
      notChecked.push({
        file: change.file,
        image: shown,
        reason: `images["${repository}"] has no "index" yet: set where the service publishes its release-safety index`,
        blocksSuccess: false,
      });
      continue;
    }
    if (change.base.tag !== undefined && change.base.tag === change.head.tag) {
      notChecked.push({
        file: change.file,
        image: shown,
        reason: 'only the digest changed (same tag): a rebuild of the same version, not a version bump',
        blocksSuccess: false,
      });
      continue;
    }
    const patterns = tagPatterns(entry.tags);
    const from = change.base.tag === undefined ? undefined : versionOfTag(change.base.tag, patterns);
    const to = change.head.tag === undefined ? undefined : versionOfTag(change.head.tag, patterns);
    if (!from || !to) {
      const which = !from ? change.base : change.head;
      const why =
        which.tag !== undefined
          ? `tag "${which.tag}" is not a release version under ${patterns.join(' or ')}`
          : which.digest !== undefined
            ? `${describeImage(which)} is pinned by digest only: no version to check`
            : `${describeImage(which)} has no tag (the chart's or registry's default applies): no version to check`;
      notChecked.push({ file: change.file, image: shown, reason: `${why} (a configured image: the change is not proven safe)`, blocksSuccess: true });
      continue;
    }
    pending.push(evaluateBump(change, repository, entry, from.text, to.text, loadOnce, options));
  }

  const bumps = await Promise.all(pending);
  const warnings = [...new Set((await Promise.all(indexes.values())).flatMap((loaded) => ('warnings' in loaded ? loaded.warnings : [])))];
  const failing =
    bumps.some((bump) => !bump.safe || bump.envFindings.length > 0 || bump.reasons.some((reason) => reason.startsWith(INCOMPLETE))) ||
    notChecked.some((entry) => entry.blocksSuccess);
  return { bumps, notChecked, exitCode: failing ? 1 : 0, warnings };
}

/** Reasons that keep the exit code at 1 although the span is safe: the deployment's check is incomplete. */
const INCOMPLETE = 'incomplete: ';

async function loadConfiguredIndex(location: string, options: EvaluateOptions): Promise<LoadedIndex> {
  try {
    if (/^https?:\/\//i.test(location))
      return await loadIndex(
        { kind: 'url', location: new URL(location).href, origin: CONFIG_FILE_NAME },
        { offline: options.offline, timeoutMs: options.timeoutMs },
      );
    const text = await options.paths.read(location);
    if (text === undefined) return { problem: `the index ${options.paths.describe(location)} does not exist` };
    return { index: parseIndex(text, options.paths.describe(location)), warnings: [] };
  } catch (error) {
    return { problem: describeError(error) };
  }
}

async function evaluateBump(
  change: ImageChange,
  repository: string,
  entry: ImageIndexConfig,
  fromVersion: string,
  toVersion: string,
  loadOnce: (location: string) => Promise<LoadedIndex>,
  options: EvaluateOptions,
): Promise<BumpVerdict> {
  const bump: BumpVerdict = {
    file: change.file,
    line: change.line,
    image: repository,
    fromVersion,
    toVersion,
    safe: false,
    verdict: 'UNSAFE',
    strategy: 'Recreate',
    requiredStops: [],
    minPreviousVersion: null,
    hops: [],
    envFindings: [],
    reasons: [],
    artifactLinks: [],
    location: change.location,
  };
  const loaded = await loadOnce(entry.index!);
  if ('problem' in loaded) {
    bump.reasons.push(`the index could not be used: ${loaded.problem}`);
    return bump;
  }
  const evaluation = evaluateSpan(loaded.index, fromVersion, toVersion);
  if (!evaluation.evaluable) {
    bump.reasons.push(evaluation.problem);
    return bump;
  }
  const span = evaluation.verdict;
  const artifacts = await artifactsOf(span.coveredVersions, entry.artifacts, options);
  const plan = buildPlan({ span, entries: loaded.index.entries, artifacts });
  Object.assign(bump, {
    safe: span.safe,
    verdict: span.verdict,
    strategy: span.recommendedStrategy,
    requiredStops: span.requiredStops,
    minPreviousVersion: span.minPreviousVersion,
    hops: plan.hops,
  });
  bump.reasons.push(...span.reasons);
  bump.artifactLinks = entry.artifacts === undefined ? [] : span.coveredVersions.map((version) => ({ version, link: artifactLink(entry.artifacts!, version) }));
  bump.envFindings = envFindings(change, plan.configChanges);
  if (entry.artifacts !== undefined) {
    const missing = plan.releases.filter((release) => release.artifact === undefined);
    for (const release of missing)
      bump.reasons.push(
        `${INCOMPLETE}the artifact of ${release.version} could not be read (${release.missing ?? 'missing'}), so its config changes are not checked against this deployment`,
      );
    const unchecked = plan.releases.filter((release) => release.artifact !== undefined && !release.artifact.config.checked).map((release) => release.version);
    if (unchecked.length > 0 && change.env.length > 0)
      bump.reasons.push(`${INCOMPLETE}the config surface of ${unchecked.join(', ')} was not checked, so a renamed variable this deployment sets may be missed`);
  } else if (change.env.length > 0 && span.direction === 'upgrade') {
    bump.reasons.push(`note: the deployment's variables are not checked against the releases' config changes: images["${repository}"] has no "artifacts"`);
  }
  for (const problem of change.envProblems) bump.reasons.push(`note: ${problem}`);
  return bump;
}

async function artifactsOf(versions: readonly string[], source: string | undefined, options: EvaluateOptions): Promise<Map<string, ArtifactOutcome>> {
  if (source === undefined) return new Map(versions.map((version) => [version, { missing: 'no "artifacts" configured' }]));
  if (/^https?:\/\//i.test(source)) {
    try {
      return await loadArtifacts(versions, source, { timeoutMs: options.timeoutMs, offline: options.offline });
    } catch (error) {
      return new Map(versions.map((version) => [version, { missing: describeError(error) }]));
    }
  }
  const outcomes = new Map<string, ArtifactOutcome>();
  await Promise.all(
    versions.map(async (version) => {
      const path = `${source.replace(/\/+$/, '')}/${version}.json`;
      const text = await options.paths.read(path);
      outcomes.set(
        version,
        text === undefined ? { missing: `${options.paths.describe(path)}: no such file` } : checkedArtifact(text, options.paths.describe(path), version),
      );
    }),
  );
  return outcomes;
}

function artifactLink(source: string, version: string): string {
  if (/^https?:\/\//i.test(source)) return source.replaceAll('{version}', encodeURIComponent(version));
  return `${source.replace(/\/+$/, '')}/${version}.json`;
}

/** A variable a release of the span renames or removes that this deployment still sets under the old name. */
function envFindings(change: ImageChange, configChanges: readonly { release: string; change: ConfigChange }[]): EnvFinding[] {
  const findings: EnvFinding[] = [];
  for (const { release, change: configChange } of configChanges) {
    if (configChange.type !== 'renamed' && configChange.type !== 'removed') continue;
    const oldName = configChange.type === 'renamed' ? configChange.previousName : configChange.name;
    const newName = configChange.type === 'renamed' ? configChange.name : null;
    const setsNew = newName !== null && change.env.some((setting) => setting.name === newName);
    for (const setting of change.env.filter((candidate) => candidate.name === oldName)) {
      const edit =
        newName === null
          ? `remove ${oldName}: ${release} no longer reads it`
          : setsNew
            ? `remove ${oldName}: ${release} renamed it to ${newName}, which this deployment also sets`
            : `rename ${oldName} to ${newName}: ${release} reads only the new name`;
      findings.push({ release, change: configChange.type, oldName, newName, file: setting.file, line: setting.line, edit });
    }
  }
  return findings;
}
