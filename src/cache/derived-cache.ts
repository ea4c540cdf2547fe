import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheDirectory } from '../span/index-cache.js';
import type { DerivedCache } from '../stages/contract.js';
import { toolFingerprint } from './tool-fingerprint.js';
import { writeFileAtomic } from '../core/write-atomic.js';

/**
 * What stages derive from file contents (e.g. what one released migration declares), kept across
 * the pairs of one run in memory and between runs on disk, so a release does not re-extract and
 * re-classify hundreds of unchanged migrations (and backfill not once per pair).
 *
 * Fail closed by construction: every entry lives under the {@link toolFingerprint} of the code that
 * made it (version, build, dependency versions), the key is stored beside the value and compared on
 * read, and a stage checks the shape of what it gets back. An unreadable, foreign or corrupt file is
 * a miss, never an error; a write that fails is forgotten (the cache only ever saves work).
 */

/** Characters of serialized values kept in memory (least recently used first out). */
export const DEFAULT_MEMORY_BUDGET_CHARS = 8 * 1024 * 1024;
/** The folder prefix of one tool build's entries under the cache folder. */
const FOLDER_PREFIX = 'derived-';
/**
 * Written into every folder this cache makes: clean-up removes a `derived-*` folder only when it holds
 * this file, so a folder someone else named `derived-…` in a shared cache folder is never deleted.
 */
const OWN_FOLDER_MARK = '.release-safety-derived-cache';

interface MemoryEntry {
  value: unknown;
  chars: number;
}

export class MemoryDerivedCache implements DerivedCache {
  private readonly entries = new Map<string, MemoryEntry>();
  private totalChars = 0;

  constructor(private readonly budgetChars = DEFAULT_MEMORY_BUDGET_CHARS) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): unknown {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // Re-insert: Map order is the recency order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: unknown, chars = JSON.stringify(value).length): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.totalChars -= old.chars;
    }
    if (chars > this.budgetChars) return;
    this.entries.set(key, { value, chars });
    this.totalChars += chars;
    for (const [oldest, entry] of this.entries) {
      if (this.totalChars <= this.budgetChars) break;
      this.entries.delete(oldest);
      this.totalChars -= entry.chars;
    }
  }
}

interface DiskRecord {
  key: string;
  value: unknown;
}

/** Memory first, then one JSON file per key under `<cacheDir>/derived-<fingerprint>/`. */
export class DiskDerivedCache implements DerivedCache {
  private readonly memory: MemoryDerivedCache;
  private folderPath: string | undefined;
  private folderReady = false;

  /** `fingerprint` is asked for on first use (it stats the tool's files): a run that needs no entry pays nothing. */
  constructor(
    private readonly cacheDir: string,
    private readonly fingerprint: () => string,
    memoryBudgetChars = DEFAULT_MEMORY_BUDGET_CHARS,
  ) {
    this.memory = new MemoryDerivedCache(memoryBudgetChars);
  }

  private get folder(): string {
    return (this.folderPath ??= path.join(this.cacheDir, `${FOLDER_PREFIX}${this.fingerprint()}`));
  }

  get(key: string): unknown {
    const remembered = this.memory.get(key);
    if (remembered !== undefined) return remembered;
    let text: string;
    try {
      text = readFileSync(this.fileOf(key), 'utf8');
    } catch {
      return undefined;
    }
    try {
      const record = JSON.parse(text) as Partial<DiskRecord>;
      // The key travels with the value: a renamed, truncated or colliding file is a miss.
      if (record === null || typeof record !== 'object' || record.key !== key || record.value === undefined) return undefined;
      this.memory.set(key, record.value, text.length);
      return record.value;
    } catch {
      return undefined;
    }
  }

  set(key: string, value: unknown): void {
    const text = JSON.stringify({ key, value } satisfies DiskRecord);
    this.memory.set(key, value, text.length);
    try {
      this.prepareFolder();
      const target = this.fileOf(key);
      writeFileAtomic(target, text);
    } catch {
      // A read-only or full disk only costs the work next time.
    }
  }

  private fileOf(key: string): string {
    return path.join(this.folder, `${createHash('sha256').update(key).digest('hex')}.json`);
  }

  /**
   * Creates this build's folder (with its mark); the folders other builds of this cache wrote (those
   * holding the mark) are removed, so the disk use stays one build's. Nothing else is touched.
   */
  private prepareFolder(): void {
    if (this.folderReady) return;
    mkdirSync(this.folder, { recursive: true });
    writeFileSync(path.join(this.folder, OWN_FOLDER_MARK), 'release-safety derived cache\n');
    this.folderReady = true;
    const own = path.basename(this.folder);
    for (const name of readdirSync(this.cacheDir)) {
      if (name.startsWith(FOLDER_PREFIX) && name !== own && isOwnFolder(path.join(this.cacheDir, name)))
        rmSync(path.join(this.cacheDir, name), { recursive: true, force: true });
    }
  }
}

/** A real folder (not a link) holding the mark as a regular file. */
function isOwnFolder(folder: string): boolean {
  try {
    return lstatSync(folder).isDirectory() && lstatSync(path.join(folder, OWN_FOLDER_MARK)).isFile();
  } catch {
    return false;
  }
}

/**
 * The cache a command uses: on disk in the folder the index cache uses (`RELEASE_SAFETY_CACHE_DIR`,
 * else the XDG cache folder), or with `--no-cache` in memory only (nothing read from or written to disk).
 */
export function openDerivedCache(options: { disk: boolean; env?: NodeJS.ProcessEnv }): DerivedCache {
  return options.disk ? new DiskDerivedCache(cacheDirectory(options.env ?? process.env), () => toolFingerprint()) : new MemoryDerivedCache();
}
