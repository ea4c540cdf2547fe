import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath, projectRoot } from '../helpers/cli.js';
import { createRepo } from '../helpers/git-fixture.js';

/**
 * Heavy modules load only for the commands and inputs that need them (issue 21): checked on what the
 * built CLI has loaded when it exits (the packages in `require.cache`), not on timing.
 */

// Prints the package names found in require.cache on exit: ESM imports of CommonJS land there too.
const PROBE = `data:text/javascript,${encodeURIComponent(`
import { createRequire } from 'node:module';
const cache = createRequire(process.cwd() + '/').cache;
process.on('exit', () => {
  const names = new Set();
  for (const file of Object.keys(cache)) {
    const path = file.replaceAll('\\\\', '/');
    // A package from node_modules, or one the CLI bundle vendors as a file of its own (dist/bin/vendor/knex.cjs).
    const match = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(path) ?? /\\/dist\\/bin\\/vendor\\/([^/]+)\\.cjs$/.exec(path);
    if (match) names.add(match[1]);
  }
  process.stderr.write('\\nloaded-packages=' + JSON.stringify([...names].sort()) + '\\n');
});`)}`;

function loadedPackages(args: readonly string[]): { status: number | null; packages: string[] } {
  const run = spawnSync(process.execPath, ['--import', PROBE, cliPath, ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  const line = /loaded-packages=(.*)/.exec(run.stderr)?.[1];
  if (line === undefined) throw new Error(`no probe output: ${run.stderr}`);
  return { status: run.status, packages: JSON.parse(line) as string[] };
}

const TYPESCRIPT_MACHINERY = ['ts-morph', '@ts-morph/common', 'typescript'];

describe('lazy loading', () => {
  it('lint-migrations on a .sql file loads the PostgreSQL grammar and no source parser, TypeScript machinery, ORM or Ajv', () => {
    const { status, packages } = loadedPackages(['lint-migrations', 'fixtures/diff/migrations/sql/002_index_projects.sql']);
    expect(status).not.toBe(2);
    expect(packages).toContain('libpg-query');
    for (const heavy of [...TYPESCRIPT_MACHINERY, '@babel/parser', 'knex', 'ajv', 'js-yaml']) expect(packages).not.toContain(heavy);
  });

  it('lint-migrations on a knex .ts migration loads the source parser (the probe sees it) and no TypeScript machinery', () => {
    const { status, packages } = loadedPackages(['lint-migrations', 'fixtures/diff/migrations/knex/migrations/20240101000000_add_colour.ts']);
    expect(status).not.toBe(2);
    expect(packages).toContain('@babel/parser');
    expect(packages).toContain('knex');
    for (const heavy of TYPESCRIPT_MACHINERY) expect(packages).not.toContain(heavy);
  });

  it('a knex migration loads knex as the one vendored file of the bundle, none of knex from node_modules (scripts/bundle/knex-postgres-only.mjs)', () => {
    const listKnexFiles = `data:text/javascript,${encodeURIComponent(`
import { createRequire } from 'node:module';
const cache = createRequire(process.cwd() + '/').cache;
process.on('exit', () => process.stderr.write('\\nknex-files=' + JSON.stringify(Object.keys(cache).map((f) => f.replaceAll('\\\\', '/')).filter((f) => /knex/.test(f))) + '\\n'));`)}`;
    const run = spawnSync(
      process.execPath,
      ['--import', listKnexFiles, cliPath, 'lint-migrations', 'fixtures/diff/migrations/knex/migrations/20240101000000_add_colour.ts'],
      { cwd: projectRoot, encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    const files = JSON.parse(/knex-files=(.*)/.exec(run.stderr)?.[1] ?? 'null') as string[];
    expect(files).toEqual([expect.stringMatching(/\/dist\/bin\/vendor\/knex\.cjs$/)]);
  });

  it('generate over changed env sources reads them with @babel/parser and loads no TypeScript machinery', () => {
    const repo = createRepo();
    const out = mkdtempSync(join(tmpdir(), 'rs-lazy-env-'));
    try {
      const config = JSON.stringify({ migrations: false, openapi: false, mcpTools: false, env: { sources: ['src/**/*.ts'] } });
      repo.commit({ 'release-safety.config.json': config, 'src/config.ts': "export const port = process.env.PORT || '3000';\n" }, { tag: '1.0.0' });
      repo.commit({ 'src/config.ts': "export const port = process.env.PORT || '8080';\n" }, { tag: '1.1.0' });
      const { status, packages } = loadedPackages([
        'generate',
        '--repo',
        repo.dir,
        '--from',
        '1.0.0',
        '--to',
        '1.1.0',
        '--out',
        join(out, 'a.json'),
        '--quiet',
        '--no-cache',
      ]);
      expect(status).not.toBe(2);
      // The default changed: the sources were parsed (a run that skipped them would not load the parser).
      expect(JSON.parse(readFileSync(join(out, 'a.json'), 'utf8')).config).toEqual({
        checked: true,
        breaking: true,
        changes: [{ type: 'defaultChanged', name: 'PORT', previousDefault: '3000', defaultValue: '8080' }],
      });
      expect(packages).toContain('@babel/parser');
      for (const heavy of TYPESCRIPT_MACHINERY) expect(packages).not.toContain(heavy);
    } finally {
      repo.cleanup();
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('generate of a release that changes no source file loads no source parser, though every stage is configured (issue 36)', () => {
    const repo = createRepo();
    const out = mkdtempSync(join(tmpdir(), 'rs-lazy-none-'));
    try {
      const config = JSON.stringify({ migrations: [{ dir: 'migrations', edition: 'core' }], openapi: 'openapi.json', env: { sources: ['src/**/*.ts'] } });
      const spec = (version: string) => JSON.stringify({ openapi: '3.0.3', info: { title: 't', version }, paths: {} });
      repo.commit(
        {
          'release-safety.config.json': config,
          'openapi.json': spec('1'),
          'src/config.ts': "export const port = process.env.PORT || '3000';\n",
          'migrations/20240101000000_init.ts': "export async function up(knex) { await knex.schema.createTable('t', (table) => table.increments('id')); }\n",
          'README.md': 'one\n',
        },
        { tag: '1.0.0' },
      );
      repo.commit({ 'openapi.json': spec('2'), 'README.md': 'two\n' }, { tag: '1.1.0' });
      const { status, packages } = loadedPackages([
        'generate',
        '--repo',
        repo.dir,
        '--from',
        '1.0.0',
        '--to',
        '1.1.0',
        '--out',
        join(out, 'a.json'),
        '--quiet',
        '--no-cache',
      ]);
      expect(status).toBe(0);
      expect(JSON.parse(readFileSync(join(out, 'a.json'), 'utf8')).api.rest.checked).toBe(true);
      for (const heavy of [...TYPESCRIPT_MACHINERY, '@babel/parser', 'knex']) expect(packages).not.toContain(heavy);
    } finally {
      repo.cleanup();
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('upgrade-check loads neither the grammar nor TypeScript', () => {
    const { status, packages } = loadedPackages(['upgrade-check', '--from', '1.121.0', '--to', '1.136.1', '--index', 'fixtures/lightdash-index.json']);
    expect(status).toBe(0);
    for (const heavy of [...TYPESCRIPT_MACHINERY, 'libpg-query', 'knex', 'js-yaml']) expect(packages).not.toContain(heavy);
  });
});

describe('one way into the source parser', () => {
  const sourceFiles = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
    });
  const importers = (pattern: RegExp) =>
    sourceFiles(join(projectRoot, 'src'))
      .filter((file) => pattern.test(readFileSync(file, 'utf8')))
      .map((file) => relative(projectRoot, file).replaceAll('\\', '/'));

  // Every reader of source code goes through src/syntax/parse.ts (require, with the V8 code cache);
  // a value import of the parser elsewhere would bypass both. Type-only imports are free.
  it('no source module but src/syntax/parse.ts loads @babel/parser', () => {
    expect(importers(/^import (?!type )[^;]*(from|= require\() ?'@babel\/parser'|import\(\s*'@babel\/parser'|require\(\s*'@babel\/parser'/m)).toEqual([
      'src/syntax/parse.ts',
    ]);
  });

  // The TypeScript compiler (13 MB of JavaScript) is a build tool here, never loaded at run time.
  it('no source module loads ts-morph or typescript', () => {
    expect(importers(/^import (?!type )[^;]*(from|= require\() ?'(ts-morph|typescript)'|import\(\s*'(ts-morph|typescript)'/m)).toEqual([]);
  });
});

// Node's own modules the run loaded (process.moduleLoadList), printed on exit.
const BUILTIN_PROBE = `data:text/javascript,${encodeURIComponent(`
process.on('exit', () => {
  const names = process.moduleLoadList.filter((entry) => entry.startsWith('NativeModule ')).map((entry) => entry.slice('NativeModule '.length));
  process.stderr.write('\\nloaded-builtins=' + JSON.stringify(names) + '\\n');
});`)}`;

function loadedBuiltins(args: readonly string[]): { status: number | null; stdout: string; builtins: string[] } {
  const run = spawnSync(process.execPath, ['--import', BUILTIN_PROBE, cliPath, ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  const line = /loaded-builtins=(.*)/.exec(run.stderr)?.[1];
  if (line === undefined) throw new Error(`no probe output: ${run.stderr}`);
  return { status: run.status, stdout: run.stdout, builtins: JSON.parse(line) as string[] };
}

describe('start-up loads only the Node modules the command uses (issue 21)', () => {
  // Each costs milliseconds of every run: child_process (with net and dgram) ~4 ms, crypto ~5 ms,
  // v8 ~2 ms. Commander requires child_process for executable subcommands (none here: see
  // scripts/bundle/commander-child-process.mjs); crypto and os serve the cache of an index URL.
  it('--version and --help load neither child_process, crypto, v8 nor module', () => {
    for (const args of [['--version'], ['--help']]) {
      const { status, builtins } = loadedBuiltins(args);
      expect(status).toBe(0);
      for (const name of ['child_process', 'crypto', 'v8', 'module']) expect([args[0], builtins]).not.toEqual([args[0], expect.arrayContaining([name])]);
    }
  });

  it('upgrade-check on an index file loads neither child_process nor crypto (no URL, no cache)', () => {
    const { status, builtins } = loadedBuiltins(['upgrade-check', '--from', '1.121.0', '--to', '1.136.1', '--index', 'fixtures/lightdash-index.json']);
    expect(status).toBe(0);
    expect(builtins).not.toContain('child_process');
    expect(builtins).not.toContain('crypto');
  });
});
