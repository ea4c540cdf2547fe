import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, projectRoot } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/**
 * The V8 code cache of TypeScript's CommonJS source (src/typescript/code-cache.ts) only saves
 * compiling: whatever is in the cache folder, the file on disk is what runs. Each case runs the
 * built module in a fresh Node process (the cache is written when a process exits).
 */

const CODE_CACHE = pathToFileURL(join(projectRoot, 'dist', 'typescript', 'code-cache.js')).href;
const folders: string[] = [];
const repos: TestRepo[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  for (const repo of repos.splice(0)) repo.cleanup();
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

  it('generate reads knex migrations the same with no cache, a fresh one and a corrupt one', () => {
    const repo = createRepo();
    repos.push(repo);
    const config = JSON.stringify({ migrations: [{ dir: 'db/migrations', edition: 'core' }], openapi: false, mcpTools: false, env: false });
    const knex = (body: string) => `import { Knex } from 'knex';\nexport async function up(knex: Knex): Promise<void> {\n  ${body}\n}\nexport async function down(): Promise<void> {}\n`;
    repo.commit({ 'release-safety.config.json': config, 'db/migrations/001_users.ts': knex("await knex.schema.createTable('users', (t) => { t.increments('id'); t.integer('score'); });") }, { tag: '1.0.0' });
    repo.commit({ 'db/migrations/002_score.ts': knex("await knex.schema.alterTable('users', (t) => { t.bigInteger('score').alter(); });") }, { tag: '1.1.0' });
    const cacheDir = scratch();
    const out = join(scratch(), 'release-safety.json');
    const generate = () => {
      const run = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', out, '--quiet'], { env: { RELEASE_SAFETY_CACHE_DIR: cacheDir } });
      expect(run.stderr).toBe('');
      const artifact = JSON.parse(readFileSync(out, 'utf8')) as { generatedAt?: unknown };
      delete artifact.generatedAt;
      return artifact;
    };
    const first = generate();
    expect(JSON.stringify(first)).toContain('rewritesTable');
    const written = binFiles(cacheDir);
    expect(written.map((name) => name.slice(0, name.indexOf('.js-') + 3)).sort()).toEqual(['ts-morph-common.js', 'ts-morph.js', 'typescript.js']);
    expect(generate()).toEqual(first);
    for (const name of written) writeFileSync(join(cacheDir, 'v8-code-cache', name), 'corrupt');
    expect(generate()).toEqual(first);
  });
});
