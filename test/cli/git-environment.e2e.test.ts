import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseSafetyArtifact } from '../../src/artifact/types.js';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/**
 * Git hooks and some CI steps export GIT_DIR / GIT_WORK_TREE / GIT_INDEX_FILE. `--repo` must still
 * decide which repository is read: a verdict computed on another repository would be a wrong answer.
 */
describe('generate reads the --repo repository whatever GIT_* variables say', () => {
  let service: TestRepo;
  let other: TestRepo;
  let out: string;
  beforeAll(() => {
    const quiet = { migrations: false, openapi: false, mcpTools: false, env: false };
    service = createRepo();
    service.commit({ 'release-safety.config.json': JSON.stringify(quiet), 'README.md': 'one' }, { tag: '1.0.0' });
    service.commit({ 'src/a.ts': '// @release-safety breaking: the queue protocol changes incompatibly\n' }, { tag: '1.1.0' });
    other = createRepo();
    other.commit({ 'release-safety.config.json': JSON.stringify(quiet), 'README.md': 'one' }, { tag: '1.0.0' });
    other.commit({ 'README.md': 'two' }, { tag: '1.1.0' });
    out = mkdtempSync(join(tmpdir(), 'rs-git-env-'));
  });
  afterAll(() => {
    service.cleanup();
    other.cleanup();
    rmSync(out, { recursive: true, force: true });
  });

  it('ignores GIT_DIR, GIT_WORK_TREE and GIT_INDEX_FILE inherited from a hook', () => {
    const target = join(out, 'release-safety.json');
    const env = { GIT_DIR: join(other.dir, '.git'), GIT_WORK_TREE: other.dir, GIT_INDEX_FILE: join(other.dir, '.git', 'index') };
    const run = runCli(['generate', '--repo', service.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', target, '--quiet'], { env });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const artifact = JSON.parse(readFileSync(target, 'utf8')) as ReleaseSafetyArtifact;
    expect(artifact.declaredBreaks.map((item) => item.file)).toEqual(['src/a.ts']);
    expect(artifact.compatibility.rollingUpdateSafe).toBe(false);
  });
});
