import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPath } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/**
 * A git that stops answering must not hang `generate`: a `cat-file --batch` that closes its stdout
 * but stays alive, one that keeps stdout open and never answers, and a plain git command that never
 * ends. Each is killed and the run fails closed (exit 2, no artifact claiming anything), in bounded time.
 * The failing git is a wrapper first on PATH that misbehaves for one command and runs the real git otherwise.
 */
const realGit = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();

function fakeGit(behaviour: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'rs-fake-git-'));
  writeFileSync(join(folder, 'git'), `#!/bin/sh\n${behaviour}\nexec "${realGit}" "$@"\n`);
  chmodSync(join(folder, 'git'), 0o755);
  return folder;
}

let service: TestRepo;
beforeAll(() => {
  service = createRepo();
  service.commit(
    {
      'release-safety.config.json': JSON.stringify({ migrations: [{ dir: 'db', edition: 'core' }], openapi: false, mcpTools: false, env: false }),
      'db/001.sql': 'create table a (id int);\n',
    },
    { tag: '1.0.0' },
  );
  service.commit({ 'db/002.sql': 'drop table a;\n' }, { tag: '1.1.0' });
});
afterAll(() => service.cleanup());

function generateWith(gitFolder: string) {
  const out = join(mkdtempSync(join(tmpdir(), 'rs-git-timeout-out-')), 'release-safety.json');
  const started = Date.now();
  const run = spawnSync(process.execPath, [cliPath, 'generate', '--repo', service.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', out, '--quiet'], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1', PATH: `${gitFolder}:${process.env.PATH ?? ''}`, RELEASE_SAFETY_GIT_TIMEOUT_MS: '1500' },
  });
  return {
    ...run,
    seconds: (Date.now() - started) / 1000,
    artifact: existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as { compatibility: { rollingUpdateSafe: unknown } }) : undefined,
  };
}

describe('git that stops answering', () => {
  it.each([
    ['cat-file --batch closes stdout and stays alive', 'case "$*" in *--batch*) exec 1>&-; exec sleep 300;; esac'],
    ['cat-file --batch keeps stdout open and never answers', 'case "$*" in *--batch*) exec sleep 300;; esac'],
    ['a git command never ends', 'case "$1" in ls-tree|diff-tree|rev-list|log|for-each-ref) exec sleep 300;; esac'],
  ])('%s: killed, fails closed, in bounded time', (_name, behaviour) => {
    const run = generateWith(fakeGit(behaviour));
    expect(run.signal, 'the run was killed by the test timeout: it hung').toBeNull();
    expect(run.seconds).toBeLessThan(30);
    if (run.status === 0) {
      // A run that completes must not claim safety it could not check.
      expect(run.artifact?.compatibility.rollingUpdateSafe).not.toBe(true);
    } else {
      expect(run.status).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/git/);
    }
  });
});
