import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';
import { SERVICE } from '../generate/release-service.js';

/**
 * Through the built CLI: a hostile ref exits 2 with one line and writes nothing; a repository
 * missing the blob of a released file (a broken clone, a pruned object) never yields `true`.
 */
let repo: TestRepo;
let out: string;
beforeAll(() => {
  repo = createRepo();
  repo.commit(SERVICE, { tag: '1.0.0' });
  repo.commit({ 'db/migrations/002_drop.sql': 'drop table items;\n' }, { tag: '1.1.0' });
  out = mkdtempSync(join(tmpdir(), 'rs-adversarial-'));
});
afterAll(() => {
  repo.cleanup();
  rmSync(out, { recursive: true, force: true });
});

describe('generate (built CLI) on hostile input', () => {
  it.each(['--upload-pack=touch pwned', '1.0.0\n--exec=touch pwned'])('ref %j: exit 2, one line, nothing written', (ref) => {
    const target = join(out, 'refused.json');
    const run = runCli(['generate', '--repo', repo.dir, '--from', ref, '--to', '1.1.0', '--previous-version', '1.0.0', '--out', target]);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(join(repo.dir, 'pwned'))).toBe(false);
  });

  it('a missing blob: never true (the stage fails closed, or generate exits 2)', () => {
    const blob = repo.git('rev-parse', '1.1.0:db/migrations/002_drop.sql');
    rmSync(join(repo.dir, '.git', 'objects', blob.slice(0, 2), blob.slice(2)));
    const target = join(out, 'missing.json');
    const run = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', target]);
    if (run.status === 2) {
      expect(existsSync(target)).toBe(false);
    } else {
      const artifact = JSON.parse(readFileSync(target, 'utf8')) as { compatibility: { rollingUpdateSafe: unknown } };
      expect(artifact.compatibility.rollingUpdateSafe).not.toBe(true);
    }
  });

  it('a missing tree: exit 2, nothing written', () => {
    const tree = repo.git('rev-parse', '1.1.0:db/migrations');
    rmSync(join(repo.dir, '.git', 'objects', tree.slice(0, 2), tree.slice(2)));
    const target = join(out, 'missing-tree.json');
    const run = runCli(['generate', '--repo', repo.dir, '--from', '1.0.0', '--to', '1.1.0', '--out', target]);
    expect(run.status).toBe(2);
    expect(existsSync(target)).toBe(false);
  });
});
