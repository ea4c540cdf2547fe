import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { InputError, describeError } from '../core/errors.js';
import { parseConfig } from '../config/load.js';
import { tagPatterns } from '../core/tag-pattern.js';
import { openRepository } from '../git/index.js';
import { planPairsByAncestry } from './backfill-ancestry.js';
import { ancestryOfReleases } from './commit-reachability.js';
import { committedConfig, isAncestorIn, tagNames } from './committed-config.js';
import { shortFormNotes } from './short-tags.js';
import { releaseTagsInRange, type BackfillPair } from './backfill-plan.js';
import { artifactPath, failPair, isDone, openSession, previousArtifactOf, processPair, processPairs } from './backfill-pairs.js';
import type { PairJob, PairResult, RepositorySession } from './backfill-pairs.js';
import { chooseReleaseTags } from './load.js';
import type { BackfillProgress } from './progress.js';

/**
 * `backfill`: an artifact for every consecutive pair of release tags from `--from` to `--to`.
 * Resumable (an existing `<version>.json` is skipped unless `force`, or unless it was failed closed:
 * those are retried); a pair that fails gets a
 * fail-closed artifact and a warning and the run goes on; `jobs` > 1 splits the pairs into
 * contiguous runs, one worker thread and one repository session each.
 */
export interface BackfillOptions {
  repoDir: string;
  from: string;
  to: string;
  outDir: string;
  configFile?: string;
  /** Default: {@link defaultJobs}. */
  jobs?: number;
  force?: boolean;
  /** `--no-cache`: derived results are kept in memory for the run only, never read from or written to disk. */
  noCache?: boolean;
  progress: BackfillProgress;
}

export interface BackfillSummary {
  /** Pairs in the range. */
  pairs: number;
  /** Versions whose artifact already existed (resume). */
  skipped: string[];
  /** One per pair generated in this run, in version order. */
  results: PairResult[];
  jobs: number;
  totalMs: number;
}

/**
 * One job below 4 cores: on 2 cores a second worker measured slower (more CPU for the second copy of
 * the stages and caches, nothing gained in wall time; bench/backfill-ratio.mjs). From 4 cores, half
 * of them (at most 4), leaving the rest to git and the operating system.
 */
export function defaultJobs(cores = availableParallelism()): number {
  return cores < 4 ? 1 : Math.min(4, Math.floor(cores / 2));
}

export async function runBackfill(options: BackfillOptions): Promise<BackfillSummary> {
  const started = performance.now();
  const config = options.configFile === undefined ? undefined : readConfig(options.configFile);
  // A bad --config is the user's mistake, not a property of each release: refuse it once, up front.
  // Without --config, the tag patterns come from the repository's own config (init writes them).
  const parsedConfig = config ? await parseConfig(config.text, config.source) : (await committedConfig(options.repoDir))?.config;
  const patterns = tagPatterns(parsedConfig?.tags);
  const repository = await openRepository(options.repoDir);
  let tagChoice;
  try {
    tagChoice = chooseReleaseTags(await repository.releaseTags(patterns));
  } finally {
    await repository.close();
  }
  for (const note of tagChoice.notes) options.progress.warn(note);
  for (const note of shortFormNotes(await tagNames(options.repoDir), patterns, tagChoice.tags)) options.progress.warn(note);
  const releaseCommits = releaseTagsInRange(tagChoice.tags, options.from, options.to).map((tag) => tag.commit);
  const isAncestor = await ancestryOfReleases(options.repoDir, releaseCommits, isAncestorIn(options.repoDir));
  const ancestry = await planPairsByAncestry(tagChoice.tags, options.from, options.to, isAncestor);
  for (const note of ancestry.notes) options.progress.warn(note);
  const pairs = ancestry.pairs;

  mkdirSync(options.outDir, { recursive: true });
  const pending = options.force ? pairs : pairs.filter((pair) => !isDone(options.outDir, pair.head.version));
  const skipped = options.force ? [] : pairs.filter((pair) => !pending.includes(pair)).map((pair) => pair.head.version);
  const jobs = Math.max(1, Math.min(options.jobs ?? defaultJobs(), pending.length));
  options.progress.start(pending.length, skipped.length, jobs);

  const results: PairResult[] = [];
  const onResult = (result: PairResult) => {
    results.push(result);
    if (result.error !== undefined) options.progress.warn(`${result.version}: generation failed, wrote a fail-closed artifact (${result.error})`);
    options.progress.result(result);
  };
  const chunks = splitContiguous(pending, jobs).map((chunk): PairJob => ({
    repoDir: options.repoDir,
    outDir: options.outDir,
    config,
    pairs: chunk,
    diskCache: options.noCache !== true,
  }));
  const workerFile = fileURLToPath(new URL('./backfill-worker.js', import.meta.url));
  if (chunks.length <= 1 || !existsSync(workerFile)) {
    // One job, or running from source (tests): the same code in this thread.
    for (const chunk of chunks) await processPairs(chunk, onResult);
  } else {
    await Promise.all(chunks.map((chunk) => runWorker(workerFile, chunk, onResult)));
    // Each run after the first started before the run before it had written its last artifact.
    for (const redone of await carryAcrossRuns(chunks))
      results.splice(
        results.findIndex((result) => result.version === redone.version),
        1,
        redone,
      );
  }
  options.progress.finish();
  const order = new Map(pending.map((pair, position) => [pair.head.version, position]));
  results.sort((a, b) => (order.get(a.version) ?? 0) - (order.get(b.version) ?? 0));
  return { pairs: pairs.length, skipped, results, jobs, totalMs: Math.round(performance.now() - started) };
}

/**
 * `minPreviousVersion` travels from each artifact to the next, but parallel runs start together: the
 * first pair of run k was generated before run k-1 had written the artifact it follows. Here, in
 * order, each run's pairs are generated again from the final artifact before them until one comes out
 * unchanged (from there on the run already had the right input: a pair depends only on its own refs
 * and the artifact before it). Without required stops only the first pair of each run is redone, and
 * the files are then byte-identical to a serial run's.
 */
async function carryAcrossRuns(chunks: readonly PairJob[]): Promise<PairResult[]> {
  const redone: PairResult[] = [];
  let session: RepositorySession | undefined;
  try {
    for (const chunk of chunks.slice(1)) {
      for (const pair of chunk.pairs) {
        const path = artifactPath(chunk.outDir, pair.head.version);
        const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
        session ??= await openSession(chunk.repoDir, chunk.diskCache);
        const { result } = await processPair(session, chunk, pair, previousArtifactOf(chunk.outDir, pair, undefined));
        redone.push(result);
        if (readFileSync(path, 'utf8') === before) break;
      }
    }
  } finally {
    await session?.repository?.close();
  }
  return redone;
}

function readConfig(file: string): { text: string; source: string } {
  try {
    return { text: readFileSync(file, 'utf8'), source: file };
  } catch (error) {
    throw new InputError(`cannot read --config ${file}: ${describeError(error)}`);
  }
}

/** `jobs` runs of neighbouring pairs (neighbours share blobs, so each worker's cache keeps paying). */
export function splitContiguous<T>(items: readonly T[], parts: number): T[][] {
  const chunks: T[][] = [];
  let start = 0;
  for (let part = 0; part < parts; part++) {
    const end = Math.round(((part + 1) * items.length) / parts);
    if (end > start) chunks.push(items.slice(start, end));
    start = end;
  }
  return chunks;
}

/** Runs one chunk in a worker thread; pairs it never reported (a crash) are failed closed here. */
function runWorker(workerFile: string, job: PairJob, onResult: (result: PairResult) => void): Promise<void> {
  return new Promise((resolve) => {
    const reported = new Set<string>();
    let settled = false;
    const worker = new Worker(workerFile, { workerData: job });
    const settle = (crash: string | undefined) => {
      if (settled) return;
      settled = true;
      const unreported = job.pairs.filter((candidate: BackfillPair) => !reported.has(candidate.head.version));
      // Never a silently missing release: whatever the worker did not report is failed closed here.
      for (const pair of unreported) onResult(failPair(job.outDir, pair, `backfill worker failed: ${crash ?? 'ended without a result'}`).result);
      void worker.terminate();
      resolve();
    };
    worker.on('message', (message: { type: 'result'; result: PairResult } | { type: 'done' } | { type: 'crash'; error: string }) => {
      if (message.type === 'result') {
        reported.add(message.result.version);
        onResult(message.result);
      } else settle(message.type === 'crash' ? message.error : undefined);
    });
    worker.on('error', (error) => settle(describeError(error)));
    worker.on('exit', (code) => settle(code === 0 ? undefined : `worker exited with code ${code}`));
  });
}
