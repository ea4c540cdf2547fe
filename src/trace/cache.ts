/**
 * The rebuilt `from` schema, cached: PGlite's data directory (a gzipped tarball) keyed by the
 * migrations that built it (path and blob id of each, in order) and the PGlite version, in the cache
 * folder the index cache uses (`RELEASE_SAFETY_CACHE_DIR`, else XDG, else ~/.cache/release-safety).
 * Consecutive releases and backfills share it: release N's `to` is release N+1's `from`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ReplaySummary } from './types.js';

/** Bumped when what is cached changes meaning (replay or seeding rules). */
const CACHE_FORMAT = 1;

function pgliteVersion(): string {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const manifest = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version?: string };
    return manifest.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function stateKey(migrations: ReadonlyArray<{ path: string; blobId: string }>): string {
  const identity = JSON.stringify([CACHE_FORMAT, pgliteVersion(), migrations.map((entry) => [entry.path, entry.blobId])]);
  return createHash('sha256').update(identity).digest('hex').slice(0, 32);
}

/**
 * Key of a freshly initialised database: starting PGlite from this dump skips its initdb, which is
 * most of a cold start (measured 4–18 s against 1–4 s, depending on the machine's load).
 */
export function pristineKey(): string {
  return `pristine-${createHash('sha256').update(JSON.stringify([CACHE_FORMAT, pgliteVersion()])).digest('hex').slice(0, 16)}`;
}

/** The cached data directory alone (the pristine state has no replay summary). */
export function readCachedDump(directory: string, key: string): Blob | undefined {
  try {
    return new Blob([readFileSync(files(directory, key).data)]);
  } catch {
    return undefined;
  }
}

export async function writeCachedDump(directory: string, key: string, dump: Blob): Promise<void> {
  const { data } = files(directory, key);
  mkdirSync(path.dirname(data), { recursive: true });
  const temporary = `${data}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
  renameSync(temporary, data);
}

const files = (directory: string, key: string) => ({ data: path.join(directory, 'trace', `${key}.tar.gz`), summary: path.join(directory, 'trace', `${key}.json`) });

/** The cached state, or undefined when there is none (or it cannot be read: then it is rebuilt). */
export function readCachedState(directory: string, key: string): { dump: Blob; replay: ReplaySummary } | undefined {
  try {
    const { data, summary } = files(directory, key);
    const replay = JSON.parse(readFileSync(summary, 'utf8')) as ReplaySummary;
    return { dump: new Blob([readFileSync(data)]), replay };
  } catch {
    return undefined;
  }
}

/** Writes both files through a temporary name, the summary last: a reader never sees half a state. */
export async function writeCachedState(directory: string, key: string, dump: Blob, replay: ReplaySummary): Promise<void> {
  const { data, summary } = files(directory, key);
  mkdirSync(path.dirname(data), { recursive: true });
  const temporary = `.${process.pid}.tmp`;
  writeFileSync(data + temporary, Buffer.from(await dump.arrayBuffer()));
  renameSync(data + temporary, data);
  writeFileSync(summary + temporary, JSON.stringify(replay));
  renameSync(summary + temporary, summary);
}
