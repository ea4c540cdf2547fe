import { readFileSync, statSync } from 'node:fs';
import { readCappedBody } from '../core/http-body.js';
import type { ReleaseSafetyIndex } from '../artifact/types.js';
import { validateIndex } from '../artifact/validate-index.js';
import { describeError, InputError } from '../core/errors.js';
import { DuplicateKeyError } from '../core/json-duplicate-keys.js';
import type { CachedIndex } from './index-cache.js';
import { checkIndexStructure } from './index-structure.js';
import type { IndexSource } from './index-source.js';
import { parseJson, parseJsonLenient } from '../core/structured-text.js';

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
  if (source.kind === 'file') return { index: parseIndex(readIndexFile(source.location, options.maxBytes), source.location), warnings: [] };
  return fetchIndex(source.location, options);
}

export function readIndexFile(filePath: string, maxBytes = DEFAULT_MAX_INDEX_BYTES): string {
  try {
    const size = statSync(filePath).size;
    if (size > maxBytes) throw new InputError(`index file ${filePath} is larger than ${maxBytes} bytes (raise --max-index-bytes if this index is really that large)`);
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
  let data: unknown;
  try {
    data = parseJson(text);
  } catch (error) {
    if (error instanceof DuplicateKeyError) throw new InputError(`index ${where} is refused: ${describeError(error)}${entryNamed(text, error)}`);
    throw new InputError(`index ${where} is not valid JSON: ${describeError(error)}`);
  }
  const validation = validateIndex(data);
  if (!validation.valid) {
    const shown = validation.errors.slice(0, SCHEMA_ERRORS_SHOWN).join('; ');
    const more = validation.errors.length - SCHEMA_ERRORS_SHOWN;
    throw new InputError(`index ${where} does not match the index schema: ${shown}${more > 0 ? ` (and ${more} more)` : ''}`);
  }
  return data as ReleaseSafetyIndex;
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

async function fetchIndex(url: string, options: LoadIndexOptions): Promise<LoadedIndex> {
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
  tryWriteCache(writeCachedIndex, directory, { url, etag: response.etag, lastModified: response.lastModified, fetchedAt: new Date().toISOString(), body: response.body }, warnings);
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
