import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createRepo } from '../helpers/git-fixture.js';
import type { TestRepo } from '../helpers/git-fixture.js';
import type { ReleaseSafetyIndex } from '../../src/artifact/types.js';
import { makeArtifact, writeArtifacts } from './artifacts.js';

const realIndexFile = new URL('../../fixtures/lightdash-index.json', import.meta.url).pathname;
// Real published artifacts of lightdash (fixtures/lightdash-release-safety/SOURCES.md says where each came from).
const realArtifactsDir = new URL('../../fixtures/lightdash-release-safety', import.meta.url).pathname;
const realArtifacts = ['1.136.1', '2.114.0', '2.133.1'];

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'rs-index-'));
  return () => rmSync(scratch, { recursive: true, force: true });
});

function freshDir(name: string): string {
  return mkdtempSync(join(scratch, `${name}-`));
}

function readIndex(file: string): ReleaseSafetyIndex {
  return JSON.parse(readFileSync(file, 'utf8')) as ReleaseSafetyIndex;
}

const withoutGeneratedAt = (text: string) => text.replace(/"generatedAt": "[^"]*"/, '"generatedAt": ""');

describe('release-safety index on the real published index', () => {
  it('keeps every one of the 3,111 entries when fed only the existing index', () => {
    const out = join(freshDir('keep'), 'index.json');
    const run = runCli(['index', '--index', realIndexFile, '--out', out]);
    expect(run.stderr).toContain('entries: 3111 (0 from artifacts, 0 backfilled from release tags, 3111 kept from the existing index)');
    expect(run.status).toBe(0);
    expect(withoutGeneratedAt(readFileSync(out, 'utf8'))).toBe(withoutGeneratedAt(readFileSync(realIndexFile, 'utf8')));
  });

  it('updates the entries of the three real artifacts and stays valid', () => {
    const artifacts = freshDir('real-artifacts');
    for (const version of realArtifacts) copyFileSync(join(realArtifactsDir, `${version}.json`), join(artifacts, `${version}.json`));
    const out = join(artifacts, '..', 'real-index.json');
    const run = runCli(['index', '--artifacts', artifacts, '--index', realIndexFile, '--out', out]);
    expect(run.status).toBe(0);
    const index = readIndex(out);
    expect(index.entries).toHaveLength(3113);
    for (const version of realArtifacts) {
      const artifact = JSON.parse(readFileSync(join(artifacts, `${version}.json`), 'utf8'));
      expect(index.entries.find((entry) => entry.version === version)).toEqual({
        version,
        previousVersion: artifact.previousVersion,
        releaseDate: artifact.releaseDate,
        rollingUpdateSafe: artifact.compatibility.rollingUpdateSafe,
        requiredStops: artifact.upgrade.requiredStops,
        minPreviousVersion: artifact.upgrade.minPreviousVersion,
        backfilled: false,
        syntheticRequiredStop: false,
      });
    }
    expect(index.entries.slice(-3).map((entry) => entry.version)).toEqual(realArtifacts);
    expect(run.stderr).toContain('warning: gap before 2.114.0: its previousVersion 2.113.0 is not in the index');
    const check = runCli(['validate', out]);
    expect(check.stdout).toContain('valid index (3113 entries, floor 0.1893.0)');
    expect(check.status).toBe(0);
  });

  it('raising the floor leaves the older entries out, says so, and moves the synthetic stop', () => {
    const out = join(freshDir('floor'), 'index.json');
    const run = runCli(['index', '--index', realIndexFile, '--floor', '1.0.0', '--out', out, '--json']);
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout).report;
    const index = readIndex(out);
    const real = readIndex(realIndexFile);
    const olderCount = real.entries.findIndex((entry) => entry.version === '1.0.0');
    expect(report.belowFloor).toHaveLength(olderCount);
    expect(report.unfloored).toEqual([]);
    expect(index.entries).toHaveLength(real.entries.length - olderCount);
    expect(index.entries[0]).toMatchObject({ version: '1.0.0', syntheticRequiredStop: true, requiredStops: ['1.0.0'] });
    expect(index.entries.filter((entry) => entry.syntheticRequiredStop)).toHaveLength(1);
    expect(runCli(['validate', out]).status).toBe(0);
  });
});

describe('release-safety index over artifacts and tags', () => {
  it('re-running on the same inputs changes nothing but generatedAt', () => {
    const artifacts = freshDir('rerun');
    writeArtifacts(artifacts, [makeArtifact('1.0.0', null), makeArtifact('1.1.0', '1.0.0', { safe: 'unknown' }), makeArtifact('1.10.0', '1.1.0')]);
    const first = join(scratch, 'rerun-1.json');
    const second = join(scratch, 'rerun-2.json');
    expect(runCli(['index', '--artifacts', artifacts, '--out', first]).status).toBe(0);
    expect(runCli(['index', '--artifacts', artifacts, '--index', first, '--out', second]).status).toBe(0);
    const firstText = readFileSync(first, 'utf8');
    expect(readIndex(first).entries.map((entry) => entry.version)).toEqual(['1.0.0', '1.1.0', '1.10.0']);
    expect(withoutGeneratedAt(readFileSync(second, 'utf8'))).toBe(withoutGeneratedAt(firstText));
  });

  it('keeps the entry of a deleted artifact and reports it', () => {
    const artifacts = freshDir('deleted');
    writeArtifacts(artifacts, [makeArtifact('1.0.0', null), makeArtifact('1.1.0', '1.0.0'), makeArtifact('1.2.0', '1.1.0')]);
    const first = join(scratch, 'deleted-1.json');
    expect(runCli(['index', '--artifacts', artifacts, '--out', first]).status).toBe(0);
    rmSync(join(artifacts, '1.1.0.json'));
    const second = join(scratch, 'deleted-2.json');
    const run = runCli(['index', '--artifacts', artifacts, '--index', first, '--out', second]);
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('kept from the existing index, explained by no artifact or release tag: 1.1.0');
    expect(readIndex(second).entries).toEqual(readIndex(first).entries);
  });

  it('refuses an invalid artifact by name, or skips it and says so with --skip-invalid', () => {
    const artifacts = freshDir('invalid');
    writeArtifacts(artifacts, [makeArtifact('1.0.0', null)]);
    writeFileSync(join(artifacts, 'broken.json'), '{"schemaVersion": "2", "version": "1.1.0"}');
    const out = join(artifacts, '..', 'invalid-index.json');
    const refused = runCli(['index', '--artifacts', artifacts, '--out', out]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`${join(artifacts, 'broken.json')}: invalid artifact: /: must have required property`);
    expect(existsSync(out)).toBe(false);
    const skipped = runCli(['index', '--artifacts', artifacts, '--out', out, '--skip-invalid']);
    expect(skipped.status).toBe(0);
    expect(skipped.stderr).toContain(`skipped invalid artifact ${join(artifacts, 'broken.json')}: invalid artifact:`);
    expect(readIndex(out).entries.map((entry) => entry.version)).toEqual(['1.0.0']);
  });

  describe('with --repo', () => {
    let repo: TestRepo;
    beforeAll(() => {
      repo = createRepo();
      repo.commit({ 'a.txt': '0' }, { tag: '0.9.0', date: '2026-01-01T00:00:00Z' });
      repo.commit({ 'a.txt': '1' }, { tag: '1.0.0', date: '2026-01-02T00:00:00Z' });
      repo.commit({ 'a.txt': '2' }, { tag: 'v1.1.0', date: '2026-01-03T00:00:00Z' });
      repo.commit({ 'a.txt': '3' }, { tag: '1.2.0-rc.1', date: '2026-01-04T00:00:00Z' });
      repo.git('tag', '1.0.0;rm-rf-x');
      repo.git('update-ref', 'refs/tags/--upload-pack=x', 'HEAD');
      repo.commit({ 'a.txt': '4' }, { tag: '1.2.0', date: '2026-01-05T00:00:00Z' });
      repo.commit({ 'a.txt': '5' }, { tag: '1.3.0', date: '2026-01-06T00:00:00Z' });
      return () => repo.cleanup();
    });

    it('backfills the release between two artifacts, builds the floor from its tag and ignores other tags', () => {
      const artifacts = freshDir('repo');
      writeArtifacts(artifacts, [
        makeArtifact('1.0.0', '0.9.0', { date: '2026-01-02T00:00:00Z' }),
        makeArtifact('1.2.0', '1.1.0', { date: '2026-01-05T00:00:00Z', safe: false }),
      ]);
      const out = join(artifacts, '..', 'repo-index.json');
      const run = runCli(['index', '--artifacts', artifacts, '--repo', repo.dir, '--floor', '0.9.0', '--out', out]);
      expect(run.stderr).toContain('backfilled (no artifact; rollingUpdateSafe "unknown"): 0.9.0, 1.1.0');
      expect(run.status).toBe(0);
      const index = readIndex(out);
      expect(
        index.entries.map((entry) => [entry.version, entry.previousVersion, entry.rollingUpdateSafe, entry.backfilled, entry.syntheticRequiredStop]),
      ).toEqual([
        ['0.9.0', null, 'unknown', true, true],
        ['1.0.0', '0.9.0', true, false, false],
        ['1.1.0', '1.0.0', 'unknown', true, false],
        ['1.2.0', '1.1.0', false, false, false],
      ]);
      expect(index.entries[0]!.requiredStops).toEqual(['0.9.0']);
      expect(index.entries[2]!.releaseDate).toBe('2026-01-03T00:00:00Z');
      expect(existsSync(join(repo.dir, 'x'))).toBe(false);
      expect(runCli(['validate', out]).status).toBe(0);
    });
  });

  it.each([
    [['index', '--artifacts', '.', '--floor', '1.2', '--out', 'x.json'], '--floor "1.2" is not a release version (expected X.Y.Z)'],
    [['index', '--out', 'x.json'], 'nothing to index: give --artifacts, --index or --repo'],
    [['index', '--artifacts', '/nonexistent/folder', '--out', 'x.json'], '--artifacts folder not found: /nonexistent/folder'],
  ])('rejects bad input %j with exit 2', (args, message) => {
    const run = runCli(args, { cwd: scratch });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
