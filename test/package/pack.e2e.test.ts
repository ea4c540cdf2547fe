import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/**
 * The package as a user gets it: `npm pack`, installed from the tarball into an empty folder, run
 * through `npx`. `npm test` has built dist/ already, so the pack skips `prepack` (which builds on a
 * clean clone); a separate assertion keeps `prepack` declared.
 */
let work: string;
let installed: string;
let repo: TestRepo;

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_loglevel: 'error', npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' },
    maxBuffer: 64 * 1024 * 1024,
  });
}

function npx(args: string[], cwd = installed) {
  const result = spawnSync('npx', ['--no-install', 'release-safety', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  // npm's own warnings about the machine's npm config are not the tool's output.
  const stderr = result.stderr
    .split('\n')
    .filter((line) => !line.startsWith('npm warn'))
    .join('\n')
    .trim();
  return { status: result.status, stdout: result.stdout, stderr };
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'rs-pack-'));
  const packed = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], projectRoot)) as {
    filename: string;
    files: { path: string }[];
  }[];
  const tarball = join(work, packed[0]!.filename);
  installed = join(work, 'consumer');
  npm(['init', '-y'], (execFileSync('mkdir', ['-p', installed]), installed));
  npm(['install', '--prefer-offline', '--no-package-lock', tarball], installed);
  repo = createRepo();
}, 180_000);

afterAll(() => {
  repo?.cleanup();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('declares prepack, so a clean clone builds before packing', () => {
    const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(manifest.scripts.prepack).toContain('build');
  });

  it('ships the CLI bundle, the library types, schemas, docs and licence; not the compiled tree, tests or source maps', () => {
    const root = join(installed, 'node_modules', 'release-safety');
    for (const file of [
      'dist/bin/release-safety.js',
      'dist/bin/backfill-worker.js',
      'dist/bin/pglite-worker.js',
      'dist/bin/lib.js',
      'dist/types/lib.d.ts',
      'schemas/release-safety.schema.json',
      'docs/migration-rules.md',
      'LICENSE',
      'README.md',
    ]) {
      expect(existsSync(join(root, file)), file).toBe(true);
    }
    // The code ships once: the bundle. The tsc tree (dist/cli, dist/stages, …) is not in the package.
    expect(readdirSync(join(root, 'dist')).sort()).toEqual(['bin', 'types']);
    const dist = readdirSync(join(root, 'dist'), { recursive: true }).map(String);
    expect(dist.filter((file) => file.endsWith('.test.js') || file.endsWith('.map'))).toEqual([]);
    expect(dist.filter((file) => file.endsWith('.d.ts')).length).toBeLessThan(20);
  });

  it('installs light: runtime dependencies only for what the bundle loads, at most 25 MB with them, and no PGlite', () => {
    const modules = join(installed, 'node_modules');
    const packages = readdirSync(modules)
      .flatMap((name) => (name.startsWith('@') ? readdirSync(join(modules, name)).map((sub) => `${name}/${sub}`) : [name]))
      .filter((name) => !name.startsWith('.'));
    expect(packages.sort()).toEqual(
      [
        '@babel/parser',
        '@babel/types',
        '@babel/helper-string-parser',
        '@babel/helper-validator-identifier',
        '@pgsql/types',
        'libpg-query',
        'release-safety',
      ].sort(),
    );
    const bytes = Number(execFileSync('du', ['-sb', modules], { encoding: 'utf8' }).split('\t')[0]);
    // Real figure of this package, measured here on every run (56 MB before issue 34; target ≤ 25 MB).
    console.log(`installed node_modules: ${(bytes / 1024 / 1024).toFixed(1)} MB, ${packages.length} packages`);
    expect(bytes).toBeLessThanOrEqual(25 * 1024 * 1024);
  });

  it('trace without PGlite says how to install it, in one line, exit 2', () => {
    const run = npx(['trace', '--repo', repo.dir, '--from', 'HEAD', '--to', 'HEAD']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('npm install @electric-sql/pglite@^0.5');
    expect(run.stderr.split('\n')).toHaveLength(1);
  });

  it('runs --help through npx, instantly', () => {
    const started = performance.now();
    const direct = spawnSync(process.execPath, [join(installed, 'node_modules', 'release-safety', 'dist', 'bin', 'release-safety.js'), '--help'], {
      encoding: 'utf8',
    });
    const elapsed = performance.now() - started;
    expect(direct.status).toBe(0);
    // Generous for a shared CI machine; a node start alone is ~40 ms.
    expect(elapsed).toBeLessThan(1500);
    const run = npx(['--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('upgrade-check');
    expect(run.stdout).toContain('generate');
  });

  it('runs upgrade-check on the real published index', () => {
    const index = join(projectRoot, 'fixtures/lightdash-index.json');
    const safe = npx(['upgrade-check', '--from', '1.121.0', '--to', '1.136.1', '--index', index, '--json']);
    expect(safe.status).toBe(0);
    expect(JSON.parse(safe.stdout)).toMatchObject({ safe: true, verdict: 'SAFE' });
    const unsafe = npx(['upgrade-check', '--from', '1.110.0', '--to', '1.125.0', '--index', index]);
    expect(unsafe.status).toBe(1);
  });

  it('runs generate on a repository and writes a schema-valid artifact', () => {
    const config = JSON.stringify({ migrations: [{ dir: 'db', edition: 'core' }], openapi: false, mcpTools: false, env: false });
    repo.commit({ 'release-safety.config.json': config, 'db/001_init.sql': 'CREATE TABLE orders (id bigint PRIMARY KEY);\n' }, { tag: '1.0.0' });
    repo.commit({ 'db/002_index.sql': 'CREATE INDEX orders_created ON orders (id);\n' }, { tag: '1.1.0' });
    const out = join(work, 'release-safety.json');
    const run = npx(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const artifact = JSON.parse(readFileSync(out, 'utf8')) as { version: string; migrations: { count: number }; compatibility: { rollingUpdateSafe: unknown } };
    expect(artifact.version).toBe('1.1.0');
    expect(artifact.migrations.count).toBe(1);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });

  it('exposes the library entry with its span evaluation', () => {
    const script = join(installed, 'check.mjs');
    writeFileSync(
      script,
      "import { evaluateSpan, parseIndexDocument } from 'release-safety';\n" +
        "import { readFileSync } from 'node:fs';\n" +
        'const index = parseIndexDocument(readFileSync(process.argv[2], "utf8"), "index");\n' +
        'const result = evaluateSpan(index, "1.121.0", "1.136.1");\n' +
        'console.log(JSON.stringify({ evaluable: result.evaluable, safe: result.evaluable && result.verdict.safe }));\n',
    );
    const run = spawnSync(process.execPath, [script, join(projectRoot, 'fixtures/lightdash-index.json')], { cwd: installed, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ evaluable: true, safe: true });
  });
});
