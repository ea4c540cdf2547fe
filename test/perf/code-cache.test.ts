import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cliPath, projectRoot } from '../helpers/cli.js';

/**
 * The V8 code cache of large CommonJS files (src/core/code-cache.ts: the source parser and the
 * bundled knex) only saves compiling: whatever is in the cache folder, the file on disk is what
 * runs. Each case runs the built module or CLI in a fresh Node process (the cache is written when a
 * process exits).
 */

const CODE_CACHE = pathToFileURL(join(projectRoot, 'dist', 'core', 'code-cache.js')).href;
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function scratch(): string {
  const folder = mkdtempSync(join(tmpdir(), 'rs-code-cache-'));
  folders.push(folder);
  return folder;
}

/** Loads `file` through the code cache in a new process: what it exports and what the cache did. */
function load(file: string, cacheDir: string, toolVersion = '1.0.0'): { value: unknown; outcome: string } {
  const script = `
    import { createRequire } from 'node:module';
    const { preloadWithCodeCache, codeCacheReport } = await import(${JSON.stringify(CODE_CACHE)});
    preloadWithCodeCache([${JSON.stringify(file)}], { cacheDir: ${JSON.stringify(cacheDir)}, toolVersion: ${JSON.stringify(toolVersion)} });
    const value = createRequire(import.meta.url)(${JSON.stringify(file)}).answer();
    console.log(JSON.stringify({ value, outcome: codeCacheReport().get(${JSON.stringify(file)}) }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as { value: unknown; outcome: string };
}

const moduleText = (answer: string) =>
  `'use strict';\nconst helper = require('node:path').basename('/a/${answer}');\nexports.answer = function answer() { return helper + ' ' + ${JSON.stringify(answer)}; };\n`;
/** `<file name>[.<variant>]` of a cache file's name (`…-<place>-<key>-<V8 state>.bin`). */
const cachedFileOf = (name: string) => name.replace(/-[0-9a-f]{8}-[0-9a-f]{16}-[0-9a-f]{16}\.bin$/, '');
const binFiles = (cacheDir: string) =>
  existsSync(join(cacheDir, 'v8-code-cache')) ? readdirSync(join(cacheDir, 'v8-code-cache')).filter((name) => name.endsWith('.bin')) : [];

describe('V8 code cache of CommonJS files', () => {
  it('is written by the first run and used by the next, with the same exports', () => {
    const dir = scratch();
    const file = join(dir, 'lib.cjs');
    writeFileSync(file, moduleText('one'));
    const cacheDir = join(dir, 'cache');
    expect(load(file, cacheDir)).toEqual({ value: 'one one', outcome: 'missing' });
    expect(binFiles(cacheDir)).toHaveLength(1);
    expect(load(file, cacheDir)).toEqual({ value: 'one one', outcome: 'accepted' });
  });

  it('a changed file (same length) or another tool version finds no cache: the new code runs, the old cache is removed', () => {
    const dir = scratch();
    const file = join(dir, 'lib.cjs');
    const cacheDir = join(dir, 'cache');
    writeFileSync(file, moduleText('one'));
    load(file, cacheDir);
    const [first] = binFiles(cacheDir);
    // V8 alone would accept the old data for a source of the same length.
    writeFileSync(file, moduleText('two'));
    expect(load(file, cacheDir)).toEqual({ value: 'two two', outcome: 'missing' });
    expect(binFiles(cacheDir)).not.toContain(first);
    expect(load(file, cacheDir)).toEqual({ value: 'two two', outcome: 'accepted' });

    const [beforeUpgrade] = binFiles(cacheDir);
    expect(load(file, cacheDir, '1.1.0')).toEqual({ value: 'two two', outcome: 'missing' });
    expect(binFiles(cacheDir)).toHaveLength(1);
    expect(binFiles(cacheDir)).not.toContain(beforeUpgrade);
  });

  it('a corrupt cache file is rejected and replaced; an unwritable cache folder only costs the compile', () => {
    const dir = scratch();
    const file = join(dir, 'lib.cjs');
    const cacheDir = join(dir, 'cache');
    writeFileSync(file, moduleText('one'));
    load(file, cacheDir);
    const [name] = binFiles(cacheDir);
    const path = join(cacheDir, 'v8-code-cache', name!);
    writeFileSync(path, Buffer.from('not V8 data at all, but long enough to have a header'));
    expect(load(file, cacheDir)).toEqual({ value: 'one one', outcome: 'rejected' });
    expect(readFileSync(path).toString('utf8')).not.toContain('not V8 data');
    expect(load(file, cacheDir)).toEqual({ value: 'one one', outcome: 'accepted' });

    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, 'a file where the cache folder would be');
    expect(load(file, blocked)).toEqual({ value: 'one one', outcome: 'missing' });
  });

  it('the CLI reading a knex migration compiles the source parser and knex from the cache: the same report with no cache, a fresh one and a corrupt one', () => {
    const cacheDir = scratch();
    const migration = join(projectRoot, 'fixtures', 'diff', 'migrations', 'knex', 'migrations', '20240101000000_add_colour.ts');
    const lint = () => {
      const run = spawnSync(process.execPath, [cliPath, 'lint-migrations', migration, '--format', 'json'], {
        encoding: 'utf8',
        env: { ...process.env, RELEASE_SAFETY_CACHE_DIR: cacheDir },
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      return run.stdout;
    };
    const first = lint();
    expect(first).toContain('add column');
    const written = binFiles(cacheDir);
    // The CLI's bundle (this command's cache), @babel/parser's lib/index.js and dist/bin/vendor/knex.cjs.
    expect(written.map(cachedFileOf).sort()).toEqual(['command-line.cjs.lint-migrations', 'index.js', 'knex.cjs']);
    const modified = (name: string) => statSync(join(cacheDir, 'v8-code-cache', name)).mtimeMs;
    const firstWrites = written.map(modified);
    expect(lint()).toBe(first);
    expect(binFiles(cacheDir)).toEqual(written);
    // Accepted caches are not written again.
    expect(written.map(modified)).toEqual(firstWrites);
    for (const name of written) writeFileSync(join(cacheDir, 'v8-code-cache', name), 'corrupt');
    expect(lint()).toBe(first);
  });
});

/**
 * Runs `file` through `runBundleWithCodeCache` in a new process and calls its `answer()` (unless
 * `call` is false); then sets `flags` through `setV8Flags`, or through `v8.setFlagsFromString` when
 * `bypass` is set. Returns the answer and what the cache did.
 */
function runBundle(
  file: string,
  cacheDir: string,
  options: { variant?: string; call?: boolean; flags?: string; bypass?: boolean } = {},
): { value: unknown; outcome: string } {
  const { variant = 'generate', call = true, flags, bypass = false } = options;
  const script = `
    import { setFlagsFromString } from 'node:v8';
    const { runBundleWithCodeCache, setV8Flags, codeCacheReport } = await import(${JSON.stringify(CODE_CACHE)});
    const exports = runBundleWithCodeCache(${JSON.stringify(file)}, { cacheDir: ${JSON.stringify(cacheDir)}, toolVersion: '1.0.0', variant: ${JSON.stringify(variant)} });
    const value = ${call ? 'exports.answer()' : 'null'};
    const flags = ${JSON.stringify(flags ?? null)};
    if (flags) ${bypass ? 'setFlagsFromString(flags)' : 'setV8Flags(flags)'};
    console.log(JSON.stringify({ value, outcome: codeCacheReport().get(${JSON.stringify(file)}) }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as { value: unknown; outcome: string };
}

/** A bundle that requires a built-in and a package beside it, with a large function only `answer()` runs. */
function writeBundle(dir: string): string {
  mkdirSync(join(dir, 'node_modules', 'beside'), { recursive: true });
  writeFileSync(join(dir, 'node_modules', 'beside', 'index.js'), "exports.word = 'beside';\n");
  const body = Array.from({ length: 400 }, (_, i) => `  total += (input + ${i}) % 7;`).join('\n');
  const file = join(dir, 'bundle.cjs');
  writeFileSync(
    file,
    `'use strict';\nconst { basename } = require('node:path');\nconst { word } = require('beside');\nfunction heavy(input) {\n  let total = 0;\n${body}\n  return total;\n}\nexports.answer = () => basename('/x/' + word) + ' ' + heavy(1);\n`,
  );
  return file;
}

describe('V8 code cache of the CLI bundle (runBundleWithCodeCache)', () => {
  it('runs the bundle (built-ins and packages beside it required), keeps one cache per variant, and the next run of a variant accepts it', () => {
    const dir = scratch();
    const file = writeBundle(dir);
    const cacheDir = join(dir, 'cache');
    const first = runBundle(file, cacheDir);
    expect(first).toEqual({ value: expect.stringMatching(/^beside \d+$/), outcome: 'missing' });
    expect(runBundle(file, cacheDir)).toEqual({ ...first, outcome: 'accepted' });
    expect(runBundle(file, cacheDir, { variant: 'lint-migrations' })).toEqual({ ...first, outcome: 'missing' });
    expect(binFiles(cacheDir).map(cachedFileOf).sort()).toEqual(['bundle.cjs.generate', 'bundle.cjs.lint-migrations']);
  });

  it('makes the data after the run: it holds the functions the run compiled', () => {
    const dir = scratch();
    const file = writeBundle(dir);
    const size = (call: boolean) => {
      const cacheDir = join(dir, `cache-${call}`);
      runBundle(file, cacheDir, { call });
      const [name] = binFiles(cacheDir);
      return readFileSync(join(cacheDir, 'v8-code-cache', name!)).length;
    };
    // `heavy` is compiled only when `answer()` runs: its bytecode is in the data made after that run.
    expect(size(true)).toBeGreaterThan(size(false) + 1000);
  });

  it('V8 flags changed during the run through setV8Flags: the data is made before the change, and the next run (under the old flags) accepts it', () => {
    const dir = scratch();
    const file = writeBundle(dir);
    const cacheDir = join(dir, 'cache');
    expect(runBundle(file, cacheDir, { flags: '--liftoff-only' }).outcome).toBe('missing');
    expect(runBundle(file, cacheDir).outcome).toBe('accepted');
  });

  it('V8 flags changed behind its back: no cache is written (data made under the new flags would be rejected)', () => {
    const dir = scratch();
    const file = writeBundle(dir);
    const cacheDir = join(dir, 'cache');
    expect(runBundle(file, cacheDir, { flags: '--liftoff-only', bypass: true }).outcome).toBe('missing');
    expect(binFiles(cacheDir)).toEqual([]);
    expect(runBundle(file, cacheDir).outcome).toBe('missing');
  });
});
