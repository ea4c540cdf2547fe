import { afterAll, describe, expect, it } from 'vitest';
import { planPairsByAncestry, type IsAncestor } from '../../src/index/backfill-ancestry.js';
import type { PlannedTag } from '../../src/index/backfill-plan.js';
import { isAncestorIn } from '../../src/index/committed-config.js';
import { ancestryOfReleases, reachabilityFromParents } from '../../src/index/commit-reachability.js';
import { createRepo } from '../helpers/git-fixture.js';

/**
 * One `rev-list --parents` answers what one `merge-base --is-ancestor` per release answered (issue 36):
 * checked against git itself on a real repository with a maintenance line, a merge back, two tags on
 * one commit (a tie) and a release commit the floor descends from (outside the walked subgraph).
 */
const repo = createRepo();
afterAll(() => repo.cleanup());
const old = repo.commit({ 'a.txt': 'old' }, { tag: '1.0.9' }); // numerically after 1.0.0, but its ancestor
repo.commit({ 'a.txt': '0' }, { tag: '1.0.0' });
repo.commit({ 'a.txt': '1' }, { tag: '1.1.0' });
repo.git('tag', '1.1.1'); // tie: 1.1.1 names the same commit as 1.1.0
repo.git('checkout', '-q', '-b', 'maint');
repo.commit({ 'b.txt': 'fix' }, { tag: '1.1.2' });
repo.commit({ 'b.txt': 'fix 2' }, { tag: '1.1.3' });
repo.git('checkout', '-q', 'main');
repo.commit({ 'a.txt': '2' }, { tag: '2.0.0' });
repo.git('merge', '-q', '--no-ff', '-m', 'merge maint', 'maint');
repo.git('tag', '2.1.0');
repo.commit({ 'a.txt': '3' }, { tag: '2.2.0' });

const VERSIONS = ['1.0.0', '1.0.9', '1.1.0', '1.1.1', '1.1.2', '1.1.3', '2.0.0', '2.1.0', '2.2.0'];
const TAGS: PlannedTag[] = VERSIONS.map((version) => ({
  tag: version,
  version,
  commit: repo.git('rev-parse', `${version}^{commit}`),
  date: '2026-01-01T00:00:00.000Z',
}));

describe('release ancestry from one rev-list', () => {
  it('answers every pair of release commits as git merge-base --is-ancestor does, asking git only outside the walk', async () => {
    const git = isAncestorIn(repo.dir);
    const asked: string[] = [];
    const fallback: IsAncestor = async (ancestor, descendant) => (asked.push(`${ancestor} ${descendant}`), git(ancestor, descendant));
    const oracle = await ancestryOfReleases(
      repo.dir,
      TAGS.map((tag) => tag.commit),
      fallback,
    );
    for (const ancestor of TAGS) {
      for (const descendant of TAGS) {
        expect(await oracle(ancestor.commit, descendant.commit), `${ancestor.version} ≤ ${descendant.version}`).toBe(
          await git(ancestor.commit, descendant.commit),
        );
      }
    }
    // Only questions about 1.0.9 (an ancestor of the floor 1.0.0's parent, outside the walk) went to git.
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((question) => question.split(' ').includes(old) && !question.startsWith(`${old} ${old}`))).toBe(true);
  });

  it('pairs maintenance lines, merges and ties exactly as the per-release processes did', async () => {
    const git = isAncestorIn(repo.dir);
    const before = await planPairsByAncestry(TAGS, '1.0.0', '2.2.0', git);
    const after = await planPairsByAncestry(
      TAGS,
      '1.0.0',
      '2.2.0',
      await ancestryOfReleases(
        repo.dir,
        TAGS.map((tag) => tag.commit),
        git,
      ),
    );
    expect(after).toEqual(before);
    expect(after.pairs.map((pair) => `${pair.base.version} → ${pair.head.version}`)).toEqual([
      '1.0.0 → 1.0.9', // no ancestor in range: numeric fallback, with a note
      '1.0.9 → 1.1.0',
      '1.1.0 → 1.1.1', // tie: same commit
      '1.1.1 → 1.1.2',
      '1.1.2 → 1.1.3',
      '1.1.1 → 2.0.0', // 2.0.0 does not descend from the maintenance line
      '2.0.0 → 2.1.0', // the merge descends from both lines: the nearest below it numerically wins
      '2.1.0 → 2.2.0',
    ]);
  });

  it('the pure fold: bits set by descent only, unknown commits left to the caller', () => {
    // d → c → a, d → b (merge); e alone.
    const reach = reachabilityFromParents('d c b\nc a\nb\na\ne\n', ['a', 'b', 'c', 'd', 'e']);
    expect(reach.isAncestor('a', 'd')).toBe(true);
    expect(reach.isAncestor('b', 'd')).toBe(true);
    expect(reach.isAncestor('b', 'c')).toBe(false);
    expect(reach.isAncestor('d', 'a')).toBe(false);
    expect(reach.isAncestor('e', 'd')).toBe(false);
    expect(reach.isAncestor('x', 'd')).toBeUndefined();
    expect(reach.isAncestor('a', 'x')).toBeUndefined();
    expect(reach.isAncestor('x', 'x')).toBe(true);
  });
});
