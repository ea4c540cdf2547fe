import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseSafetyIndex } from '../../src/artifact/types.js';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';
import { makeArtifact, writeArtifacts } from './artifacts.js';

/** `index --config`: the config's `floorVersion` is the floor unless `--floor` is given. */
let scratch: string;
let repo: TestRepo;
let artifacts: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'rs-index-config-'));
  repo = createRepo();
  for (const version of ['1.0.0', '1.1.0', '1.2.0', '1.3.0']) repo.commit({ 'a.txt': version }, { tag: version });
  artifacts = join(scratch, 'artifacts');
  writeArtifacts(artifacts, [makeArtifact('1.3.0', '1.2.0', { date: '2026-01-04T00:00:00Z' })]);
  return () => {
    repo.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  };
});

const writeConfig = (name: string, config: object) => {
  const file = join(scratch, name);
  writeFileSync(file, JSON.stringify(config));
  return file;
};
const readIndex = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as ReleaseSafetyIndex;

describe('release-safety index --config', () => {
  it('takes the floor from floorVersion, and --floor still wins', () => {
    const config = writeConfig('config.json', { floorVersion: '1.1.0' });
    const out = join(scratch, 'from-config.json');
    const run = runCli(['index', '--artifacts', artifacts, '--repo', repo.dir, '--config', config, '--out', out]);
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('floor: 1.1.0 (from floorVersion in --config)');
    const index = readIndex(out);
    expect(index.backfillFloorVersion).toBe('1.1.0');
    expect(index.entries.map((entry) => entry.version)).toEqual(['1.1.0', '1.2.0', '1.3.0']);

    const overridden = join(scratch, 'from-option.json');
    const withFloor = runCli(['index', '--artifacts', artifacts, '--repo', repo.dir, '--config', config, '--floor', '1.2.0', '--out', overridden]);
    expect(withFloor.status).toBe(0);
    expect(readIndex(overridden).backfillFloorVersion).toBe('1.2.0');
  });

  it('without floorVersion keeps the old default (the oldest tag)', () => {
    const out = join(scratch, 'no-floor.json');
    const run = runCli(['index', '--artifacts', artifacts, '--repo', repo.dir, '--config', writeConfig('empty.json', {}), '--out', out]);
    expect(run.status).toBe(0);
    expect(readIndex(out).backfillFloorVersion).toBe('1.0.0');
  });

  it('refuses an invalid or missing config before writing anything', () => {
    const out = join(scratch, 'refused.json');
    const bad = writeConfig('bad.json', { floorVersion: 'one' });
    const invalid = runCli(['index', '--artifacts', artifacts, '--config', bad, '--out', out]);
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toContain(`invalid config ${bad}: /floorVersion`);
    const missing = runCli(['index', '--artifacts', artifacts, '--config', join(scratch, 'nope.json'), '--out', out]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`cannot read --config ${join(scratch, 'nope.json')}`);
    expect(existsSync(out)).toBe(false);
  });
});
