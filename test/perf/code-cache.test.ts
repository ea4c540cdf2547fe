import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

const moduleText = (answer: string) => `'use strict';\nconst helper = require('node:path').basename('/a/${answer}');\nexports.answer = function answer() { return helper + ' ' + ${JSON.stringify(answer)}; };\n`;
const binFiles = (cacheDir: string) => (existsSync(join(cacheDir, 'v8-code-cache')) ? readdirSync(join(cacheDir, 'v8-code-cache')).filter((name) => name.endsWith('.bin')) : []);

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
      const run = spawnSync(process.execPath, [cliPath, 'lint-migrations', migration, '--format', 'json'], { encoding: 'utf8', env: { ...process.env, RELEASE_SAFETY_CACHE_DIR: cacheDir } });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      return run.stdout;
    };
    const first = lint();
    expect(first).toContain('add column');
    const written = binFiles(cacheDir);
    // @babel/parser's lib/index.js and dist/bin/vendor/knex.cjs.
    expect(written.map((name) => name.slice(0, name.indexOf('-'))).sort()).toEqual(['index.js', 'knex.cjs']);
    expect(lint()).toBe(first);
    expect(binFiles(cacheDir)).toEqual(written);
    for (const name of written) writeFileSync(join(cacheDir, 'v8-code-cache', name), 'corrupt');
    expect(lint()).toBe(first);
  });
});
