import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseSafetyArtifact } from '../../src/artifact/types.js';
import { validateArtifact } from '../../src/artifact/validate.js';
import { runCli } from '../helpers/cli.js';
import { buildFixtureRepo, createRepo, type TestRepo } from '../helpers/git-fixture.js';

/** End-to-end: the built CLI against real git repositories built from fixtures/generate/<scenario>/. */
const scenarios = new Map<string, TestRepo>();
let out: string;

function scenario(name: string): TestRepo {
  let repo = scenarios.get(name);
  if (!repo) {
    repo = buildFixtureRepo(`fixtures/generate/${name}`);
    scenarios.set(name, repo);
  }
  return repo;
}

function generate(repo: TestRepo, args: string[], file = 'release-safety.json') {
  const target = join(out, file);
  const run = runCli(['generate', '--repo', repo.dir, '--out', target, ...args]);
  const artifact = existsSync(target) ? (JSON.parse(readFileSync(target, 'utf8')) as ReleaseSafetyArtifact) : undefined;
  return { ...run, artifact, target };
}

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'rs-generate-out-'));
});
afterAll(() => {
  for (const repo of scenarios.values()) repo.cleanup();
  rmSync(out, { recursive: true, force: true });
});

describe('generate (built CLI)', () => {
  it('proves a quiet release safe (every surface declared absent in config)', () => {
    const run = generate(scenario('quiet'), ['--from', '1.0.0', '--to', '1.1.0'], 'quiet.json');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const artifact = run.artifact!;
    expect(validateArtifact(artifact)).toEqual({ valid: true, errors: [] });
    expect(artifact).toMatchObject({ version: '1.1.0', previousVersion: '1.0.0', releaseDate: '2026-01-03T00:00:00.000Z' });
    expect(artifact.compatibility).toEqual({ rollingUpdateSafe: true, recommendedStrategy: 'RollingUpdate' });
    expect(run.stdout).toContain('Rolling update safe:');
    expect(run.stdout).toContain(`Wrote ${run.target}`);
  });

  it('says unknown when the to ref has no config, and says why', () => {
    const run = generate(scenario('no-config'), ['--from', '1.0.0', '--to', '1.1.0', '--report', join(out, 'no-config.md')], 'no-config.json');
    expect(run.status).toBe(0);
    expect(run.artifact!.compatibility).toEqual({ rollingUpdateSafe: 'unknown', recommendedStrategy: 'Recreate' });
    expect(run.artifact!.api.rest).toMatchObject({ checked: false, breaking: 'unknown' });
    expect(run.stdout).toContain('release-safety.config.json at 1.1.0 not found: every surface is unconfigured');
    const markdown = readFileSync(join(out, 'no-config.md'), 'utf8');
    expect(markdown).toContain('# Release safety: 1.1.0');
    expect(markdown).toContain('not found: every surface is unconfigured');
  });

  it('compares against the uncommitted working tree with --to WORKTREE, dated now', () => {
    const repo = scenario('quiet');
    const before = Date.now();
    const run = generate(repo, ['--from', '1.1.0', '--to', 'WORKTREE', '--version', '1.2.0', '--json'], 'worktree.json');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(run.artifact);
    expect(run.artifact!.version).toBe('1.2.0');
    expect(Date.parse(run.artifact!.releaseDate)).toBeGreaterThanOrEqual(before - 1000);
    // The local edit is seen (one changed path) and the user's index is untouched.
    expect(repo.git('status', '--porcelain')).toBe('M CHANGELOG.md');
  });

  it('exits 2 naming an unknown ref, and writes nothing', () => {
    const run = generate(scenario('quiet'), ['--from', '1.0.0', '--to', 'v9.9.9'], 'bad-ref.json');
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toMatch(/^release-safety: unknown ref "v9\.9\.9"/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(run.target)).toBe(false);
  });

  it('exits 2 when the version cannot be derived, telling which flag to give', () => {
    const repo = scenario('quiet');
    const run = generate(repo, ['--from', '1.0.0', '--to', 'main'], 'no-version.json');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--to "main" is not a release tag (X.Y.Z or vX.Y.Z): give --version');
    expect(existsSync(run.target)).toBe(false);
    const flag = generate(repo, ['--from', '1.0.0', '--to', 'main', '--version', '1.2'], 'bad-version.json');
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain('--version "1.2" is not a release version');
  });

  it('exits 2 on an invalid config with the file and JSON pointer, and writes nothing', () => {
    const run = generate(scenario('invalid-config'), ['--from', '1.0.0', '--to', '1.1.0'], 'invalid-config.json');
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe('release-safety: invalid config release-safety.config.json at 1.1.0: /migrations/0/edition must be one of ["core","ee"]');
    expect(existsSync(run.target)).toBe(false);
  });

  it('uses --config instead of the config at the to ref', () => {
    const config = join(out, 'override.config.json');
    writeFileSync(config, '{ "openapi": false, "unknownKey": 1 }');
    const run = generate(scenario('no-config'), ['--from', '1.0.0', '--to', '1.1.0', '--config', config], 'override.json');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`invalid config ${config}: / has unknown member "unknownKey"`);
    const missing = generate(scenario('no-config'), ['--from', '1.0.0', '--to', '1.1.0', '--config', join(out, 'nope.json')], 'override.json');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read --config');
    expect(existsSync(missing.target)).toBe(false);
  });

  it('handles a tag name full of shell metacharacters as plain data', () => {
    const repo = createRepo();
    scenarios.set('metacharacters', repo);
    const hostile = 'v1;touch${IFS}pwned&&$(touch${IFS}pwned2)|`touch${IFS}pwned3`';
    repo.commit({ 'a.txt': 'one' }, { tag: '1.0.0' });
    repo.commit({ 'a.txt': 'two' });
    repo.git('tag', hostile);
    const run = runCli(['generate', '--repo', '.', '--from', '1.0.0', '--to', hostile, '--version', '1.1.0', '--out', join(out, 'hostile.json'), '--quiet'], {
      cwd: repo.dir,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(readdirSync(repo.dir).filter((name) => name.startsWith('pwned'))).toEqual([]);
    expect(readdirSync(out).filter((name) => name.startsWith('pwned'))).toEqual([]);
    const optionLike = runCli(['generate', '--repo', repo.dir, '--from', '--upload-pack=touch pwned', '--to', '1.0.0', '--out', join(out, 'opt.json')]);
    expect(optionLike.status).toBe(2);
    expect(optionLike.stderr).toContain('invalid ref "--upload-pack=touch pwned"');
  });

  it('--fail-on unsafe exits 1 on a verdict that is not true, after writing the artifact', () => {
    const run = generate(scenario('no-config'), ['--from', '1.0.0', '--to', '1.1.0', '--fail-on', 'unsafe', '--quiet'], 'fail-on.json');
    expect(run.status).toBe(1);
    expect(run.artifact!.compatibility.rollingUpdateSafe).toBe('unknown');
    // Even with --quiet, a failing gate says why, in one line.
    expect(run.stderr).toMatch(/^release-safety: 1\.1\.0 is not proven rolling-safe \(rollingUpdateSafe: unknown\): \w+: .+\n$/);
    const wrong = generate(scenario('no-config'), ['--from', '1.0.0', '--to', '1.1.0', '--fail-on', 'breaking'], 'fail-on-wrong.json');
    expect(wrong.status).toBe(2);
  });

  it('documents every flag in --help, and --version after the command is the release version', () => {
    const help = runCli(['generate', '--help']);
    expect(help.status).toBe(0);
    for (const flag of [
      '--repo <dir>',
      '--from <ref>',
      '--to <ref>',
      '--version <version>',
      '--previous-version <version>',
      '--config <file>',
      '--out <file>',
      '--report <file.md>',
      '--fail-on <condition>',
      '--json',
      '--quiet',
    ]) {
      expect(help.stdout).toContain(flag);
    }
    const run = generate(
      scenario('quiet'),
      ['--from', '1.0.0', '--to', '1.1.0', '--version', '7.0.0', '--previous-version', 'v6.9.0', '--quiet'],
      'explicit.json',
    );
    expect(run.status).toBe(0);
    expect(run.artifact).toMatchObject({ version: '7.0.0', previousVersion: '6.9.0' });
  });

  it('is deterministic: two runs give byte-identical files', () => {
    const repo = scenario('quiet');
    const first = generate(repo, ['--from', '1.0.0', '--to', '1.1.0'], 'det-1.json');
    const second = generate(repo, ['--from', '1.0.0', '--to', '1.1.0'], 'det-2.json');
    const bytes = readFileSync(first.target, 'utf8');
    expect(readFileSync(second.target, 'utf8')).toBe(bytes);
    expect(bytes.endsWith('}\n')).toBe(true);
    expect(bytes).toContain('\n  "schemaVersion": "2",\n');
  });
});
