/**
 * The rebuilt `from` schema, cached: PGlite's data directory (a gzipped tarball) keyed by the
 * migrations that built it (path and blob id of each, in order) and the PGlite version, in the cache
 * folder the index cache uses (`RELEASE_SAFETY_CACHE_DIR`, else XDG, else ~/.cache/release-safety).
 *
 * Consecutive releases share it: release N+1's `from` holds release N's `from` migrations plus a few,
 * so the longest cached prefix is loaded and only the rest is replayed (see {@link longestCachedPrefix}).
 * A pristine (initdb'ed, empty) data directory is cached too: initdb is most of a cold start.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ReplaySummary } from './types.js';
import { writeFileAtomic } from '../core/write-atomic.js';

/** Bumped when what is cached changes meaning (replay rules; 2: the files each migration imported are part of its identity). */
const CACHE_FORMAT = 2;

/**
 * What one replayed migration was: its path and blob id, and a digest of the path and blob id of
 * every file its extraction read besides itself (a knex migration's imported constants decide its
 * SQL: the same blob builds another schema in another repository), or `failed` when it could not be
 * extracted (then nothing of it ran).
 */
export interface MigrationIdentity {
  path: string;
  blobId: string;
  reads: string;
}

/** What is stored beside a cached data directory. */
export interface CachedStateSummary {
  format: number;
  pglite: string;
  migrations: Array<[path: string, blobId: string, reads: string]>;
  replay: ReplaySummary;
}

let version: string | undefined;
function pgliteVersion(): string {
  if (version !== undefined) return version;
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const manifest = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version?: string };
    version = manifest.version ?? 'unknown';
  } catch {
    version = 'unknown';
  }
  return version;
}

const identity = (migrations: readonly MigrationIdentity[]): Array<[string, string, string]> =>
  migrations.map((entry) => [entry.path, entry.blobId, entry.reads]);

/** The {@link MigrationIdentity.reads} of an extraction that read these files (path → blob id, null: absent). */
export function readsDigest(reads: ReadonlyArray<readonly [string, string | null]> | undefined): string {
  if (reads === undefined) return 'failed';
  const sorted = [...new Set(reads.map(([path, blob]) => `${path}\0${blob ?? ''}`))].sort();
  return createHash('sha256').update(sorted.join('\n')).digest('hex').slice(0, 32);
}

export function stateKey(migrations: readonly MigrationIdentity[]): string {
  return createHash('sha256')
    .update(JSON.stringify([CACHE_FORMAT, pgliteVersion(), identity(migrations)]))
    .digest('hex')
    .slice(0, 32);
}

/** Key of a freshly initialised database. */
export function pristineKey(): string {
  return `pristine-${createHash('sha256')
    .update(JSON.stringify([CACHE_FORMAT, pgliteVersion()]))
    .digest('hex')
    .slice(0, 16)}`;
}

const folder = (directory: string) => path.join(directory, 'trace');
const files = (directory: string, key: string) => ({
  data: path.join(folder(directory), `${key}.tar.gz`),
  summary: path.join(folder(directory), `${key}.json`),
});

function writeAtomic(target: string, content: Buffer | string): void {
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileAtomic(target, content);
}

/** A cached data directory, or undefined when there is none (or it cannot be read: then it is rebuilt). */
export function readCachedDump(directory: string, key: string): Blob | undefined {
  try {
    return new Blob([readFileSync(files(directory, key).data)]);
  } catch {
    return undefined;
  }
}

export async function writeCachedDump(directory: string, key: string, dump: Blob): Promise<void> {
  writeAtomic(files(directory, key).data, Buffer.from(await dump.arrayBuffer()));
}

/**
 * The cached state built by the longest prefix of `migrations` (all of them: an exact hit), with how
 * many migrations it covers; undefined when no cached state is a prefix.
 */
export function longestCachedPrefix(
  directory: string,
  migrations: readonly MigrationIdentity[],
): { key: string; covered: number; replay: ReplaySummary } | undefined {
  let names: string[];
  try {
    names = readdirSync(folder(directory)).filter((name) => name.endsWith('.json'));
  } catch {
    return undefined;
  }
  const wanted = identity(migrations);
  let best: { key: string; covered: number; replay: ReplaySummary } | undefined;
  for (const name of names) {
    try {
      const summary = JSON.parse(readFileSync(path.join(folder(directory), name), 'utf8')) as CachedStateSummary;
      if (summary.format !== CACHE_FORMAT || summary.pglite !== pgliteVersion() || summary.migrations.length > wanted.length) continue;
      const isPrefix = summary.migrations.every(
        ([file, blob, reads], index) => wanted[index]![0] === file && wanted[index]![1] === blob && wanted[index]![2] === reads,
      );
      if (isPrefix && (best === undefined || summary.migrations.length > best.covered))
        best = { key: name.slice(0, -'.json'.length), covered: summary.migrations.length, replay: summary.replay };
    } catch {
      // An unreadable summary is a cache entry that does not exist.
    }
  }
  return best;
}

/** Writes the data directory, then its summary: a reader that finds the summary finds the data. */
export async function writeCachedState(directory: string, migrations: readonly MigrationIdentity[], dump: Blob, replay: ReplaySummary): Promise<void> {
  const key = stateKey(migrations);
  const { data, summary } = files(directory, key);
  writeAtomic(data, Buffer.from(await dump.arrayBuffer()));
  const stored: CachedStateSummary = { format: CACHE_FORMAT, pglite: pgliteVersion(), migrations: identity(migrations), replay };
  writeAtomic(summary, JSON.stringify(stored));
}
