import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { openRepository, type Repository } from '../../src/git/repository.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

describe('openRepository', () => {
  let repo: TestRepo | undefined;
  let opened: Repository | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
    repo?.cleanup();
    repo = undefined;
  });

  it('lists trees, diffs paths and reads blobs, including paths with spaces and unicode', async () => {
    repo = createRepo();
    const first = repo.commit({ 'a.txt': 'one\n', 'keep.txt': 'same\n', 'dir/gone.txt': 'bye\n' }, { tag: '1.0.0' });
    const second = repo.commit({ 'a.txt': 'two\n', 'dir/gone.txt': null, 'spaced name/ünïcödé ✓.txt': 'hello\n' }, { tag: '1.1.0' });
    // Opened from a subfolder: trees and diffs still cover the whole repository.
    opened = await openRepository(join(repo.dir, 'spaced name'));
    expect(opened.dir).toBe(repo.git('rev-parse', '--show-toplevel'));
    const base = await opened.listTree(first);
    const head = await opened.listTree(second);
    expect([...head.keys()].sort()).toEqual(['a.txt', 'keep.txt', 'spaced name/ünïcödé ✓.txt']);
    expect(head.get('keep.txt')).toBe(base.get('keep.txt'));
    expect(await opened.diffPaths(first, second)).toEqual([
      { status: 'modified', path: 'a.txt' },
      { status: 'deleted', path: 'dir/gone.txt' },
      { status: 'added', path: 'spaced name/ünïcödé ✓.txt' },
    ]);
    expect(await opened.readText(head.get('spaced name/ünïcödé ✓.txt')!)).toBe('hello\n');
  });

  it('reads a multi-MB blob whole and many blobs through one batch process', async () => {
    repo = createRepo();
    const big = JSON.stringify({ paths: Array.from({ length: 60_000 }, (_, i) => ({ id: i, name: `operation-${i}` })) });
    expect(big.length).toBeGreaterThan(2_000_000);
    const many: Record<string, string> = { 'spec.json': big };
    for (let i = 0; i < 400; i++) many[`src/file-${i}.ts`] = `export const value${i} = ${i};\n`;
    const commit = repo.commit(many, { tag: '1.0.0' });
    opened = await openRepository(repo.dir);
    const tree = await opened.listTree(commit);
    const texts = await Promise.all([...tree.entries()].map(async ([path, id]) => [path, await opened!.readText(id)] as const));
    expect(texts).toHaveLength(401);
    const byPath = new Map(texts);
    expect(byPath.get('spec.json')).toBe(big);
    expect(byPath.get('src/file-399.ts')).toBe('export const value399 = 399;\n');
  });

  it('reads each blob once: the text cache answers repeated and concurrent reads', async () => {
    repo = createRepo();
    const commit = repo.commit({ 'a.txt': 'cached\n' });
    opened = await openRepository(repo.dir);
    const id = (await opened.listTree(commit)).get('a.txt')!;
    const [one, two] = await Promise.all([opened.readText(id), opened.readText(id)]);
    expect(one).toBe('cached\n');
    expect(two).toBe(one);
    // The same promise object proves no second read was issued.
    expect(opened.readText(id)).toBe(opened.readText(id));
  });

  it('rejects a missing object or a non-blob, and keeps serving later reads', async () => {
    repo = createRepo();
    const commit = repo.commit({ 'a.txt': 'still readable\n' });
    opened = await openRepository(repo.dir);
    const id = (await opened.listTree(commit)).get('a.txt')!;
    const [missing, notBlob, notAnId, good] = await Promise.allSettled([
      opened.readBlob('0'.repeat(40)),
      opened.readBlob(commit),
      opened.readBlob('HEAD:a.txt'),
      opened.readText(id),
    ]);
    expect(missing).toMatchObject({ status: 'rejected', reason: { message: `git object ${'0'.repeat(40)} is missing` } });
    expect(notBlob).toMatchObject({ status: 'rejected', reason: { message: `git object ${commit} is a commit, not a blob` } });
    expect(notAnId).toMatchObject({ status: 'rejected', reason: { message: 'not a git object id: "HEAD:a.txt"' } });
    expect(good).toEqual({ status: 'fulfilled', value: 'still readable\n' });
  });

  it('refuses --to WORKTREE in a bare repository', async () => {
    repo = createRepo();
    repo.commit({ 'a.txt': 'x' }, { tag: '1.0.0' });
    const bare = `${repo.dir}-bare.git`;
    repo.git('clone', '-q', '--bare', repo.dir, bare);
    const opened2 = await openRepository(bare);
    try {
      expect(await opened2.resolveCommit('1.0.0')).toBe(repo.git('rev-parse', '1.0.0'));
      await expect(opened2.snapshotWorktree()).rejects.toThrow(/needs a working tree/);
    } finally {
      await opened2.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('names the fix when a ref is missing from a shallow or tag-less clone (the CI default)', async () => {
    repo = createRepo();
    repo.commit({ 'a.txt': 'x' }, { tag: 'v1.0.0' });
    repo.commit({ 'a.txt': 'y' }, { tag: 'v1.1.0' });
    const shallow = mkdtempSync(join(tmpdir(), 'rs-shallow-'));
    const tagless = mkdtempSync(join(tmpdir(), 'rs-tagless-'));
    try {
      execFileSync('git', ['clone', '-q', '--depth', '1', '--no-tags', `file://${repo.dir}`, shallow]);
      execFileSync('git', ['clone', '-q', '--no-tags', repo.dir, tagless]);
      for (const [dir, hint] of [
        [shallow, '(the clone is shallow: check out the whole history with actions/checkout fetch-depth: 0, or git fetch --unshallow --tags)'],
        [tagless, '(the clone has no tags: git fetch --tags, or actions/checkout with fetch-depth: 0)'],
      ] as const) {
        const git = await openRepository(dir);
        try {
          await expect(git.resolveCommit('v1.0.0')).rejects.toThrow(`unknown ref "v1.0.0": not a commit in ${dir} ${hint}`);
        } finally {
          await git.close();
        }
      }
      // A whole clone with tags: no hint, the ref is simply unknown.
      opened = await openRepository(repo.dir);
      await expect(opened.resolveCommit('v9.9.9')).rejects.toThrow(new RegExp(`unknown ref "v9\\.9\\.9": not a commit in [^ ]+$`));
    } finally {
      rmSync(shallow, { recursive: true, force: true });
      rmSync(tagless, { recursive: true, force: true });
    }
  });

  it('resolves tags, branches and SHAs; refuses unknown refs and option-like refs with InputError naming them', async () => {
    repo = createRepo();
    const commit = repo.commit({ 'a.txt': 'x' }, { tag: 'v1.0.0' });
    repo.git('tag', '-a', 'annotated', '-m', 'an annotated tag');
    opened = await openRepository(repo.dir);
    expect(await opened.resolveCommit('v1.0.0')).toBe(commit);
    expect(await opened.resolveCommit('annotated')).toBe(commit);
    expect(await opened.resolveCommit('main')).toBe(commit);
    expect(await opened.resolveCommit(commit.slice(0, 10))).toBe(commit);
    await expect(opened.resolveCommit('v9.9.9')).rejects.toThrow(InputError);
    await expect(opened.resolveCommit('v9.9.9')).rejects.toThrow(/unknown ref "v9\.9\.9"/);
    await expect(opened.resolveCommit('--output=/tmp/x')).rejects.toThrow(/invalid ref/);
    await expect(opened.resolveCommit('a\nb')).rejects.toThrow(/invalid ref/);
    const tree = repo.git('rev-parse', 'HEAD^{tree}');
    await expect(opened.resolveCommit(tree)).rejects.toThrow(/not a commit/);
  });

  it('lists release tags, lightweight and annotated, in numeric order with committer dates', async () => {
    repo = createRepo();
    repo.commit({ 'a.txt': '1' }, { tag: '0.9.0', date: '2026-01-01T10:00:00Z' });
    repo.commit({ 'a.txt': '2' }, { date: '2026-01-02T10:00:00Z' });
    repo.git('tag', '-a', 'v0.10.0', '-m', 'annotated release');
    repo.commit({ 'a.txt': '3' }, { tag: 'not-a-release', date: '2026-01-03T10:00:00Z' });
    repo.git('tag', '1.0.0-rc.1');
    opened = await openRepository(repo.dir);
    const tags = await opened.releaseTags();
    expect(tags.map((tag) => [tag.tag, tag.version, tag.date])).toEqual([
      ['0.9.0', '0.9.0', '2026-01-01T10:00:00.000Z'],
      ['v0.10.0', '0.10.0', '2026-01-02T10:00:00.000Z'],
    ]);
    expect(tags[1]!.commit).toBe(repo.git('rev-parse', 'v0.10.0^{commit}'));
    expect(await opened.commitDate(tags[0]!.commit)).toBe('2026-01-01T10:00:00.000Z');
  });

  it('snapshots the working tree without touching the user index', async () => {
    repo = createRepo();
    const commit = repo.commit({ 'a.txt': 'committed\n', 'staged.txt': 'x' });
    repo.write({ 'staged.txt': 'staged change\n' });
    repo.git('add', 'staged.txt');
    repo.write({ 'a.txt': 'edited\n', 'new file.txt': 'untracked\n', '.gitignore': 'ignored.log\n', 'ignored.log': 'no' });
    const indexPath = join(repo.dir, '.git', 'index');
    const indexBefore = readFileSync(indexPath);
    const statusBefore = repo.git('status', '--porcelain');
    opened = await openRepository(repo.dir);
    const tree = await opened.snapshotWorktree();
    const files = await opened.listTree(tree);
    expect([...files.keys()].sort()).toEqual(['.gitignore', 'a.txt', 'new file.txt', 'staged.txt']);
    expect(await opened.readText(files.get('a.txt')!)).toBe('edited\n');
    expect((await opened.diffPaths(commit, tree)).map((change) => `${change.status} ${change.path}`)).toEqual([
      'added .gitignore',
      'modified a.txt',
      'added new file.txt',
      'modified staged.txt',
    ]);
    expect(readFileSync(indexPath).equals(indexBefore)).toBe(true);
    expect(repo.git('status', '--porcelain')).toBe(statusBefore);
  });

  it('rejects a missing folder and a folder that is not a git repository, naming them', async () => {
    const plain = mkdtempSync(join(tmpdir(), 'rs-plain-'));
    try {
      await expect(openRepository(plain)).rejects.toThrow(new RegExp(`not a readable git repository: ${plain}`));
      await expect(openRepository('/definitely/not/here')).rejects.toThrow(/repository folder not found: \/definitely\/not\/here/);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});
