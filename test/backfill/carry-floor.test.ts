import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseSafetyArtifact } from '../../src/artifact/types.js';
import { failPair } from '../../src/index/backfill-pairs.js';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/**
 * `minPreviousVersion` travels from one backfilled artifact to the next (historic tags have no
 * committed release-safety.json): release 3.0.0 declares a required stop, so 4.0.0, 5.0.0 and 6.0.0
 * may only be reached from 3.0.0 or later — serially, in parallel runs, when resuming, and through a
 * pair that fails closed.
 */
const config = JSON.stringify({ migrations: false, openapi: false, mcpTools: false, env: false });

let repo: TestRepo;
let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'rs-carry-'));
  repo = createRepo();
  repo.commit({ 'release-safety.config.json': config, 'src/a.ts': 'export const a = 1;\n' }, { tag: '1.0.0' });
  repo.commit({ 'src/a.ts': 'export const a = 2;\n' }, { tag: '2.0.0' });
  repo.commit(
    { 'src/upgrade.ts': '// @release-safety breaking required-stop: the 3.0.0 data migration must run before any later release starts\nexport {};\n' },
    { tag: '3.0.0' },
  );
  repo.commit({ 'src/a.ts': 'export const a = 4;\n' }, { tag: '4.0.0' });
  repo.commit({ 'src/a.ts': 'export const a = 5;\n' }, { tag: '5.0.0' });
  repo.commit({ 'src/a.ts': 'export const a = 6;\n' }, { tag: '6.0.0' });
  return () => {
    repo.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  };
});

const floors = (dir: string) =>
  Object.fromEntries(
    ['2.0.0', '3.0.0', '4.0.0', '5.0.0', '6.0.0'].map((version) => {
      const artifact = JSON.parse(readFileSync(join(dir, `${version}.json`), 'utf8')) as ReleaseSafetyArtifact;
      return [version, [artifact.upgrade.minPreviousVersion, artifact.upgrade.requiredStops.join(',')]];
    }),
  );

const EXPECTED = {
  '2.0.0': [null, ''],
  '3.0.0': [null, '3.0.0'],
  '4.0.0': ['3.0.0', ''],
  '5.0.0': ['3.0.0', ''],
  '6.0.0': ['3.0.0', ''],
};

const backfill = (out: string, jobs: number, extra: string[] = []) =>
  runCli(['backfill', '--repo', repo.dir, '--from', '1.0.0', '--to', '6.0.0', '--out-dir', out, '--jobs', String(jobs), ...extra]);

describe('backfill carries minPreviousVersion from artifact to artifact', () => {
  it('raises the floor of every release after a declared required stop, serially', () => {
    const out = join(scratch, 'serial');
    expect(backfill(out, 1).status).toBe(0);
    expect(floors(out)).toEqual(EXPECTED);
    const report = readFileSync(join(out, '5.0.0.backfill.md'), 'utf8');
    expect(report).toContain('minPreviousVersion: 3.0.0 (carried from the previous release)');
    expect(report).toContain('previous artifact: artifact of 4.0.0 given by the caller (4.0.0.json written by backfill)');
  });

  it('gives the same floors and byte-identical files with parallel runs (the stop is in another run)', () => {
    const serial = join(scratch, 'serial-2');
    expect(backfill(serial, 1).status).toBe(0);
    for (const jobs of [2, 3, 5]) {
      const out = join(scratch, `jobs-${jobs}`);
      const run = backfill(out, jobs, ['--json']);
      // stderr in the messages: a failed pair (fail-closed artifact) says why there.
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr, 'no pair may fail').not.toContain('generation failed');
      expect(JSON.parse(run.stdout)).toMatchObject({ pairs: 5, jobs });
      expect(floors(out), run.stderr).toEqual(EXPECTED);
      const files = readdirSync(serial).sort();
      expect(readdirSync(out).sort()).toEqual(files);
      for (const file of files) expect(readFileSync(join(out, file), 'utf8'), `${file} with ${jobs} jobs`).toBe(readFileSync(join(serial, file), 'utf8'));
    }
  });

  it('reads the previous artifact from the out-dir when resuming', () => {
    const out = join(scratch, 'resume');
    expect(runCli(['backfill', '--repo', repo.dir, '--from', '1.0.0', '--to', '3.0.0', '--out-dir', out, '--jobs', '1']).status).toBe(0);
    const resumed = backfill(out, 1, ['--json']);
    expect(resumed.status).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ skipped: ['2.0.0', '3.0.0'] });
    expect(floors(out)).toEqual(EXPECTED);
  });

  it('carries the floor through a pair that fails closed', () => {
    const out = join(scratch, 'failed');
    expect(backfill(out, 1).status).toBe(0);
    const [pair] = [
      {
        base: { tag: '4.0.0', version: '4.0.0', commit: '', date: '' },
        head: { tag: '5.0.0', version: '5.0.0', commit: '', date: '2026-01-05T00:00:00.000Z' },
      },
    ];
    const { artifact } = failPair(out, pair!, 'simulated failure');
    expect(artifact.compatibility.rollingUpdateSafe).toBe('unknown');
    expect(artifact.upgrade).toEqual({ minPreviousVersion: '3.0.0', requiredStops: [] });
  });
});
