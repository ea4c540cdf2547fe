import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type * as NodeModule from 'node:module';
import path from 'node:path';
import type * as V8 from 'node:v8';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';
import { writeFileAtomic } from './write-atomic.js';
import { cacheDirectory } from './cache-directory.js';
import { packageVersion } from './package-info.js';

/**
 * Compiles CommonJS files through `vm.Script` with a V8 code cache kept in the tool's cache folder, so
 * the next run deserializes the compiled code instead of parsing and compiling the source again
 * (Node 20 has no `module.enableCompileCache`). Used for the large single files a run loads: the
 * CLI's own bundle (dist/bin/command-line.cjs, ≈ 1.7 MB: scripts/build-cli.mjs), the source parser
 * (@babel/parser, ≈ 530 KB) and the bundled knex (dist/bin/vendor/knex.cjs, ≈ 560 KB) — issue 21.
 *
 * What is run is always the file on disk: the cache file's name carries the file's path, length and
 * CRC-32 of its content (V8 itself only checks the source's length, its own version and flags), its
 * package's version, the tool's version and Node's version, so an edited file or an upgrade of
 * either finds no cache (a new one is written and the old removed); the cache only saves parsing
 * and compiling. A missing, rejected, corrupt or unwritable cache is silently ignored: the file is
 * compiled as `require` would.
 *
 * The cached data is made after the run, when the process exits, so it holds every function the
 * run compiled, not only the top level (V8 compiles a function when it is first called). V8 rejects
 * data made under other V8 flags, and the tool changes flags at run time (`--liftoff-only` when the
 * SQL grammar loads, `--expose-gc` in a backfill): {@link setV8Flags} makes the data of every file
 * still waiting just before a change, and each cache file's name carries the V8 version and flag
 * hash in force when its file was loaded ({@link v8State}), so a command that loads the parser before
 * the grammar and one that loads it after each find their own. A cache that was accepted is not
 * rewritten: the functions a later run compiles beyond it cost what they cost without a cache.
 *
 * Nothing here loads node:crypto or node:module unless a package is required: `--help` pays only
 * for node:vm and node:zlib (test/perf/laziness.test.ts).
 */

/** The parts of Node's CommonJS loader used here (stable since Node 0.x, not in @types/node). */
interface CommonJsLoader {
  new (id: string): LoadedModule;
  _cache: Record<string, LoadedModule | undefined>;
  _nodeModulePaths(dir: string): string[];
}
interface LoadedModule {
  exports: unknown;
  filename: string;
  paths: string[];
  loaded: boolean;
}
type CompiledWrapper = (exports: unknown, require: NodeJS.Require, module: LoadedModule | { exports: unknown }, filename: string, dirname: string) => void;

const FOLDER = 'v8-code-cache';
const CACHE_FORMAT = 'v8-code/2';

export interface CodeCacheOptions {
  /** The tool's cache folder; undefined: no cache (plain compile). */
  cacheDir: string | undefined;
  /** The tool's own version (part of every cache file's name). */
  toolVersion: string;
}

/** What happened to one file, for tests and benchmarks (`codeCacheReport`). */
export type CodeCacheOutcome = 'already-loaded' | 'accepted' | 'rejected' | 'missing' | 'uncached';

/** A compiled file whose cache is written when the process exits (or just before V8's flags change). */
interface PendingCache {
  script: vm.Script;
  cacheFile: string;
  /** The V8 state the file was compiled under: data made under another is rejected. */
  state: string;
  data?: Buffer;
}

/**
 * Shared by every copy of this module in the process — the ES module chunks that load the CLI's
 * bundle and the copy inside that bundle — so that {@link setV8Flags} from either sees all files.
 */
interface SharedState {
  pending: PendingCache[];
  exitHookInstalled: boolean;
}
const shared: SharedState = ((globalThis as Record<symbol, SharedState | undefined>)[Symbol.for('release-safety.code-cache')] ??= {
  pending: [],
  exitHookInstalled: false,
});

const outcomes = new Map<string, CodeCacheOutcome>();

/** Per loaded file, what its code cache did (empty when nothing was loaded through here). */
export function codeCacheReport(): ReadonlyMap<string, CodeCacheOutcome> {
  return outcomes;
}

/** The cache folder and tool version of the running CLI. */
export function defaultCodeCacheOptions(): CodeCacheOptions {
  return { cacheDir: cacheDirectory(process.env), toolVersion: packageVersion() };
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
    file = nodeModule().createRequire(fromUrl).resolve(specifier);
  } catch {
    return;
  }
  preloadWithCodeCache([file], defaultCodeCacheOptions());
}

/**
 * Loads `files` (absolute paths of CommonJS modules, dependencies first) into Node's module cache, each
 * compiled with its code cache when there is a valid one; a later `require` of any of them returns
 * the loaded module. A file already loaded is left alone. A failure to load one file this way leaves
 * it (and the rest) to the ordinary `require`, which reports any real error itself.
 */
export function preloadWithCodeCache(files: readonly string[], options: CodeCacheOptions): void {
  const Loader = nodeModule() as unknown as CommonJsLoader;
  for (const file of files) {
    if (Loader._cache[file]) {
      outcomes.set(file, 'already-loaded');
      continue;
    }
    try {
      const compiled = compileWithCodeCache(file, options, '');
      // What Node's CommonJS loader does for a file, with the compiled script.
      const module = new Loader(file);
      module.filename = file;
      module.paths = Loader._nodeModulePaths(path.dirname(file));
      Loader._cache[file] = module;
      compiled(module.exports, nodeModule().createRequire(file), module, file, path.dirname(file));
      module.loaded = true;
    } catch {
      delete Loader._cache[file];
      return;
    }
  }
}

/**
 * Runs a self-contained CommonJS bundle (every `require` in it is of a Node built-in or of a
 * package beside it) compiled with its code cache, and returns its exports. It is not entered in
 * Node's module cache: each call runs the file again. `variant` names what the run will do (the
 * command): each keeps a cache of its own, since the data holds the functions the run compiled.
 */
export function runBundleWithCodeCache(file: string, options: CodeCacheOptions & { variant: string }): unknown {
  const compiled = compileWithCodeCache(file, options, options.variant);
  const module = { exports: {} as unknown };
  let packageRequire: NodeJS.Require | undefined;
  const requireFromBundle = ((id: string) => process.getBuiltinModule(id) ?? (packageRequire ??= nodeModule().createRequire(file))(id)) as NodeJS.Require;
  compiled(module.exports, requireFromBundle, module, file, path.dirname(file));
  return module.exports;
}

/**
 * Sets V8 flags (`v8.setFlagsFromString`) after making the cached data of every file compiled under
 * the flags in force: data made after the change would be rejected by the next run, which starts
 * under the old flags.
 */
export function setV8Flags(flags: string): void {
  for (const entry of shared.pending) entry.data ??= makeCachedData(entry);
  (process.getBuiltinModule('node:v8') as typeof V8).setFlagsFromString(flags);
}

/** Compiles `file` (with its cache when a valid one exists) into its CommonJS wrapper function. */
function compileWithCodeCache(file: string, options: CodeCacheOptions, variant: string): CompiledWrapper {
  const bytes = readFileSync(file);
  const source = bytes.toString('utf8');
  const state = v8State();
  const cacheFile = options.cacheDir === undefined ? undefined : `${cacheStemOf(file, bytes, options.cacheDir, options.toolVersion, variant)}${state}.bin`;
  const cachedData = cacheFile === undefined ? undefined : readOptional(cacheFile);
  // Node's own CommonJS wrapper (`Module.wrap`), without loading node:module for it.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n});`, {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  const outcome: CodeCacheOutcome =
    cacheFile === undefined ? 'uncached' : cachedData === undefined ? 'missing' : script.cachedDataRejected ? 'rejected' : 'accepted';
  outcomes.set(file, outcome);
  if (cacheFile !== undefined && outcome !== 'accepted') scheduleWrite({ script, cacheFile, state });
  return script.runInThisContext() as CompiledWrapper;
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

/** The cached data of a pending file, or undefined when V8's flags changed since it was compiled. */
function makeCachedData(entry: PendingCache): Buffer | undefined {
  return v8State() === entry.state ? entry.script.createCachedData() : undefined;
}

/**
 * `<cacheDir>/v8-code-cache/<file name>-<hash of its path>-<hash of what the compiled code depends on>-`
 * (the V8 state follows). CRC-32s (node:zlib), not SHA-256: node:crypto costs milliseconds to load;
 * the key holds the content's own CRC-32 and length, and the names only tell keys apart.
 */
function cacheStemOf(file: string, bytes: Buffer, cacheDir: string, toolVersion: string, variant: string): string {
  const key = [CACHE_FORMAT, file, bytes.length, crc32(bytes), packageVersionOf(file), toolVersion, process.version, process.arch, variant].join('\n');
  // The path's own hash first: another installation's copy of the same file keeps its cache.
  const place = hex32(crc32(file));
  const name = variant === '' ? path.basename(file) : `${path.basename(file)}.${variant}`;
  return path.join(cacheDir, FOLDER, `${name}-${place}-${hex32(crc32(key))}${hex32(crc32(key, 0x9e3779b9))}-`);
}

function hex32(value: number): string {
  return value.toString(16).padStart(8, '0');
}

/** The version in the nearest package.json above `file`. */
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

/** node:module (its CommonJS export: Node's `Module`, with `createRequire` on it), loaded when first needed. */
function nodeModule(): typeof NodeModule {
  return process.getBuiltinModule('node:module') as unknown as typeof NodeModule;
}

function scheduleWrite(entry: PendingCache): void {
  shared.pending.push(entry);
  if (shared.exitHookInstalled) return;
  shared.exitHookInstalled = true;
  process.once('exit', () => {
    for (const pending of shared.pending.splice(0)) {
      try {
        const data = pending.data ?? makeCachedData(pending);
        if (data) writeCache(pending.cacheFile, data);
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
