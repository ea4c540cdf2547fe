import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/**
 * The release workflow of the README keeps artifacts in a folder (`release-safety/<version>.json`),
 * not at the root of each tag: `--previous-artifact` hands the previous one to `generate`, so
 * `minPreviousVersion` keeps travelling forward from a declared required stop.
 */
describe('generate --previous-artifact', () => {
  let repo: TestRepo;
  let out: string;
  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'rs-prev-'));
    repo = createRepo();
    const config = JSON.stringify({ migrations: false, openapi: false, mcpTools: false, env: false });
    repo.commit({ 'release-safety.config.json': config }, { tag: '1.0.0' });
    repo.commit({ 'src/jobs.ts': '// @release-safety breaking required-stop: jobs are re-keyed by tenant before 1.2.0\n' }, { tag: '1.1.0' });
    repo.commit({ 'CHANGELOG.md': 'docs\n' }, { tag: '1.2.0' });
  });
  afterAll(() => {
    repo.cleanup();
    rmSync(out, { recursive: true, force: true });
  });

  const generate = (args: string[]) => runCli(['generate', '--repo', repo.dir, '--quiet', ...args]);

  it('carries minPreviousVersion from the given artifact, raised to the stop it lists', () => {
    expect(generate(['--from', '1.0.0', '--to', '1.1.0', '--out', join(out, '1.1.0.json')]).status).toBe(0);
    const stop = JSON.parse(readFileSync(join(out, '1.1.0.json'), 'utf8')) as { upgrade: { requiredStops: string[] } };
    expect(stop.upgrade.requiredStops).toEqual(['1.1.0']);

    const without = generate(['--from', '1.1.0', '--to', '1.2.0', '--out', join(out, 'without.json')]);
    expect(without.status).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'without.json'), 'utf8')).upgrade.minPreviousVersion).toBeNull();

    const withPrevious = generate(['--from', '1.1.0', '--to', '1.2.0', '--previous-artifact', join(out, '1.1.0.json'), '--out', join(out, '1.2.0.json')]);
    expect(withPrevious.stderr).toBe('');
    expect(JSON.parse(readFileSync(join(out, '1.2.0.json'), 'utf8')).upgrade.minPreviousVersion).toBe('1.1.0');
  });

  it('exits 2 naming the flag when the file cannot be read, and writes nothing', () => {
    const target = join(out, 'never.json');
    const run = generate(['--from', '1.1.0', '--to', '1.2.0', '--previous-artifact', join(out, 'missing.json'), '--out', target]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('cannot read --previous-artifact');
    expect(() => readFileSync(target)).toThrow();
  });

  it('exits 2 naming --out when the artifact cannot be written', () => {
    writeFileSync(join(out, 'a-file'), 'x');
    const run = generate(['--from', '1.0.0', '--to', '1.1.0', '--out', join(out, 'a-file', 'x.json')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^release-safety: cannot write --out .*a-file\/x\.json \(nothing was written\): /);
  });
});
