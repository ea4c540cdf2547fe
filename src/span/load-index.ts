import { readFileSync, statSync } from 'node:fs';
import { readCappedBody } from '../core/http-body.js';
import type { ReleaseSafetyIndex } from '../artifact/types.js';
import { validateIndex } from '../artifact/validate-index.js';
import { describeError, InputError } from '../core/errors.js';
import { countParsedKeys, DuplicateKeyError } from '../core/json-duplicate-keys.js';
import type { CachedIndex } from './index-cache.js';
import { checkIndexStructure, recordSoundStructure } from './index-structure.js';
import { entriesPass, type EntriesPass } from './entries-pass.js';
import type { IndexSource } from './index-source.js';
import { parseJson, parseJsonLenient } from '../core/structured-text.js';
import { compareVersions, parseVersion } from '../core/version.js';

export const DEFAULT_FETCH_TIMEOUT_MS = 15_000;
/**
 * The largest index body read (decompressed), 64 MiB: the real 3,111-entry index is 0.9 MB, so this
 * leaves room for decades of releases while a gzip bomb (250 KB that inflates to gigabytes) is cut
 * off after 64 MiB instead of filling memory. `--max-index-bytes` raises it.
 */
export const DEFAULT_MAX_INDEX_BYTES = 64 * 1024 * 1024;

export interface LoadIndexOptions {
  /** Use the cache only; never touch the network. */
  offline?: boolean;
  timeoutMs?: number;
  /** Largest body read, after decompression (default {@link DEFAULT_MAX_INDEX_BYTES}). */
  maxBytes?: number;
  env?: NodeJS.ProcessEnv;
  /**
   * The span the index is loaded for (`upgrade-check`): entries outside it are schema-checked only
   * in what the structure checks and the span rules read of them (see {@link parseIndexForSpan}).
   */
  span?: { from: string; to: string };
}

export interface LoadedIndex {
  index: ReleaseSafetyIndex;
  /** Notes for stderr (a stale cached copy was used, the cache could not be written, …). */
  warnings: string[];
}

/** How many schema problems an error line names before it counts the rest. */
const SCHEMA_ERRORS_SHOWN = 3;

/**
 * Reads the index from a file or URL, then checks it (JSON, schema, order and uniqueness) before
 * anyone evaluates a span on it. Every failure is an {@link InputError} (exit 2) naming the source.
 */
export async function loadIndex(source: IndexSource, options: LoadIndexOptions = {}): Promise<LoadedIndex> {
  const span = options.span;
  const parse = span === undefined ? parseIndex : (text: string, where: string) => parseIndexForSpan(text, where, span);
  if (source.kind === 'file') return { index: parse(readIndexFile(source.location, options.maxBytes), source.location), warnings: [] };
  return fetchIndex(source.location, options, parse);
}

export function readIndexFile(filePath: string, maxBytes = DEFAULT_MAX_INDEX_BYTES): string {
  try {
    const size = statSync(filePath).size;
    if (size > maxBytes)
      throw new InputError(`index file ${filePath} is larger than ${maxBytes} bytes (raise --max-index-bytes if this index is really that large)`);
    return readFileSync(filePath, 'utf8');
  } catch (error) {
    if (error instanceof InputError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputError(`index file ${filePath} does not exist`);
    throw new InputError(`cannot read index file ${filePath}: ${describeError(error)}`);
  }
}

/** JSON → schema → structure; the message names where the text came from and what is wrong. */
export function parseIndex(text: string, where: string): ReleaseSafetyIndex {
  const index = parseIndexDocument(text, where);
  const problems = checkIndexStructure(index);
  if (problems.length > 0) throw new InputError(`index ${where} is not usable: ${problems.join('; ')}`);
  return index;
}

/**
 * JSON → schema only: well-formed entries. `index` reads an existing index this way and reports
 * structure problems itself (as warnings or errors), where a span check refuses an unusable index.
 */
export function parseIndexDocument(text: string, where: string): ReleaseSafetyIndex {
  const data = parseIndexJson(text, where);
  assertSchemaValid(data, where);
  return data as ReleaseSafetyIndex;
}

function parseIndexJson(text: string, where: string, countKeys?: (value: unknown) => number): unknown {
  try {
    return parseJson(text, countKeys);
  } catch (error) {
    if (error instanceof DuplicateKeyError) throw new InputError(`index ${where} is refused: ${describeError(error)}${entryNamed(text, error)}`);
    throw new InputError(`index ${where} is not valid JSON: ${describeError(error)}`);
  }
}

/** The whole document against the schema; throws the first problems as one line. */
function assertSchemaValid(data: unknown, where: string): void {
  const validation = validateIndex(data);
  if (!validation.valid) {
    const shown = validation.errors.slice(0, SCHEMA_ERRORS_SHOWN).join('; ');
    const more = validation.errors.length - SCHEMA_ERRORS_SHOWN;
    throw new InputError(`index ${where} does not match the index schema: ${shown}${more > 0 ? ` (and ${more} more)` : ''}`);
  }
}

/**
 * {@link parseIndex} for one span (`upgrade-check`, issue 36): the schema is checked in full only for
 * the entries between `from` and `to`, the only ones whose verdict fields the span rules read. Every
 * other entry first passes a cheap structural pass over exactly what the structure checks and the
 * span rules read of it (a plain object; `version`, `previousVersion`, `minPreviousVersion` and each
 * of `requiredStops` release versions or null where the schema allows it; `syntheticRequiredStop` a
 * boolean), and the document's top level is checked against the schema with its entries left out.
 * The real 3,111-entry index then skips ≈ 3,000 entries' schema checks (date-time formats, patterns,
 * unknown keys) on every call. Whatever fails, the full path runs first, so every index `parseIndex`
 * refuses for a reason the span reads is refused here with the same line; what is not read (a
 * malformed `releaseDate` or `rollingUpdateSafe` of a release outside the span) no longer is.
 * The cheap pass, the duplicate-key check's count of the entries' keys and, when it can prove there
 * is nothing to find, the structure checks are one loop ({@link entriesPass}).
 */
export function parseIndexForSpan(text: string, where: string, span: { from: string; to: string }): ReleaseSafetyIndex {
  let pass: EntriesPass | undefined;
  const data = parseIndexJson(text, where, (value) => {
    pass = entriesPass(value);
    return pass.entryKeys === undefined ? countParsedKeys(value) : countParsedKeys({ ...(value as object), entries: [] }) + pass.entryKeys;
  });
  const refuse = (problems: readonly string[]): never => {
    assertSchemaValid(data, where); // the full schema's line, as parseIndex would say it
    throw new InputError(`index ${where} is not usable: ${problems.join('; ')}`);
  };
  if (!pass?.plain || !validateIndex({ ...(data as object), entries: [] }).valid) refuse(['the index does not match its schema']);
  const index = data as ReleaseSafetyIndex;
  if (pass?.structureSound) recordSoundStructure(index);
  const problems = checkIndexStructure(index);
  if (problems.length > 0) refuse(problems);
  const window = spanWindow(index.entries, span);
  if (window !== undefined && !validateIndex({ ...index, entries: index.entries.slice(window.first, window.last + 1) }).valid)
    refuse(['the index does not match its schema']);
  return index;
}

/**
 * Positions of the entries from the lower to the higher end of the span (entries are sorted and
 * unique: the structure checks passed). `undefined` when an end is not a release version (the span
 * evaluation says so; nothing of the entries is read).
 */
function spanWindow(entries: ReleaseSafetyIndex['entries'], span: { from: string; to: string }): { first: number; last: number } | undefined {
  const from = parseVersion(span.from);
  const to = parseVersion(span.to);
  if (!from || !to) return undefined;
  const [low, high] = compareVersions(from, to) <= 0 ? [from, to] : [to, from];
  // First position whose version is >= low; last position whose version is <= high.
  const lowerBound = (atLeast: (position: number) => boolean): number => {
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const middle = (lo + hi) >>> 1;
      if (atLeast(middle)) hi = middle;
      else lo = middle + 1;
    }
    return lo;
  };
  const versionAt = (position: number) => parseVersion(entries[position]!.version)!;
  const first = lowerBound((position) => compareVersions(versionAt(position), low) >= 0);
  const last = lowerBound((position) => compareVersions(versionAt(position), high) > 0) - 1;
  return { first, last };
}

/** ` in the entry of version 1.2.0` when the duplicate sits inside `entries[n]` (read again: this is the error path only). */
function entryNamed(text: string, error: DuplicateKeyError): string {
  const [first, position] = error.segments;
  if (first !== 'entries' || typeof position !== 'number') return '';
  try {
    const version = (parseJsonLenient(text) as { entries?: { version?: unknown }[] }).entries?.[position]?.version;
    return typeof version === 'string' ? ` (the entry of version ${version})` : '';
  } catch {
    return '';
  }
}

async function fetchIndex(url: string, options: LoadIndexOptions, parseIndex: (text: string, where: string) => ReleaseSafetyIndex): Promise<LoadedIndex> {
  const env = options.env ?? process.env;
  // Loaded here, not at the top: a file index never needs the cache (nor node:crypto and node:os, ~5 ms of start-up; issue 21).
  const { cacheDirectory, readCachedIndex, writeCachedIndex } = await import('./index-cache.js');
  const directory = cacheDirectory(env);
  const cached = readCachedIndex(directory, url);
  const warnings: string[] = [];
  const fromCache = (record: CachedIndex) => ({ index: parseIndex(record.body, `${url} (cached copy)`), warnings });

  if (options.offline) {
    if (!cached) throw new InputError(`--offline: no cached copy of ${url} in ${directory}; run once online first`);
    return fromCache(cached);
  }

  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  let response: { status: number; body: string; etag: string | null; lastModified: string | null };
  try {
    response = await fetchWithTimeout(url, timeoutMs, options.maxBytes ?? DEFAULT_MAX_INDEX_BYTES, cached);
  } catch (error) {
    const reason = describeFetchError(error, timeoutMs);
    if (!cached) throw new InputError(`could not fetch the index ${url}: ${reason}`);
    warnings.push(`could not fetch the index ${url} (${reason}); using the cached copy from ${cached.fetchedAt}, which may be stale`);
    return fromCache(cached);
  }

  if (response.status === 304 && cached) {
    tryWriteCache(writeCachedIndex, directory, { ...cached, fetchedAt: new Date().toISOString() }, warnings);
    return fromCache(cached);
  }
  if (response.status !== 200) {
    const reason = `HTTP ${response.status}`;
    if (!cached) throw new InputError(`could not fetch the index ${url}: ${reason}`);
    warnings.push(`could not fetch the index ${url} (${reason}); using the cached copy from ${cached.fetchedAt}, which may be stale`);
    return fromCache(cached);
  }
  // A fresh body that fails its checks is an error even with a cached copy: the server said this is current.
  const index = parseIndex(response.body, url);
  tryWriteCache(
    writeCachedIndex,
    directory,
    { url, etag: response.etag, lastModified: response.lastModified, fetchedAt: new Date().toISOString(), body: response.body },
    warnings,
  );
  return { index, warnings };
}

/** A body that grew past the cap while it was read. */
class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the body is larger than ${maxBytes} bytes (raise --max-index-bytes if this index is really that large)`);
  }
}

async function fetchWithTimeout(url: string, timeoutMs: number, maxBytes: number, cached: CachedIndex | undefined) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (cached?.etag) headers['if-none-match'] = cached.etag;
  if (cached?.lastModified) headers['if-modified-since'] = cached.lastModified;
  try {
    const response = await fetch(url, { headers, signal: controller.signal, redirect: 'follow' });
    // The timeout covers the body too: a server that stalls mid-body must not hang the check.
    const body = await readCappedBody(response, maxBytes, controller, () => new BodyTooLargeError(maxBytes));
    return { status: response.status, body, etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
  } finally {
    clearTimeout(timer);
  }
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'AbortError') return `timed out after ${timeoutMs} ms`;
  const cause = (error as { cause?: unknown }).cause;
  return cause ? `${describeError(error)}: ${describeError(cause)}` : describeError(error);
}

function tryWriteCache(writeCachedIndex: (directory: string, record: CachedIndex) => void, directory: string, record: CachedIndex, warnings: string[]): void {
  try {
    writeCachedIndex(directory, record);
  } catch (error) {
    warnings.push(`could not write the index cache in ${directory}: ${describeError(error)}`);
  }
}
