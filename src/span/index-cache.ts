import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../core/write-atomic.js';

/**
 * The on-disk cache of fetched indexes: one JSON file per URL (named by the SHA-256 of the URL)
 * holding the body with its validators, so a repeat check can ask "changed since?" and work offline.
 * Body and validators live in one file so one atomic rename keeps them consistent.
 */
export interface CachedIndex {
  url: string;
  etag: string | null;
  lastModified: string | null;
  /** ISO time of the last response that delivered or confirmed this body. */
  fetchedAt: string;
  body: string;
}

export { CACHE_DIR_ENV, cacheDirectory } from '../core/cache-directory.js';

export function cacheFilePath(directory: string, url: string): string {
  return path.join(directory, `index-${createHash('sha256').update(url).digest('hex')}.json`);
}

/** The cached copy of `url`, or undefined when there is none or it is unreadable (then it is ignored). */
export function readCachedIndex(directory: string, url: string): CachedIndex | undefined {
  try {
    const record = JSON.parse(readFileSync(cacheFilePath(directory, url), 'utf8')) as Partial<CachedIndex>;
    if (record.url !== url || typeof record.body !== 'string' || typeof record.fetchedAt !== 'string') return undefined;
    return { url, etag: record.etag ?? null, lastModified: record.lastModified ?? null, fetchedAt: record.fetchedAt, body: record.body };
  } catch {
    return undefined;
  }
}

/** Writes atomically: a temporary file in the same folder, then a rename over the old copy. */
export function writeCachedIndex(directory: string, record: CachedIndex): void {
  mkdirSync(directory, { recursive: true });
  const target = cacheFilePath(directory, record.url);
  writeFileAtomic(target, JSON.stringify(record));
}
