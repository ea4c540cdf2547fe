import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/** `generate` writes the artifact and the report together or not at all (the built CLI, a real repository). */
describe('generate: nothing written on error', () => {
  let repo: TestRepo;
  let out: string;
  beforeAll(() => {
    repo = createRepo();
    const config = { migrations: false, openapi: false, mcpTools: false, env: false };
    repo.commit({ 'release-safety.config.json': JSON.stringify(config), 'README.md': 'v1' }, { tag: '1.0.0' });
    repo.commit({ 'README.md': 'v2' }, { tag: '1.1.0' });
    out = mkdtempSync(join(tmpdir(), 'rs-generate-writes-'));
  });
  afterAll(() => {
    repo.cleanup();
    rmSync(out, { recursive: true, force: true });
  });

  it('writes no artifact when the report cannot be written', () => {
    // A regular file where the report's folder should be: the report cannot be created.
    writeFileSync(join(out, 'not-a-folder'), 'x');
    const artifact = join(out, 'release-safety.json');
    const run = runCli([
      'generate',
      '--repo',
      repo.dir,
      '--from',
      '1.0.0',
      '--to',
      '1.1.0',
      '--out',
      artifact,
      '--report',
      join(out, 'not-a-folder', 'report.md'),
    ]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^release-safety: .*not-a-folder/);
    expect(existsSync(artifact)).toBe(false);
    expect(readdirSync(out)).toEqual(['not-a-folder']);
  });

  it('writes no report when the artifact cannot be written (its path is a folder)', () => {
    const dir = mkdtempSync(join(out, 'case-'));
    const artifactFolder = join(dir, 'release-safety.json');
    // A non-empty folder where the artifact should go: the rename onto it fails.
    mkdirSync(artifactFolder);
    writeFileSync(join(artifactFolder, 'keep'), 'old');
    const run = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', artifactFolder, '--report', join(dir, 'report.md')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^release-safety: /);
    expect(readdirSync(dir)).toEqual(['release-safety.json']);
  });

  it('refuses a report path that is the artifact path', () => {
    const dir = mkdtempSync(join(out, 'same-'));
    const target = join(dir, 'release-safety.json');
    const run = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', target, '--report', target]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('is the same file as --out');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a previous version that is not older than the version (the index could not hold the artifact)', () => {
    const dir = mkdtempSync(join(out, 'order-'));
    const target = join(dir, 'release-safety.json');
    const run = runCli(['generate', '--repo', repo.dir, '--from', '1.1.0', '--to', '1.0.0', '--out', target]);
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd()).toBe(
      'release-safety: the previous version 1.1.0 is not older than the version 1.0.0: --from must name the release before --to (or give --previous-version and --version)',
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('writes both when both can be written', () => {
    const dir = mkdtempSync(join(out, 'ok-'));
    const run = runCli([
      'generate',
      '--repo',
      repo.dir,
      '--from',
      '1.0.0',
      '--to',
      '1.1.0',
      '--out',
      join(dir, 'a.json'),
      '--report',
      join(dir, 'r.md'),
      '--quiet',
    ]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['a.json', 'r.md']);
  });
});
