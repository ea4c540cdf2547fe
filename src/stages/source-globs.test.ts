import { describe, expect, it } from 'vitest';
import picomatch from 'picomatch';
import type { ChangedPath } from './contract.js';
import { selectByGlobs, type SelectOptions } from './source-globs.js';

/**
 * A selection derived from the tree before by the release's added and deleted paths (issue 36) must
 * be the selection of the tree itself: checked over a random history against the full computation.
 */
const treeOf = (paths: Iterable<string>) => new Map([...paths].map((path) => [path, `blob:${path}`]));
const POOL = [
  'src/config/a.ts',
  'src/config/b.ts',
  'src/config/nested/c.ts',
  'src/config/c.test.ts',
  'src/config/types.d.ts',
  'src/other.ts',
  'src/config.ts',
  'lib/config/d.ts',
  '.env.example',
  'apps/x/.env.sample',
  'src/config/__mocks__/m.ts',
];
const GLOBS = ['src/config/**/*.ts', 'lib/config/*.ts', 'src/config.ts', 'nowhere/**/*.ts'];

function changesOf(base: Map<string, string>, head: Map<string, string>): ChangedPath[] {
  const changes: ChangedPath[] = [];
  for (const path of [...new Set([...base.keys(), ...head.keys()])].sort()) {
    if (base.get(path) === head.get(path)) continue;
    changes.push({ path, status: !base.has(path) ? 'added' : !head.has(path) ? 'deleted' : 'modified' });
  }
  return changes;
}

describe('selectByGlobs, incremental across a history', () => {
  it('equals the full selection at every release (selected paths, notes, failure)', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const exclude = picomatch(['**/*.test.ts', '**/__mocks__/**', '**/*.d.ts'], { dot: true });
    const options: SelectOptions = { what: 'env source glob', exclude };
    let base = treeOf(POOL.filter(() => random() < 0.5));
    for (let release = 0; release < 200; release++) {
      const head = treeOf(POOL.filter(() => random() < 0.5));
      // A modified blob keeps the path: only presence may move a selection.
      if (head.has('src/config/a.ts') && base.has('src/config/a.ts')) head.set('src/config/a.ts', `blob:${release}`);
      const changes = changesOf(base, head);
      const paths = () => ({ base: base.keys(), head: head.keys() });
      const full = selectByGlobs(paths(), GLOBS, options);
      const derived = selectByGlobs(paths(), GLOBS, { ...options, incremental: { trees: { base, head }, changes, key: 'test' } });
      expect(derived).toEqual(full);
      base = head;
    }
  });
});
