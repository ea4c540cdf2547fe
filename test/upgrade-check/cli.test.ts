import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, runCli } from '../helpers/cli.js';
import { syntheticIndex, writeTempJson } from './synthetic-index.js';

const realIndex = path.join(projectRoot, 'fixtures/lightdash-index.json');
// No inherited index setting and a private cache, whatever the developer's shell has.
const isolatedEnv = () => ({ RELEASE_SAFETY_INDEX_URL: '', RELEASE_SAFETY_CACHE_DIR: mkdtempSync(path.join(tmpdir(), 'rs-cache-')) });
const check = (args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) =>
  runCli(['upgrade-check', ...args], { cwd: options.cwd, env: { ...isolatedEnv(), ...options.env } });

describe('upgrade-check on the real lightdash index', () => {
  it('1.121.0 → 1.136.1 is SAFE and exits 0', () => {
    const run = check(['--from', '1.121.0', '--to', '1.136.1', '--index', realIndex]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      [
        'Upgrade check: 1.121.0 → 1.136.1',
        'Direction: upgrade',
        'Verdict: SAFE',
        'Unsafe rolling-update safety: none',
        'Unknown rolling-update safety: none',
        'Minimum previous version: 1.111.0',
        'Covered releases: 1.121.1, 1.122.0, 1.123.0, 1.123.1, 1.124.0, 1.125.0, 1.126.0, 1.127.0, 1.128.0, 1.129.0, 1.130.0, 1.130.1, 1.131.0, 1.132.0, 1.133.0, 1.134.0, 1.134.1, 1.134.2, 1.134.3, 1.135.0, 1.136.0, 1.136.1',
        'Required stops: none',
        'Missing coverage: none',
        'Recommended strategy: RollingUpdate',
        '',
      ].join('\n'),
    );
  });

  it('1.110.0 → 1.125.0 is UNSAFE: 1.112.0 unsafe, the backfilled others unknown, exit 1 with a one-line reason', () => {
    const run = check(['--from', '1.110.0', '--to', '1.125.0', '--index', realIndex]);
    expect(run.status).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines.slice(0, 6)).toEqual([
      'Upgrade check: 1.110.0 → 1.125.0',
      'Direction: upgrade',
      'Verdict: UNSAFE',
      'Unsafe rolling-update safety: 1.112.0',
      'Unknown rolling-update safety: 1.111.0, 1.113.0, 1.113.1, 1.114.0, 1.115.0, 1.116.0, 1.116.1, 1.117.0, 1.118.0, 1.119.0, 1.120.0, 1.120.1',
      'Minimum previous version: 1.111.0',
    ]);
    expect(lines[6]).toMatch(/^Covered releases: 1\.111\.0, 1\.112\.0, .*, 1\.125\.0$/);
    expect(lines).toContain('Required stops: 1.111.0');
    expect(lines).toContain('Recommended strategy: Recreate');
    expect(lines.filter((line) => line.startsWith('Why: span rule ')).length).toBe(4);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'release-safety: 1.110.0 → 1.125.0 is not proven rolling-safe (Recreate required): span rule 1: rollingUpdateSafe is false for 1.112.0 (+3 more reasons)',
    ]);
  });

  it('a span crossing backfilled releases says so in plain words after the contract lines, and what makes future releases count', () => {
    const run = check(['--from', '1.110.0', '--to', '1.125.0', '--index', realIndex]);
    const lines = run.stdout.trimEnd().split('\n');
    const contractEnd = lines.findIndex((line) => line.startsWith('Covered releases: '));
    const backfilledAt = lines.findIndex((line) => line.startsWith('Backfilled releases in this span: '));
    expect(contractEnd).toBe(6);
    expect(backfilledAt).toBeGreaterThan(contractEnd);
    expect(lines[backfilledAt]).toContain('by span rule 5 a span that crosses them needs Recreate whatever their verdicts say');
    expect(lines[backfilledAt + 1]).toBe(
      'What makes future releases count: run `release-safety generate` at release time and publish its release-safety.json with each release (then `release-safety index`); a span made only of such releases, all `true`, is rolling-safe.',
    );
    // A span of published releases only has no such lines.
    expect(check(['--from', '1.121.0', '--to', '1.136.1', '--index', realIndex]).stdout).not.toContain('Backfilled releases');
  });

  it('--json prints one object with the contract members, and still explains a non-zero exit on stderr', () => {
    const run = check(['--from', '1.110.0', '--to', '1.125.0', '--index', realIndex, '--json']);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(report)).toEqual([
      'fromVersion',
      'toVersion',
      'direction',
      'safe',
      'verdict',
      'requiredStops',
      'minPreviousVersion',
      'coveredVersions',
      'missingRanges',
      'unsafeVersions',
      'unknownVersions',
      'recommendedStrategy',
      'reasons',
    ]);
    expect(report).toMatchObject({
      fromVersion: '1.110.0',
      toVersion: '1.125.0',
      direction: 'upgrade',
      safe: false,
      verdict: 'UNSAFE',
      requiredStops: ['1.111.0'],
      minPreviousVersion: '1.111.0',
      missingRanges: [],
      unsafeVersions: ['1.112.0'],
      recommendedStrategy: 'Recreate',
    });
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('a start below the floor 0.1893.0 must stop at the floor (rule 4), and reads v-prefixed versions', () => {
    const run = check(['--from', 'v0.1500.0', '--to', '1.136.1', '--index', realIndex, '--json']);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as { fromVersion: string; requiredStops: string[]; reasons: string[] };
    expect(report.fromVersion).toBe('0.1500.0');
    expect(report.requiredStops).toEqual(['0.1893.0', '0.3461.0', '0.3471.1', '0.3474.0', '1.2.0', '1.3.0', '1.111.0']);
    expect(report.reasons).toContain(
      'span rule 4: 0.1500.0 is older than the index floor 0.1893.0: releases before the floor are not covered, so 0.1893.0 must be reached first',
    );
  });

  it.each([
    ['a downgrade', ['--from', '1.125.0', '--to', '1.121.0'], 'Direction: downgrade'],
    ['from = to', ['--from', '1.125.0', '--to', '1.125.0'], 'Direction: none'],
  ])('%s is never SAFE: exit 1', (_name, args, directionLine) => {
    const run = check([...args, '--index', realIndex]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`${directionLine}\nVerdict: UNSAFE\n`);
    expect(run.stdout).toMatch(/^Why: direction: /m);
    expect(run.stderr).toMatch(/^release-safety: .* is not proven rolling-safe/);
  });

  it.each([
    [
      'a target newer than the index',
      ['--from', '1.121.0', '--to', '9.0.0'],
      'release-safety: cannot evaluate 1.121.0 → 9.0.0: to version 9.0.0 is newer than the newest release in the index (1.136.1)',
    ],
    [
      'a from absent from the index',
      ['--from', '1.121.5', '--to', '1.136.1'],
      'release-safety: cannot evaluate 1.121.5 → 1.136.1: from version 1.121.5 is not in the index (it covers 0.1893.0 to 1.136.1), so the span cannot be verified',
    ],
    [
      'a target below the floor',
      ['--from', '0.1.0', '--to', '0.2.0'],
      'release-safety: cannot evaluate 0.1.0 → 0.2.0: to version 0.2.0 is older than the index floor 0.1893.0; the index does not cover it',
    ],
    ['bad version text', ['--from', '1.2', '--to', '1.136.1'], 'release-safety: --from "1.2" is not a release version (expected X.Y.Z)'],
    ['a pre-release', ['--from', '1.121.0', '--to', '1.136.1-rc.1'], 'release-safety: --to "1.136.1-rc.1" is not a release version (expected X.Y.Z)'],
    [
      'a bad timeout',
      ['--from', '1.121.0', '--to', '1.136.1', '--timeout', 'soon'],
      'release-safety: --timeout "soon" is not a positive number of milliseconds',
    ],
  ])('%s cannot be evaluated: exit 2 with the reason', (_name, args, message) => {
    const run = check([...args, '--index', realIndex]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd()).toBe(message);
  });

  it('colours the verdict only when colour is forced, and never with NO_COLOR', () => {
    const args = ['--from', '1.121.0', '--to', '1.136.1', '--index', realIndex];
    expect(check(args, { env: { NO_COLOR: '', FORCE_COLOR: '1' } }).stdout).toContain('Verdict: \u001b[32mSAFE\u001b[39m\n');
    expect(check(args, { env: { NO_COLOR: '1', FORCE_COLOR: '1' } }).stdout).toContain('Verdict: SAFE\n');
  });

  it('a missing --to is a usage error (exit 2)', () => {
    const run = check(['--from', '1.121.0', '--index', realIndex]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("required option '--to <version>' not specified");
  });

  it('--help describes every option', () => {
    const run = runCli(['upgrade-check', '--help']);
    expect(run.status).toBe(0);
    for (const option of ['--from <version>', '--to <version>', '--json', '--index <file-or-URL>', '--offline', '--timeout <ms>'])
      expect(run.stdout).toContain(option);
  });
});

describe('upgrade-check: where the index comes from', () => {
  const safeIndex = syntheticIndex(['1.0.0', '1.1.0', '1.2.0']);

  it('without --index, the environment, or a config file: a clear error, exit 2', () => {
    const run = check(['--from', '1.1.0', '--to', '1.2.0'], { cwd: mkdtempSync(path.join(tmpdir(), 'rs-empty-')) });
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd()).toBe(
      'release-safety: no index given: pass --index <file-or-URL>, set RELEASE_SAFETY_INDEX_URL, or set "indexUrl" in ./release-safety.config.json',
    );
  });

  it('reads RELEASE_SAFETY_INDEX_URL, then indexUrl in ./release-safety.config.json; --index wins over both', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'rs-config-'));
    const unsafeIndexFile = writeTempJson(syntheticIndex(['1.0.0', '1.1.0', { version: '1.2.0', rollingUpdateSafe: false }]));
    writeFileSync(path.join(folder, 'release-safety.config.json'), JSON.stringify({ indexUrl: 'index.json' }));
    writeFileSync(path.join(folder, 'index.json'), JSON.stringify(safeIndex));
    expect(check(['--from', '1.1.0', '--to', '1.2.0'], { cwd: folder }).status).toBe(0);
    expect(check(['--from', '1.1.0', '--to', '1.2.0'], { cwd: folder, env: { RELEASE_SAFETY_INDEX_URL: unsafeIndexFile } }).status).toBe(1);
    expect(
      check(['--from', '1.1.0', '--to', '1.2.0', '--index', 'index.json'], { cwd: folder, env: { RELEASE_SAFETY_INDEX_URL: unsafeIndexFile } }).status,
    ).toBe(0);
  });

  it('a config file that is not JSON is named in the error', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'rs-config-'));
    writeFileSync(path.join(folder, 'release-safety.config.json'), '{ indexUrl: ');
    const run = check(['--from', '1.1.0', '--to', '1.2.0'], { cwd: folder });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^release-safety: .*release-safety\.config\.json is not valid JSON/);
  });

  it.each([
    ['a missing file', () => path.join(tmpdir(), 'rs-no-such-index.json'), /index file .*rs-no-such-index\.json does not exist/],
    ['text that is not JSON', () => writeTempJson('{"entries": ['), /index .* is not valid JSON/],
    [
      'a schema violation, named by JSON pointer',
      () => writeTempJson({ ...safeIndex, entries: [safeIndex.entries[0], { ...safeIndex.entries[1], rollingUpdateSafe: 'yes' }, safeIndex.entries[2]] }),
      /does not match the index schema: \/entries\/1\/rollingUpdateSafe: must be one of \[true,false,"unknown"\]$/,
    ],
    ['an unknown member', () => writeTempJson({ ...safeIndex, extra: 1 }), /does not match the index schema: \/: must NOT have additional property "extra"$/],
    [
      'unsorted entries',
      () => writeTempJson(syntheticIndex(['1.0.0', '1.2.0', '1.1.0'])),
      /is not usable: \/entries\/2 \(1\.1\.0\): entries are not sorted oldest first/,
    ],
    [
      'a repeated version',
      () => writeTempJson(syntheticIndex(['1.0.0', '1.1.0', '1.1.0'])),
      /is not usable: \/entries\/2 \(1\.1\.0\): version 1\.1\.0 appears more than once/,
    ],
  ])('an index file with %s: exit 2, saying what is wrong', (_name, makeFile, message) => {
    const run = check(['--from', '1.1.0', '--to', '1.2.0', '--index', makeFile()]);
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr.trimEnd()).toMatch(message);
  });

  it('an index saved with a byte-order mark and CRLF line endings (Windows editors) is read like any other', () => {
    const text = `\uFEFF${JSON.stringify(syntheticIndex(['1.0.0', '1.1.0', '1.2.0']), null, 2).replace(/\n/g, '\r\n')}`;
    const run = check(['--from', '1.1.0', '--to', '1.2.0', '--index', writeTempJson(text)]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Verdict: SAFE\n');
  });

  it('a gap in a synthetic index is reported as missing coverage (exit 1)', () => {
    const gapped = writeTempJson(syntheticIndex(['1.0.0', '1.1.0', { version: '1.3.0', previousVersion: '1.2.0' }]));
    const run = check(['--from', '1.1.0', '--to', '1.3.0', '--index', gapped]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('Missing coverage: between 1.1.0 and 1.3.0 (1.3.0 names 1.2.0 as its previous release)\n');
    expect(run.stdout).toContain('Why: span rule 6: the index has no entry between 1.1.0 and 1.3.0');
  });
});
