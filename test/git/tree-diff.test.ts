import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { parseLsTree, parseNameStatus } from '../../src/git/parse.js';
import { openRepository, type Repository } from '../../src/git/repository.js';
import { diffTrees, parseTreeObject } from '../../src/git/tree.js';
import { createRepo, type TestRepo } from '../helpers/git-fixture.js';

/**
 * Trees are read through the persistent `cat-file --batch` and diffs computed from two listings: these
 * tests compare both with what `git ls-tree -r` and `git diff-tree -r --name-status --no-renames` say
 * on real repositories, including modes, symlinks, submodules and a file that becomes a folder.
 */
describe('tree listings and diffs without ls-tree / diff-tree processes', () => {
  let repo: TestRepo | undefined;
  let opened: Repository | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
    repo?.cleanup();
    repo = undefined;
  });

  const gitListing = (treeish: string) => parseLsTree(repo!.git('ls-tree', '-r', '-z', '--full-tree', treeish));
  const gitDiff = (from: string, to: string) => parseNameStatus(repo!.git('diff-tree', '-r', '-z', '--name-status', '--no-renames', from, to));

  it('agrees with git on every pair of a history of adds, edits, deletes, renames, modes, symlinks and submodules', async () => {
    repo = createRepo();
    const commits: string[] = [];
    commits.push(
      repo.commit({ 'a.txt': 'a\n', 'dir/b.txt': 'b\n', 'dir/sub/c.txt': 'c\n', 'same1/x.txt': 'x\n', 'same2/x.txt': 'x\n', 'spaced name/ünï ✓.txt': 'u\n' }),
    );
    commits.push(repo.commit({ 'a.txt': 'a2\n', 'dir/sub/c.txt': null, 'dir/sub/d.txt': 'd\n' }));
    // chmod +x only: diff-tree reports a modification although the content is the same.
    chmodSync(join(repo.dir, 'a.txt'), 0o755);
    commits.push(repo.commit({}));
    // a rename is a delete plus an add; a file becomes a symlink (type change)
    repo.git('mv', 'dir/b.txt', 'dir/renamed.txt');
    rmSync(join(repo.dir, 'same2/x.txt'));
    symlinkSync('../a.txt', join(repo.dir, 'same2/x.txt'));
    commits.push(repo.commit({}));
    // a submodule (gitlink) appears, then moves to another commit (committed from the index as is:
    // `git add -A` would drop a gitlink that has no folder on disk)
    const commitIndex = () => {
      repo!.git('commit', '-q', '--allow-empty', '-m', 'index');
      return repo!.git('rev-parse', 'HEAD');
    };
    repo.git('update-index', '--add', '--cacheinfo', `160000,${commits[0]},vendor/lib`);
    commits.push(commitIndex());
    repo.git('update-index', '--cacheinfo', `160000,${commits[1]},vendor/lib`);
    commits.push(commitIndex());
    // a file becomes a folder of the same name; the submodule goes away
    repo.git('rm', '-q', '--cached', 'vendor/lib');
    commits.push(commitIndex());
    commits.push(repo.commit({ 'a.txt': null, 'a.txt/inner.txt': 'now a folder\n' }));
    commits.push(repo.commit({})); // nothing changes

    opened = await openRepository(repo.dir);
    for (const commit of commits) {
      const listing = await opened.listTree(commit);
      expect([...listing.entries()]).toEqual([...gitListing(commit).entries()]);
    }
    for (const from of commits) {
      for (const to of commits) {
        expect(await opened.diffPaths(from, to), `${from} → ${to}`).toEqual(gitDiff(from, to));
      }
    }
    expect(await opened.diffPaths(commits[1]!, commits[2]!)).toEqual([{ status: 'modified', path: 'a.txt' }]);
    expect(await opened.diffPaths(commits[2]!, commits[3]!)).toEqual([
      { status: 'deleted', path: 'dir/b.txt' },
      { status: 'added', path: 'dir/renamed.txt' },
      { status: 'modified', path: 'same2/x.txt' },
    ]);
    // The submodule is not a file: it is in the diff (as diff-tree says) but not in the listing.
    expect(await opened.diffPaths(commits[3]!, commits[4]!)).toEqual([{ status: 'added', path: 'vendor/lib' }]);
    expect((await opened.listTree(commits[4]!)).has('vendor/lib')).toBe(false);
    expect(await opened.diffPaths(commits[7]!, commits[8]!)).toEqual([]);
    expect(await opened.diffPaths(commits[6]!, commits[7]!)).toContainEqual({ status: 'added', path: 'a.txt/inner.txt' });
  });

  it('agrees with git on a seeded random history (all pairs), and lists a tree id as well as a commit', async () => {
    repo = createRepo();
    let state = 17;
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state % n;
    };
    const paths = ['r.txt', 'a/1.txt', 'a/2.txt', 'a/b/3.txt', 'a/b/c/4.txt', 'd/5.txt', 'd/e/6.txt', 'z.txt'];
    const commits: string[] = [];
    for (let step = 0; step < 8; step++) {
      const files: Record<string, string | null> = {};
      for (let edit = 0; edit < 3; edit++) {
        const path = paths[random(paths.length)]!;
        files[path] = random(4) === 0 ? null : `${path} v${random(3)}\n`;
      }
      commits.push(repo.commit(files));
    }
    opened = await openRepository(repo.dir);
    for (const from of commits) {
      for (const to of commits) expect(await opened.diffPaths(from, to)).toEqual(gitDiff(from, to));
    }
    const tree = repo.git('rev-parse', `${commits[3]}^{tree}`);
    expect([...(await opened.listTree(tree)).entries()]).toEqual([...gitListing(tree).entries()]);
    expect(await opened.diffPaths(commits[2]!, tree)).toEqual(gitDiff(commits[2]!, tree));
  });

  it('parses raw tree objects, and diffs trees without opening identical subtrees', () => {
    const id = (byte: number) => Buffer.alloc(20, byte);
    const raw = Buffer.concat([Buffer.from('100644 a.txt\0'), id(1), Buffer.from('40000 dir\0'), id(2), Buffer.from('120000 link\0'), id(3)]);
    expect(parseTreeObject(raw, 20)).toEqual([
      { mode: '100644', name: 'a.txt', id: '01'.repeat(20) },
      { mode: '40000', name: 'dir', id: '02'.repeat(20) },
      { mode: '120000', name: 'link', id: '03'.repeat(20) },
    ]);
    expect(() => parseTreeObject(raw.subarray(0, raw.length - 5), 20)).toThrow(/malformed git tree object/);
    const trees = new Map<string, { mode: string; name: string; id: string }[]>([
      [
        'base',
        [
          { mode: '100644', name: 'a', id: '1' },
          { mode: '100644', name: 'b', id: '2' },
          { mode: '40000', name: 'same', id: 's' },
          { mode: '100755', name: 'x', id: '5' },
        ],
      ],
      [
        'head',
        [
          { mode: '100644', name: 'a', id: '1' },
          { mode: '100644', name: 'c', id: '3' },
          { mode: '40000', name: 'same', id: 's' },
          { mode: '100644', name: 'x', id: '5' },
        ],
      ],
    ]);
    const opened: string[] = [];
    const treeObject = (id: string) => {
      opened.push(id);
      return Promise.resolve(trees.get(id)!);
    };
    return expect(diffTrees('base', 'head', treeObject))
      .resolves.toEqual([
        { status: 'deleted', path: 'b' },
        { status: 'added', path: 'c' },
        { status: 'modified', path: 'x' },
      ])
      .then(() => expect(opened).toEqual(['base', 'head']));
  });

  it('resolves refs through the batch process: unknown refs (even with spaces) name the ref and later reads still work', async () => {
    repo = createRepo();
    const first = repo.commit({ 'a.txt': '1' }, { tag: 'v1.0.0' });
    const second = repo.commit({ 'a.txt': '2' }, { tag: 'v1.1.0' });
    opened = await openRepository(repo.dir);
    await expect(opened.resolveCommit('no such ref')).rejects.toThrow(new InputError(`unknown ref "no such ref": not a commit in ${opened.dir}`));
    await expect(opened.resolveCommit('-v1.0.0')).rejects.toThrow(/invalid ref/);
    await expect(opened.resolveCommit(repo.git('rev-parse', 'v1.0.0:a.txt'))).rejects.toThrow(/unknown ref .*not a commit/);
    expect(await opened.resolveCommit('v1.1.0~1')).toBe(first);
    expect(await opened.resolveCommit('refs/tags/v1.1.0')).toBe(second);
    expect(await opened.commitDate(second)).toBe(new Date(Number(repo.git('log', '-1', '--format=%ct', second)) * 1000).toISOString());
  });

  it('starts no git process per pair once the repository is open (one rev-parse probe, one cat-file)', async () => {
    repo = createRepo();
    for (let release = 0; release < 4; release++)
      repo.commit({ [`src/file-${release}.ts`]: `export const n = ${release};\n`, 'README.md': `${release}\n` }, { tag: `1.${release}.0` });
    const scratch = mkdtempSync(join(tmpdir(), 'rs-trace-'));
    const traceFile = join(scratch, 'trace');
    const saved = process.env.GIT_TRACE;
    process.env.GIT_TRACE = traceFile;
    try {
      opened = await openRepository(repo.dir);
      for (let release = 1; release < 4; release++) {
        const from = await opened.resolveCommit(`1.${release - 1}.0`);
        const to = await opened.resolveCommit(`1.${release}.0`);
        await Promise.all([opened.listTree(from), opened.listTree(to), opened.diffPaths(from, to), opened.commitDate(to)]);
      }
      await opened.close();
      opened = undefined;
    } finally {
      if (saved === undefined) delete process.env.GIT_TRACE;
      else process.env.GIT_TRACE = saved;
    }
    const commands = existsSync(traceFile)
      ? readFileSync(traceFile, 'utf8')
          .split('\n')
          .flatMap((line) => /trace: built-in: git (\S+)/.exec(line)?.[1] ?? [])
      : [];
    rmSync(scratch, { recursive: true, force: true });
    expect(commands.sort()).toEqual(['cat-file', 'rev-parse']);
  });
});
