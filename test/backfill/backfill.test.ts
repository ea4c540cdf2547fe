import { readdirSync, readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createRepo } from '../helpers/git-fixture.js';
import type { TestRepo } from '../helpers/git-fixture.js';
import type { ReleaseSafetyArtifact, ReleaseSafetyIndex } from '../../src/artifact/types.js';

/**
 * End to end on a real repository: 7 release tags (one `v`-prefixed), a pre-release and hostile tag
 * names that must be ignored, and one release whose config is not JSON (its pair fails closed).
 */
const config = JSON.stringify({ migrations: false, openapi: 'api/openapi.json', mcpTools: false, env: false });
const spec = (paths: string[]) =>
  JSON.stringify({
    openapi: '3.0.0',
    info: { title: 'svc', version: '1' },
    paths: Object.fromEntries(paths.map((path) => [path, { get: { responses: { '200': { description: 'ok' } } } }])),
  });

let repo: TestRepo;
let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'rs-backfill-'));
  repo = createRepo();
  repo.commit({ 'release-safety.config.json': config, 'api/openapi.json': spec(['/a']) }, { tag: '1.0.0' });
  repo.commit({ 'README.md': 'docs' }, { tag: '1.1.0' });
  repo.commit({ 'api/openapi.json': spec(['/a', '/b']) }, { tag: 'v1.2.0' });
  repo.commit({ 'release-safety.config.json': '{not json' }, { tag: '1.3.0' });
  repo.commit({ 'release-safety.config.json': config, 'api/openapi.json': spec(['/a']) }, { tag: '1.4.0-rc.1' });
  repo.git('tag', '1.4.0;rm-rf-x');
  repo.git('update-ref', 'refs/tags/--upload-pack=x', 'HEAD');
  repo.commit({ 'README.md': 'more docs' }, { tag: '1.4.0' });
  repo.commit({ 'README.md': 'even more' }, { tag: '1.5.0' });
  repo.commit({ 'README.md': 'after the range' }, { tag: '1.6.0' });
  return () => {
    repo.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  };
});

function artifactsIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
}

function readArtifact(dir: string, version: string): ReleaseSafetyArtifact {
  return JSON.parse(readFileSync(join(dir, `${version}.json`), 'utf8')) as ReleaseSafetyArtifact;
}

describe('release-safety backfill', () => {
  it('writes one artifact per consecutive release pair, fails one closed, and index turns them into a valid index', () => {
    const out = join(scratch, 'run');
    const run = runCli(['backfill', '--repo', repo.dir, '--from', '1.0.0', '--to', 'v1.5.0', '--out-dir', out, '--jobs', '1']);
    expect(run.stderr).toContain(
      'warning: 1.3.0: generation failed, wrote a fail-closed artifact (invalid config release-safety.config.json at refs/tags/1.3.0',
    );
    expect(run.stderr).toContain('[5/5] 1.5.0 (from 1.4.0): ');
    expect(run.stdout).toContain('5 release(s); 5 generated, 0 already present');
    expect(run.stdout).toContain('failed closed: 1 (1.3.0)');
    expect(run.status).toBe(0);
    expect(artifactsIn(out)).toEqual(['1.1.0.json', '1.2.0.json', '1.3.0.json', '1.4.0.json', '1.5.0.json']);
    expect(readArtifact(out, '1.4.0').previousVersion).toBe('1.3.0');
    expect(readArtifact(out, '1.2.0').api.rest).toMatchObject({ checked: true, breaking: false });
    expect(readArtifact(out, '1.4.0').api.rest).toMatchObject({ checked: true, breaking: true, breakingCount: 1 });

    const failed = readArtifact(out, '1.3.0');
    expect(failed).toMatchObject({
      previousVersion: '1.2.0',
      compatibility: { rollingUpdateSafe: 'unknown', recommendedStrategy: 'Recreate' },
      migrations: { present: 'unknown' },
      api: { rest: { checked: false, breaking: 'unknown' }, mcp: { checked: false, breaking: 'unknown' } },
      config: { checked: false, breaking: 'unknown' },
    });
    expect(runCli(['validate', join(out, '1.3.0.json')]).status).toBe(0);
    expect(readFileSync(join(out, '1.3.0.backfill.md'), 'utf8')).toContain('Generation failed: invalid config');
    expect(readFileSync(join(out, '1.2.0.backfill.md'), 'utf8')).toMatch(
      /^# Release safety: 1\.2\.0 \(generated retroactively\)\n\n> \*\*Generated retroactively\*\* .* `1\.1\.0` → `v1\.2\.0`/,
    );

    const indexFile = join(scratch, 'run-index.json');
    const index = runCli(['index', '--artifacts', out, '--repo', repo.dir, '--out', indexFile]);
    expect(index.status).toBe(0);
    const written = JSON.parse(readFileSync(indexFile, 'utf8')) as ReleaseSafetyIndex;
    expect(written.backfillFloorVersion).toBe('1.0.0');
    expect(written.entries.map((entry) => [entry.version, entry.backfilled, entry.syntheticRequiredStop])).toEqual([
      ['1.0.0', true, true],
      ['1.1.0', true, false],
      ['1.2.0', true, false],
      ['1.3.0', true, false],
      ['1.4.0', true, false],
      ['1.5.0', true, false],
    ]);
    expect(written.entries.find((entry) => entry.version === '1.3.0')?.rollingUpdateSafe).toBe('unknown');
    expect(runCli(['validate', indexFile]).status).toBe(0);
  });

  it('resumes: existing artifacts are skipped unless --force', () => {
    const out = join(scratch, 'resume');
    expect(runCli(['backfill', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.2.0', '--out-dir', out, '--jobs', '1']).status).toBe(0);
    writeFileSync(join(out, '1.1.0.json'), readFileSync(join(out, '1.1.0.json'), 'utf8').replace('"1.1.0"', '"1.1.0" '));
    const marked = readFileSync(join(out, '1.1.0.json'), 'utf8');
    const resumed = runCli(['backfill', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.4.0', '--out-dir', out, '--jobs', '1']);
    expect(resumed.status).toBe(0);
    expect(resumed.stderr).toContain('backfill: 2 release(s) to generate with 1 job(s), 2 already present (skipped; --force redoes them)');
    expect(readFileSync(join(out, '1.1.0.json'), 'utf8')).toBe(marked);
    expect(artifactsIn(out)).toEqual(['1.1.0.json', '1.2.0.json', '1.3.0.json', '1.4.0.json']);
    // A fail-closed artifact is not "done": the next run retries it (and here it fails again).
    const retried = runCli(['backfill', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.4.0', '--out-dir', out, '--jobs', '1']);
    expect(retried.stderr).toContain('backfill: 1 release(s) to generate with 1 job(s), 3 already present');
    expect(retried.stderr).toContain('[1/1] 1.3.0 (from 1.2.0): unknown (failed closed)');
    const forced = runCli(['backfill', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.2.0', '--out-dir', out, '--force', '--json']);
    expect(JSON.parse(forced.stdout)).toMatchObject({ pairs: 2, skipped: [] });
    expect(readFileSync(join(out, '1.1.0.json'), 'utf8')).not.toBe(marked);
  });

  it('gives byte-identical files with one job and with several', () => {
    const one = join(scratch, 'jobs-1');
    const three = join(scratch, 'jobs-3');
    expect(runCli(['backfill', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.6.0', '--out-dir', one, '--jobs', '1']).status).toBe(0);
    const parallel = runCli(['backfill', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.6.0', '--out-dir', three, '--jobs', '3', '--json']);
    expect(parallel.status).toBe(0);
    expect(JSON.parse(parallel.stdout)).toMatchObject({ pairs: 6, jobs: 3 });
    const files = readdirSync(one).sort();
    expect(files).toHaveLength(12);
    expect(readdirSync(three).sort()).toEqual(files);
    for (const file of files) expect(readFileSync(join(three, file), 'utf8')).toBe(readFileSync(join(one, file), 'utf8'));
  });

  it('refuses an invalid --config once, before writing anything', () => {
    const out = join(scratch, 'bad-config');
    const configFile = join(scratch, 'bad-config.json');
    writeFileSync(configFile, JSON.stringify({ openapi: '/etc/passwd' }));
    const run = runCli(['backfill', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.2.0', '--out-dir', out, '--config', configFile]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`invalid config ${configFile}: /openapi`);
    expect(() => readdirSync(out)).toThrow();
  });

  it.each([
    [['--from', '1.2', '--to', '1.5.0'], '--from "1.2" is not a release version (expected X.Y.Z or vX.Y.Z)'],
    [['--from', '--upload-pack=x', '--to', '1.5.0'], '--from "--upload-pack=x" is not a release version'],
    [['--from', '1.0.0;rm-rf-x', '--to', '1.5.0'], '--from "1.0.0;rm-rf-x" is not a release version'],
    [['--from', '0.9.0', '--to', '1.5.0'], '--from 0.9.0: no release tag 0.9.0 (or v0.9.0) in the repository'],
    [['--from', '1.5.0', '--to', '1.0.0'], '--from 1.5.0 must be older than --to 1.0.0'],
    [['--from', '1.0.0', '--to', '1.5.0', '--jobs', '0'], '--jobs "0" is not a whole number from 1 to 256'],
  ])('rejects %j with exit 2', (args, message) => {
    const run = runCli(['backfill', '--repo', repo.dir, '--out-dir', join(scratch, 'rejected'), ...args]);
    expect(run.stderr).toContain(message);
    expect(run.status).toBe(2);
  });
});
