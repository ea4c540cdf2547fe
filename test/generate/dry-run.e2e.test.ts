import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateArtifact } from '../../src/artifact/validate.js';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/** `generate --version X.Y.Z-<pre-release>`: a dry run (pull request, release candidate), never an index entry. */
let repo: TestRepo;
let out: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'rs-dry-run-'));
  repo = createRepo();
  repo.commit({ 'release-safety.config.json': JSON.stringify({ migrations: false, openapi: false, mcpTools: false, env: false }) }, { tag: '1.0.0' });
  repo.commit({ 'CHANGELOG.md': 'next\n' });
});
afterAll(() => {
  repo.cleanup();
  rmSync(out, { recursive: true, force: true });
});

describe('dry-run versions', () => {
  it('writes a schema-valid artifact for a pre-release version of an untagged commit', () => {
    mkdirSync(join(out, 'artifacts'));
    const target = join(out, 'artifacts', '1.1.0-rc.1.json');
    const run = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', 'HEAD', '--version', '1.1.0-rc.1', '--out', target, '--quiet']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const artifact = JSON.parse(readFileSync(target, 'utf8')) as { version: string; previousVersion: string };
    expect(artifact).toMatchObject({ version: '1.1.0-rc.1', previousVersion: '1.0.0' });
    expect(validateArtifact(artifact).valid).toBe(true);
    expect(runCli(['validate', target]).status).toBe(0);
  });

  it('index refuses a dry-run artifact, naming it', () => {
    const run = runCli(['index', '--artifacts', join(out, 'artifacts'), '--out', join(out, 'index.json')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('1.1.0-rc.1.json: version "1.1.0-rc.1" is a dry run (pre-release), never an index entry');
  });

  it('a pre-release of the previous version itself is not newer', () => {
    const run = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', 'HEAD', '--version', '1.0.0-rc.1', '--out', join(out, 'x.json')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('the previous version 1.0.0 is not older than the version 1.0.0-rc.1');
  });

  it('a pre-release is never a --previous-version', () => {
    const run = runCli([
      'generate',
      '--repo',
      repo.dir,
      '--from',
      '1.0.0',
      '--to',
      'HEAD',
      '--previous-version',
      '1.0.0-rc.1',
      '--version',
      '1.1.0',
      '--out',
      join(out, 'y.json'),
    ]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--previous-version "1.0.0-rc.1" is not a release version (expected X.Y.Z or vX.Y.Z)');
  });
});
