import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from './helpers/cli.js';
import { createRepo, type TestRepo } from './helpers/git-fixture.js';

/**
 * The GitHub Action as the runner starts it: the esbuild bundle (built here into a scratch folder
 * beside the committed one), INPUT_* variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files.
 */
const bundleDir = join(projectRoot, 'action', '.test-dist');
const bundle = join(bundleDir, 'index.mjs');

describe('GitHub Action bundle', () => {
  let repo: TestRepo;
  let runnerFiles: string;

  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-action.mjs', 'action/.test-dist'], { cwd: projectRoot, stdio: 'pipe' });
    repo = createRepo();
    const config = { migrations: [{ dir: 'db/migrations', edition: 'core' }], openapi: false, mcpTools: false, env: false };
    repo.commit(
      { 'release-safety.config.json': JSON.stringify(config), 'db/migrations/001.sql': 'create table users (id int, email text);' },
      { tag: 'v1.0.0' },
    );
    repo.commit({ 'README.md': 'docs only' }, { tag: 'v1.1.0' });
    repo.commit({ 'db/migrations/002.sql': 'create index users_email on users (email);' }, { tag: 'v1.2.0' });
    runnerFiles = mkdtempSync(join(tmpdir(), 'rs-runner-'));
  }, 120_000);

  afterAll(() => {
    repo?.cleanup();
    rmSync(runnerFiles, { recursive: true, force: true });
    rmSync(bundleDir, { recursive: true, force: true });
  });

  const runAction = (inputs: Record<string, string>, name: string) => {
    const output = join(runnerFiles, `${name}.out`);
    const summary = join(runnerFiles, `${name}.summary`);
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary };
    for (const [key, value] of Object.entries(inputs)) env[`INPUT_${key.toUpperCase()}`] = value;
    const result = spawnSync(process.execPath, [bundle], { cwd: repo.dir, env, encoding: 'utf8' });
    const read = (file: string) => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return '';
      }
    };
    return { status: result.status, stdout: result.stdout, stderr: result.stderr, outputs: read(output), summary: read(summary) };
  };

  it('proves a quiet release safe and publishes the outputs and the job summary', () => {
    const run = runAction({ from: 'v1.0.0', to: 'v1.1.0', 'fail-on': 'unsafe', out: 'quiet.json', report: 'quiet.md' }, 'quiet');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.outputs).toContain('rolling-update-safe=true\n');
    expect(run.outputs).toContain('recommended-strategy=RollingUpdate\n');
    expect(run.outputs).toContain('exit-code=0\n');
    expect(run.summary).toContain('1.1.0');
  });

  it('fails the step on a heavy migration with fail-on: unsafe, having written the artifact', () => {
    const run = runAction({ from: 'v1.1.0', to: 'v1.2.0', 'fail-on': 'unsafe', out: 'heavy.json', report: 'heavy.md' }, 'heavy');
    expect(run.status).toBe(1);
    expect(run.outputs).toContain('rolling-update-safe=false\n');
    const artifact = JSON.parse(readFileSync(join(repo.dir, 'heavy.json'), 'utf8')) as { migrations: { files: Array<{ heaviness: unknown }> } };
    expect(artifact.migrations.files[0]?.heaviness).toEqual({ locksTable: true, rewritesTable: false, scansTable: true });
  });

  it('is committed up to date (run `npm run build:action` after changing src/)', () => {
    const committed = readFileSync(join(projectRoot, 'action', 'dist', 'index.mjs'));
    expect(readFileSync(bundle).equals(committed), 'action/dist/index.mjs is stale: npm run build:action').toBe(true);
  });

  it('publishes no verdict from an artifact this run did not write (generate failed, a stale file is there)', () => {
    const stale = { compatibility: { rollingUpdateSafe: true, recommendedStrategy: 'RollingUpdate' } };
    writeFileSync(join(repo.dir, 'stale.json'), JSON.stringify(stale));
    const run = runAction({ from: 'v1.0.0', to: 'no-such-tag', out: 'stale.json', report: 'stale.md' }, 'stale');
    expect(run.status).toBe(2);
    expect(run.outputs).toContain('exit-code=2\n');
    expect(run.outputs).toContain('rolling-update-safe=unknown\n');
    expect(run.outputs).toContain('recommended-strategy=Recreate\n');
    expect(run.outputs).not.toContain('artifact=');
  });

  it('reports a bad input as an error annotation and exit code 2', () => {
    const run = runAction({ from: 'v1.0.0' }, 'bad');
    expect(run.status).toBe(2);
    expect(run.stdout).toContain('::error::release-safety: input "to" is required');
  });
});
