import { createHash } from 'node:crypto';
import type { ChangedPath, Side, StageInput } from '../contract.js';
import { mayMentionMarker, mentionsMarker, scanAnnotations, type Annotation, type MalformedAnnotation } from './annotations.js';
import { compareText } from '../../core/compare-text.js';
import { isOwnOutput } from '../../core/own-outputs.js';

/**
 * Finds the annotations that are new in `to`: only changed paths are read (never an unchanged
 * blob), a substring test comes before any parsing, binary and very large files are skipped.
 * New means: the (kind, reason) pair occurs more often at head than at base, first counted within
 * the same file, then across the release, so a moved or renamed file does not re-declare.
 */

/** Files larger than this are not scanned (a note says so): generated bundles, lock files, dumps. */
export const MAX_SCANNED_CHARS = 5 * 1024 * 1024;
const READ_CONCURRENCY = 16;

export interface LocatedAnnotation extends Annotation {
  file: string;
}

export interface LocatedMalformed extends MalformedAnnotation {
  file: string;
}

export interface NewAnnotations {
  annotations: LocatedAnnotation[];
  malformed: LocatedMalformed[];
  skippedLargeFiles: string[];
  /** Changed files at `to` that are not UTF-8 text (UTF-16, UTF-32, binary) yet mention the marker: not read. */
  undecodableFiles: string[];
  /** Changed files this tool wrote (reports, artifacts, indexes: core/own-outputs.ts) that mention the marker: never read as declarations. */
  ownOutputs: string[];
}

type SideScan = NewAnnotations;

export async function findNewAnnotations(input: StageInput): Promise<NewAnnotations> {
  const head = await scanSide(input, 'head', pathsWith(input.changes, ['added', 'modified']));
  if (head.annotations.length === 0 && head.malformed.length === 0) {
    return { annotations: [], malformed: [], skippedLargeFiles: head.skippedLargeFiles, undecodableFiles: head.undecodableFiles, ownOutputs: head.ownOutputs };
  }
  // Only now is the base worth reading: the files that changed or went away, where an annotation may have come from.
  const base = await scanSide(input, 'base', pathsWith(input.changes, ['modified', 'deleted']));
  return {
    annotations: subtractExisting(head.annotations, base.annotations, (a) => `${a.kind}\0${a.reason}`),
    malformed: subtractExisting(head.malformed, base.malformed, (m) => m.statement),
    skippedLargeFiles: [...new Set([...head.skippedLargeFiles, ...base.skippedLargeFiles])].sort(),
    // Undecodable at `from` only makes more head annotations look new (more cautious), never fewer.
    undecodableFiles: head.undecodableFiles,
    ownOutputs: head.ownOutputs,
  };
}

function pathsWith(changes: readonly ChangedPath[], statuses: readonly ChangedPath['status'][]): string[] {
  return changes
    .filter((change) => statuses.includes(change.status))
    .map((change) => change.path)
    .sort();
}

async function scanSide(input: StageInput, side: Side, changedPaths: readonly string[]): Promise<SideScan> {
  const scan: SideScan = { annotations: [], malformed: [], skippedLargeFiles: [], undecodableFiles: [], ownOutputs: [] };
  // A changed path without a blob on this side (a submodule bump) has no text to scan.
  const paths = changedPaths.filter((path) => input.trees[side].has(path));
  const prefilter = prefilterMemo(input, side, paths);
  const perFile = await mapWithConcurrency(paths, READ_CONCURRENCY, async (path) => {
    const blob = input.trees[side].get(path);
    if (blob !== undefined && prefilter.cleared?.has(blob)) return { path, large: false, found: undefined };
    const bytes = await input.readBytes?.(side, path);
    if (bytes !== undefined && !mayMentionMarker(bytes)) {
      if (blob !== undefined) prefilter.newlyCleared.push(blob);
      return { path, large: false, found: undefined };
    }
    const text = await input.read(side, path);
    if (text === undefined) throw new Error(`${path}: listed as changed but missing at ${side === 'base' ? 'base (from)' : 'head (to)'}`);
    if (text.includes('\0')) {
      // A NUL means binary, or UTF-16/32 text (every ASCII letter beside a NUL). A binary blob declares
      // nothing, even with the marker's bytes inside; but a marker that shows only once the NULs are
      // removed is text in an encoding this scanner does not read: reported, never skipped.
      const probe = text.slice(0, MAX_SCANNED_CHARS * 2);
      return { path, large: false, undecodable: !mentionsMarker(probe) && mentionsMarker(probe.replace(/\0/g, '')), found: undefined };
    }
    if (!mentionsMarker(text)) return { path, large: false, found: undefined };
    if (isOwnOutput(path, text)) return { path, large: false, own: true, found: undefined };
    if (text.length > MAX_SCANNED_CHARS) return { path, large: true, found: undefined };
    return { path, large: false, found: scanAnnotations(text) };
  });
  prefilter.remember();
  for (const { path, large, undecodable, own, found } of perFile) {
    if (large) scan.skippedLargeFiles.push(path);
    if (own) scan.ownOutputs.push(path);
    if (undecodable) scan.undecodableFiles.push(path);
    if (!found) continue;
    scan.annotations.push(...found.annotations.map((annotation) => ({ ...annotation, file: path })));
    scan.malformed.push(...found.malformed.map((malformed) => ({ ...malformed, file: path })));
  }
  return scan;
}

/**
 * The blobs of one side's changed files whose bytes the pre-filter cleared (no "safety" in them), kept
 * in the derived cache under the set of blob ids scanned: a warm backfill re-ran the pre-filter over
 * every changed file of every release, reading each whole through git — a 1.25 MB changelog edited by
 * every release of the reference service among them (issue 36). A cleared blob is never read; every
 * other blob is read and tested as before. What the pre-filter says depends on the blob's bytes alone,
 * so the blob id (with the tool fingerprint the cache keeps) is the whole key of each answer.
 */
const PREFILTER_KIND = 'declarations-prefilter/1';

interface PrefilterMemo {
  cleared: ReadonlySet<string> | undefined;
  newlyCleared: string[];
  remember(): void;
}

function prefilterMemo(input: StageInput, side: Side, paths: readonly string[]): PrefilterMemo {
  const cache = input.derivedCache;
  const newlyCleared: string[] = [];
  // Only where bytes are read (the pre-filter runs on them) and a cache is kept.
  if (!cache || !input.readBytes || paths.length === 0) return { cleared: undefined, newlyCleared, remember: () => undefined };
  const blobs = [...new Set(paths.map((path) => input.trees[side].get(path) ?? ''))].sort();
  const key = JSON.stringify([PREFILTER_KIND, createHash('sha256').update(blobs.join('\n')).digest('hex')]);
  const stored = cache.get(key);
  // Untrusted: of the right shape and naming only blobs of this set, else recomputed.
  const known = new Set(blobs);
  const cleared =
    Array.isArray(stored) && stored.every((blob) => typeof blob === 'string' && known.has(blob)) ? new Set<string>(stored as string[]) : undefined;
  return {
    cleared,
    newlyCleared,
    remember: () => {
      if (!cleared) cache.set(key, [...newlyCleared].sort());
    },
  };
}

/** Head items not matched by an equal base item: same file first, then anywhere in the release. */
function subtractExisting<T extends { file: string; line: number }>(head: readonly T[], base: readonly T[], keyOf: (item: T) => string): T[] {
  const sameFile = countBy(base, (item) => `${item.file}\0${keyOf(item)}`);
  const ordered = [...head].sort((a, b) => compareText(a.file, b.file) || a.line - b.line);
  const unmatched = ordered.filter((item) => !take(sameFile, `${item.file}\0${keyOf(item)}`));
  // Base items not used by their own file may still explain a head item that moved to another file.
  const leftover = new Map<string, number>();
  for (const [key, count] of sameFile) {
    const plainKey = key.slice(key.indexOf('\0') + 1);
    leftover.set(plainKey, (leftover.get(plainKey) ?? 0) + count);
  }
  return unmatched.filter((item) => !take(leftover, keyOf(item)));
}

function countBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return counts;
}

function take(counts: Map<string, number>, key: string): boolean {
  const count = counts.get(key) ?? 0;
  if (count === 0) return false;
  counts.set(key, count - 1);
  return true;
}

async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
