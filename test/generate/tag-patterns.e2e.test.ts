import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/**
 * Release tags as real monorepos write them (`server-v1.2.0` beside `web-v1.2.0`): config `tags`
 * picks the package's own; pre-release tags are never releases.
 */
let repo: TestRepo;
let out: string;
const config = { tags: 'server-v{version}', migrations: false, openapi: false, mcpTools: false, env: false };

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'rs-tags-'));
  repo = createRepo();
  repo.commit({ 'release-safety.config.json': JSON.stringify(config) }, { tag: 'server-v1.0.0' });
  repo.commit({ 'web/index.html': '<p>1</p>\n' }, { tag: 'web-v1.1.0' });
  repo.commit({ 'CHANGELOG.md': 'rc\n' }, { tag: 'server-v1.1.0-rc.1' });
  repo.commit({ 'CHANGELOG.md': 'final\n' }, { tag: 'server-v1.1.0' });
  writeFileSync(join(out, 'config.json'), JSON.stringify(config));
});
afterAll(() => {
  repo.cleanup();
  rmSync(out, { recursive: true, force: true });
});

describe('config tags', () => {
  it('generate reads the versions from the package tags', () => {
    const target = join(out, 'a.json');
    const run = runCli(['generate', '--repo', repo.dir, '--from', 'server-v1.0.0', '--to', 'server-v1.1.0', '--out', target, '--quiet']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(readFileSync(target, 'utf8'))).toMatchObject({ version: '1.1.0', previousVersion: '1.0.0' });
  });

  it('generate refuses a tag of another package, naming the pattern', () => {
    const run = runCli(['generate', '--repo', repo.dir, '--from', 'server-v1.0.0', '--to', 'web-v1.1.0', '--out', join(out, 'b.json')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--to "web-v1.1.0" is not a release tag (server-vX.Y.Z): give --version');
  });

  it('backfill takes only the package release tags, never a pre-release', () => {
    const dir = join(out, 'backfill');
    const run = runCli([
      'backfill',
      '--repo',
      repo.dir,
      '--from',
      '1.0.0',
      '--to',
      '1.1.0',
      '--out-dir',
      dir,
      '--config',
      join(out, 'config.json'),
      '--jobs',
      '1',
    ]);
    expect(run.stderr).not.toContain('Error');
    expect(run.status).toBe(0);
    expect(readdirSync(dir).filter((file) => file.endsWith('.json'))).toEqual(['1.1.0.json']);
  });

  it('index lists the package releases only', () => {
    const indexFile = join(out, 'index.json');
    const run = runCli(['index', '--repo', repo.dir, '--config', join(out, 'config.json'), '--out', indexFile]);
    expect(run.status).toBe(0);
    const index = JSON.parse(readFileSync(indexFile, 'utf8')) as { entries: { version: string }[] };
    expect(index.entries.map((entry) => entry.version)).toEqual(['1.0.0', '1.1.0']);
  });

  it('a config tags value without {version} is refused', () => {
    writeFileSync(join(out, 'bad.json'), JSON.stringify({ ...config, tags: 'server-v' }));
    const run = runCli(['index', '--repo', repo.dir, '--config', join(out, 'bad.json'), '--out', join(out, 'never.json')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('tags');
  });
});
