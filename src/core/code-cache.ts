import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';
import { writeFileAtomic } from './write-atomic.js';
import { cacheDirectory } from './cache-directory.js';
import { packageVersion } from './package-info.js';

/**
 * Loads CommonJS files through `vm.Script` with a V8 code cache kept in the tool's cache folder, so
 * the next run deserializes the compiled code instead of parsing the source again (Node 20 has no
 * `module.enableCompileCache`). Used for the two large single files a source-reading run loads: the
 * source parser (@babel/parser, ≈ 530 KB) and the bundled knex (dist/bin/vendor/knex.cjs, ≈ 560 KB),
 * whose compiling is most of what loading them costs (issue 21: ≈ 38 → 24 ms of CPU for both).
 *
 * What is run is always the file on disk: the cache file's name carries the file's path, length and
 * CRC-32 of its content (V8 itself only checks the source's length, its own version and flags), its
 * package's version, the tool's version and Node's version, so an edited file or an upgrade of
 * either finds no cache (a new one is written and the old removed); the cache only saves parsing
 * and compiling. A missing, rejected, corrupt or unwritable cache is silently ignored: the
 * file is compiled as `require` would.
 *
 * The cached data is made right after the file's top level ran and written when the process exits.
 * V8 rejects data made under other V8 flags, and the tool changes flags at run time
 * (`--liftoff-only` when the SQL grammar loads, sql.ts), so each cache file's name also carries the
 * V8 version and flag hash in force when the file was loaded ({@link v8State}): a command that loads
 * the parser before the grammar and one that loads it after each find their own.
 */

/** The parts of Node's CommonJS loader used here (stable since Node 0.x, not in @types/node). */
interface CommonJsLoader {
  new (id: string): LoadedModule;
  wrap(source: string): string;
  _cache: Record<string, LoadedModule | undefined>;
  _nodeModulePaths(dir: string): string[];
}
interface LoadedModule {
  exports: unknown;
  filename: string;
  paths: string[];
  loaded: boolean;
}
const Loader = Module as unknown as CommonJsLoader;

const FOLDER = 'v8-code-cache';
const CACHE_FORMAT = 'v8-code/1';

export interface CodeCacheOptions {
  /** The tool's cache folder; undefined: no cache (plain compile). */
  cacheDir: string | undefined;
  /** The tool's own version (part of every cache file's name). */
  toolVersion: string;
}

/** What happened to one file, for tests and benchmarks (`codeCacheReport`). */
export type CodeCacheOutcome = 'already-loaded' | 'accepted' | 'rejected' | 'missing' | 'uncached';

const outcomes = new Map<string, CodeCacheOutcome>();
const pendingWrites: Array<() => void> = [];
let exitHookInstalled = false;

/** Per loaded file, what its code cache did (empty when nothing was loaded through here). */
export function codeCacheReport(): ReadonlyMap<string, CodeCacheOutcome> {
  return outcomes;
}

/**
 * Preloads, with the code cache in the tool's cache folder, the CommonJS file that `require(specifier)`
 * from the module at `fromUrl` would load; a later `require` of it finds it loaded. When the
 * specifier does not resolve (the Action's bundle holds the module itself), nothing happens and the
 * caller's `require` loads the module as usual.
 */
export function preloadResolvedWithCodeCache(fromUrl: string, specifier: string): void {
  let file: string;
  try {
    file = createRequire(fromUrl).resolve(specifier);
  } catch {
    return;
  }
  preloadWithCodeCache([file], { cacheDir: cacheDirectory(process.env), toolVersion: packageVersion() });
}

/**
 * Loads `files` (absolute paths of CommonJS modules, dependencies first) into Node's module cache, each
 * compiled with its code cache when there is a valid one; a later `require` of any of them returns
 * the loaded module. A file already loaded is left alone. A failure to load one file this way leaves
 * it (and the rest) to the ordinary `require`, which reports any real error itself.
 */
export function preloadWithCodeCache(files: readonly string[], options: CodeCacheOptions): void {
  for (const file of files) {
    if (Loader._cache[file]) {
      outcomes.set(file, 'already-loaded');
      continue;
    }
    try {
      loadOne(file, options);
    } catch {
      delete Loader._cache[file];
      return;
    }
  }
}

function loadOne(file: string, options: CodeCacheOptions): void {
  const bytes = readFileSync(file);
  const source = bytes.toString('utf8');
  const cacheStem = options.cacheDir === undefined ? undefined : cacheStemOf(file, bytes, options.cacheDir, options.toolVersion);
  const loadedFrom = cacheStem === undefined ? undefined : `${cacheStem}${v8State()}.bin`;
  const cachedData = loadedFrom === undefined ? undefined : readOptional(loadedFrom);
  const script = new vm.Script(Loader.wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const outcome: CodeCacheOutcome = loadedFrom === undefined ? 'uncached' : cachedData === undefined ? 'missing' : script.cachedDataRejected ? 'rejected' : 'accepted';
  outcomes.set(file, outcome);

  // What Node's CommonJS loader does for a file, with the compiled script.
  const module = new Loader(file);
  module.filename = file;
  module.paths = Loader._nodeModulePaths(path.dirname(file));
  Loader._cache[file] = module;
  const compiled = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: LoadedModule, filename: string, dirname: string) => void;
  compiled.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  module.loaded = true;

  if (loadedFrom === undefined || outcome === 'accepted') return;
  // Made now, under the flags the file was loaded with (the tool may change flags later in the run,
  // and V8 rejects data made under other flags): the top level and what it ran so far.
  const data = script.createCachedData();
  scheduleWrite(() => writeCache(loadedFrom, data));
}

/**
 * The V8 version and flag hash that V8 records in cached data and checks on load, read from the
 * header of the cached data of an empty script (bytes 4–8 and 12–16 of V8's code cache header; if
 * that layout changes, this is merely a different name, and V8 still checks the data itself).
 */
function v8State(): string {
  const header = new vm.Script('').createCachedData();
  return `${header.subarray(4, 8).toString('hex')}${header.subarray(12, 16).toString('hex')}`;
}

/** `<cacheDir>/v8-code-cache/<file name>-<hash of its path>-<hash of what the compiled code depends on>-` (the V8 state follows). */
function cacheStemOf(file: string, bytes: Buffer, cacheDir: string, toolVersion: string): string {
  // CRC-32 of 9 MB: ~2 ms (a SHA-256 would cost ~30 ms, a tenth of what the cache saves).
  const key = [CACHE_FORMAT, file, bytes.length, crc32(bytes), packageVersionOf(file), toolVersion, process.version, process.arch].join('\n');
  // The path's own hash first: another installation's copy of the same file keeps its cache.
  const place = createHash('sha256').update(file).digest('hex').slice(0, 8);
  return path.join(cacheDir, FOLDER, `${path.basename(file)}-${place}-${createHash('sha256').update(key).digest('hex').slice(0, 24)}-`);
}

/** The version in the nearest package.json above `file` (TypeScript's for typescript.js). */
function packageVersionOf(file: string): string {
  for (let dir = path.dirname(file); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const text = readOptional(path.join(dir, 'package.json'))?.toString('utf8');
    if (text === undefined) continue;
    try {
      const version = (JSON.parse(text) as { version?: unknown }).version;
      if (typeof version === 'string') return version;
    } catch {
      return 'unreadable';
    }
  }
  return 'unknown';
}

function readOptional(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function scheduleWrite(write: () => void): void {
  pendingWrites.push(write);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const pending of pendingWrites.splice(0)) {
      try {
        pending();
      } catch {
        // An unwritable cache only costs the compile next time.
      }
    }
  });
}

/** Writes atomically (temporary file + rename) and removes the caches of other builds of the same file. */
function writeCache(cacheFile: string, data: Buffer): void {
  const folder = path.dirname(cacheFile);
  mkdirSync(folder, { recursive: true });
  writeFileAtomic(cacheFile, data);
  // `<file name>-<place>-<key>-<v8 state>.bin`: the same file at the same place under another key is an older build's.
  const own = path.basename(cacheFile).split('-');
  const key = own.at(-2);
  const fileAndPlace = own.slice(0, -2).join('-');
  for (const name of readdirSync(folder)) {
    const parts = name.split('-');
    if (name.endsWith('.bin') && parts.slice(0, -2).join('-') === fileAndPlace && parts.at(-2) !== key) rmSync(path.join(folder, name), { force: true });
  }
}
