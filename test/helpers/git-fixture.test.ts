import { afterEach, describe, expect, it } from 'vitest';
import { createRepo, type TestRepo } from './git-fixture.js';

describe('createRepo', () => {
  let repo: TestRepo | undefined;
  afterEach(() => repo?.cleanup());

  it('makes tagged commits with increasing committer dates, and deletes files given null', () => {
    repo = createRepo();
    repo.commit({ 'a.txt': 'one' }, { tag: '1.0.0' });
    repo.commit({ 'a.txt': null, 'b.txt': 'two' }, { tag: 'v1.1.0' });
    expect(repo.git('tag', '--list').split('\n').sort()).toEqual(['1.0.0', 'v1.1.0']);
    expect(repo.git('ls-tree', '-r', '--name-only', 'v1.1.0')).toBe('b.txt');
    const [first, second] = ['1.0.0', 'v1.1.0'].map((tag) => Date.parse(repo!.git('log', '-1', '--format=%cI', tag)));
    expect(second!).toBeGreaterThan(first!);
  });
});
