import { describe, expect, it } from 'vitest';
import { planPairsByAncestry } from '../../src/index/backfill-ancestry.js';
import type { PlannedTag } from '../../src/index/backfill-plan.js';
import { shortFormNotes } from '../../src/index/short-tags.js';

/**
 * langfuse's shape: 4.0.0 branched from main after 3.225.3, while 3.225.4 is a fix on a v3
 * maintenance branch that 4.0.0 does not descend from. Commits are named by their line.
 */
const tag = (version: string, commit: string): PlannedTag => ({ tag: `v${version}`, version, commit, date: '2026-01-01T00:00:00.000Z' });
const TAGS = [tag('3.225.2', 'main-1'), tag('3.225.3', 'main-2'), tag('3.225.4', 'v3-fix-1'), tag('4.0.0', 'main-3'), tag('4.1.0', 'main-4')];
// main-1 → main-2 → main-3 → main-4, and main-2 → v3-fix-1.
const PARENTS: Record<string, string[]> = { 'main-2': ['main-1'], 'main-3': ['main-2'], 'main-4': ['main-3'], 'v3-fix-1': ['main-2'] };
const ancestors = (commit: string): Set<string> => new Set((PARENTS[commit] ?? []).flatMap((parent) => [parent, ...ancestors(parent)]));
const isAncestor = async (ancestor: string, descendant: string) => ancestors(descendant).has(ancestor);

describe('backfill pairs by ancestry', () => {
  it('the next major is compared with the last release of its own line, and a maintenance release within its line', async () => {
    const plan = await planPairsByAncestry(TAGS, '3.225.2', '4.1.0', isAncestor);
    expect(plan.pairs.map((pair) => `${pair.base.version} → ${pair.head.version}`)).toEqual([
      '3.225.2 → 3.225.3',
      '3.225.3 → 3.225.4',
      '3.225.3 → 4.0.0',
      '4.0.0 → 4.1.0',
    ]);
    expect(plan.notes).toEqual([
      '4.0.0: compared with v3.225.3, the nearest release tag it descends from (v3.225.4, numerically before it, is on another line)',
    ]);
    expect(plan.pairs[2]!.note).toContain('nearest release tag it descends from');
  });

  it('numeric order is what a linear history gets; a release with no ancestor in the range falls back to it, and says so', async () => {
    const linear = await planPairsByAncestry(
      TAGS.filter((entry) => entry.version !== '3.225.4'),
      '3.225.2',
      '4.1.0',
      isAncestor,
    );
    expect(linear.notes).toEqual([]);
    const orphan = await planPairsByAncestry([tag('1.0.0', 'a'), tag('1.1.0', 'b')], '1.0.0', '1.1.0', async () => false);
    expect(orphan.pairs.map((pair) => pair.base.version)).toEqual(['1.0.0']);
    expect(orphan.notes[0]).toContain('no earlier release tag of the range is an ancestor of v1.1.0');
  });
});

describe('short tag forms are reported, never dropped silently', () => {
  const releases = [{ tag: 'v2.16.0', version: '2.16.0', commit: 'c1' }];
  it.each([
    ['the same commit as the full form', { name: 'v2.16', commit: 'c1' }, 'tag v2.16 is a short form of v2.16.0 (same commit): read as 2.16.0'],
    ['another commit', { name: 'v2.16', commit: 'c2' }, 'tag v2.16 is a short form but names another commit than v2.16.0: only v2.16.0 is read as 2.16.0'],
    [
      'no full form',
      { name: 'v2.17', commit: 'c3' },
      'tag v2.17 names a short version (not X.Y.Z), and no 2.17.0 release tag exists: it is not read as a release (tag its commit v2.17.0 to include it)',
    ],
  ])('%s', (_name, short, note) => {
    expect(shortFormNotes([short, { name: 'v2.16.0', commit: 'c1' }, { name: 'react-v0.1', commit: 'c4' }], ['v{version}'], releases)).toEqual([note]);
  });
});
