import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describeError } from '../core/errors.js';
import type { Tri } from '../core/tristate.js';
import { renderMarkdownReport } from '../generate/report.js';
import { serializeArtifact, writeFileAtomic } from '../artifact/write.js';
import { neutraliseMarkersInText } from '../core/own-outputs.js';
import type { ReleaseSafetyArtifact } from '../artifact/types.js';
import { generateRelease } from '../generate/generate.js';
import type { GenerateOutcome } from '../generate/generate.js';
import { openRepository } from '../git/index.js';
import type { Repository } from '../git/index.js';
import { validateArtifact } from '../artifact/validate.js';
import { minPreviousVersionFrom } from '../verdict/verdict.js';
import type { BackfillPair } from './backfill-plan.js';
import { failClosedArtifact } from './fail-closed.js';
import { backfillReportPath } from './load.js';
import { parseJson } from '../core/structured-text.js';
import { openDerivedCache } from '../cache/derived-cache.js';
import { createHeapGuard } from './heap-guard.js';
import type { DerivedCache } from '../stages/contract.js';

/**
 * One worker's share of a backfill: a contiguous run of pairs over ONE repository session, so the
 * persistent `cat-file --batch`, the tree listings and the blob-text cache serve every pair in turn
 * (neighbouring releases share almost every blob).
 */
export interface PairJob {
  repoDir: string;
  outDir: string;
  config?: { text: string; source: string };
  pairs: BackfillPair[];
  /** Whether derived results (released migrations) are read from and written to the disk cache (`--no-cache`: false). */
  diskCache: boolean;
}

export interface PairResult {
  version: string;
  previousVersion: string;
  status: 'generated' | 'failed';
  rollingUpdateSafe: Tri;
  /** Wall time of this pair (generate + write), milliseconds. */
  ms: number;
  /** Why generation failed (the artifact is then fail-closed). */
  error?: string;
}

export function artifactPath(outDir: string, version: string): string {
  return join(outDir, `${version}.json`);
}

export function reportPath(outDir: string, version: string): string {
  return backfillReportPath(artifactPath(outDir, version));
}

/** First words of the failure line of a sidecar report: how a resumed run recognises a fail-closed artifact. */
const FAILURE_LINE = 'Generation failed: ';

/**
 * Whether a resumed run may skip this release: its artifact exists and was really generated. A
 * fail-closed artifact (its report says generation failed) is retried, so a fixed cause (a config,
 * a crash) does not stay baked into the history.
 */
export function isDone(outDir: string, version: string): boolean {
  if (!existsSync(artifactPath(outDir, version))) return false;
  const report = reportPath(outDir, version);
  if (!existsSync(report)) return true;
  return !readFileSync(report, 'utf8')
    .split('\n')
    .some((line) => line.startsWith(FAILURE_LINE));
}

/** A release's artifact as this backfill knows it: just produced, or found in the out-dir. */
export interface KnownArtifact {
  version: string;
  artifact: unknown;
}

/**
 * The previous release's artifact of `pair`, which carries `minPreviousVersion` on: the one this
 * worker just produced when it is the base's, else `<base>.json` in the out-dir (a resumed run, or the
 * neighbouring run of another job), else none (then `generate` falls back to the committed file).
 */
export function previousArtifactOf(outDir: string, pair: BackfillPair, justProduced: KnownArtifact | undefined): KnownArtifact | undefined {
  const version = pair.base.version;
  if (justProduced?.version === version) return justProduced;
  const path = artifactPath(outDir, version);
  if (!existsSync(path)) return undefined;
  try {
    return { version, artifact: parseJson(readFileSync(path, 'utf8')) };
  } catch {
    // Unreadable or half-edited by hand: not a source of a floor; the committed file is tried instead.
    return undefined;
  }
}

/** One repository session for a run of pairs; `onResult` gets each pair as its files are written. */
export async function processPairs(job: PairJob, onResult: (result: PairResult) => void): Promise<void> {
  const session = await openSession(job.repoDir, job.diskCache);
  const heap = createHeapGuard();
  try {
    let produced: KnownArtifact | undefined;
    for (const pair of job.pairs) {
      const { result, artifact } = await processPair(session, job, pair, previousArtifactOf(job.outDir, pair, produced));
      produced = { version: pair.head.version, artifact };
      onResult(result);
      heap.check();
    }
  } finally {
    await session.repository?.close();
  }
}

export interface RepositorySession {
  repository: Repository | undefined;
  openError: string | undefined;
  /** Shared by the session's pairs: each released migration is extracted once per content, not once per pair. */
  derivedCache: DerivedCache;
}

export async function openSession(repoDir: string, diskCache: boolean): Promise<RepositorySession> {
  const derivedCache = openDerivedCache({ disk: diskCache });
  try {
    return { repository: await openRepository(repoDir), openError: undefined, derivedCache };
  } catch (error) {
    return { repository: undefined, openError: `cannot open the repository: ${describeError(error)}`, derivedCache };
  }
}

/** Generates and writes one pair (fail-closed on any error); returns its result and the artifact written. */
export async function processPair(
  session: RepositorySession,
  job: Pick<PairJob, 'outDir' | 'config'>,
  pair: BackfillPair,
  previous: KnownArtifact | undefined,
): Promise<{ result: PairResult; artifact: ReleaseSafetyArtifact }> {
  const { repository, openError, derivedCache } = session;
  const started = performance.now();
  const version = pair.head.version;
  const previousVersion = pair.base.version;
  let artifact: ReleaseSafetyArtifact;
  let report: string;
  try {
    if (!repository) throw new Error(openError ?? 'no repository');
    const outcome = await generateRelease(repository, {
      // Full ref names: exact even when a branch shares the tag's name.
      from: `refs/tags/${pair.base.tag}`,
      to: `refs/tags/${pair.head.tag}`,
      version,
      previousVersion,
      config: job.config,
      derivedCache,
      // The label names no folder: serial and parallel runs into different folders write the same reports.
      ...(previous ? { previousArtifact: { data: previous.artifact, source: `${previous.version}.json written by backfill` } } : {}),
    });
    artifact = outcome.artifact;
    report = retroactiveReport(pair, outcome);
  } catch (caught) {
    return failPair(job.outDir, pair, describeError(caught), started, previous);
  }
  return { result: writePair(job.outDir, pair, artifact, report, undefined, started), artifact };
}

/**
 * Writes the fail-closed artifact of a pair that could not be generated, with the cause in its report.
 * Its floor is still carried from the previous artifact (when that one is valid).
 */
export function failPair(
  outDir: string,
  pair: BackfillPair,
  error: string,
  started = performance.now(),
  previous: KnownArtifact | undefined = previousArtifactOf(outDir, pair, undefined),
): { result: PairResult; artifact: ReleaseSafetyArtifact } {
  const artifact = failClosedArtifact(pair.head.version, pair.base.version, pair.head.date, carriedFloor(previous));
  return { result: writePair(outDir, pair, artifact, failedReport(pair, error), error, started), artifact };
}

function carriedFloor(previous: KnownArtifact | undefined): string | null {
  if (!previous || !validateArtifact(previous.artifact).valid) return null;
  return minPreviousVersionFrom((previous.artifact as ReleaseSafetyArtifact).upgrade).minPreviousVersion;
}

function writePair(
  outDir: string,
  pair: BackfillPair,
  artifact: ReleaseSafetyArtifact,
  report: string,
  error: string | undefined,
  started: number,
): PairResult {
  const version = pair.head.version;
  // The report (the retroactive marker `index` looks for) first, the artifact last: an artifact on
  // disk always has its marker, and a run interrupted in between simply redoes the pair.
  // A quoted declaration stays a quote: the committed report never reads as a declaration (core/own-outputs.ts).
  writeFileAtomic(reportPath(outDir, version), neutraliseMarkersInText(report));
  writeFileAtomic(artifactPath(outDir, version), serializeArtifact(artifact));
  return {
    version,
    previousVersion: pair.base.version,
    status: error === undefined ? 'generated' : 'failed',
    rollingUpdateSafe: artifact.compatibility.rollingUpdateSafe,
    ms: Math.round(performance.now() - started),
    ...(error === undefined ? {} : { error }),
  };
}

function retroactiveBanner(pair: BackfillPair): string {
  return (
    `> **Generated retroactively** by \`release-safety backfill\` from tags \`${pair.base.tag}\` → \`${pair.head.tag}\`; ` +
    `this artifact was not published with the release. In the index its entry is marked \`backfilled: true\`.\n` +
    `> The previous release is the nearest release tag that is an ancestor of this one (numeric order breaks ties)${pair.note === undefined ? '' : `: ${pair.note}`}.\n`
  );
}

function retroactiveReport(pair: BackfillPair, outcome: GenerateOutcome): string {
  const markdown = renderMarkdownReport(outcome);
  const [title, ...rest] = markdown.split('\n');
  return [`${title} (generated retroactively)`, '', retroactiveBanner(pair).trimEnd(), ...rest].join('\n');
}

function failedReport(pair: BackfillPair, error: string): string {
  return [
    `# Release safety: ${pair.head.version} (generated retroactively)`,
    '',
    retroactiveBanner(pair),
    `${FAILURE_LINE}${error.replace(/\s+/g, ' ')}`,
    '',
    'The artifact is fail-closed: every surface unchecked, `rollingUpdateSafe: "unknown"`, strategy `Recreate`.',
    '',
  ].join('\n');
}
