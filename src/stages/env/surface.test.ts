import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChangedPath } from '../contract.js';
import { NEXT_CONFIG } from './next-config.js';
import { nextConfigPaths } from './surface.js';

/**
 * The `next.config.*` list of a head tree is derived from its base tree's by the release's changes
 * (issue 36): over a random history it must equal the list computed afresh from the tree's paths.
 */
const POOL = [
  'next.config.js',
  'apps/web/next.config.mjs',
  'apps/web/next.config.ts',
  'apps/docs/next.config.cjs',
  'apps/web/next.config.json',
  'packages/ui/index.ts',
  'next.config.js.bak',
  'a/next.config.mts',
  'README.md',
];

function changesBetween(base: ReadonlyMap<string, string>, head: ReadonlyMap<string, string>): ChangedPath[] {
  const changes: ChangedPath[] = [];
  for (const path of new Set([...base.keys(), ...head.keys()])) {
    const before = base.get(path);
    const after = head.get(path);
    if (before !== after) changes.push({ path, status: before === undefined ? 'added' : after === undefined ? 'deleted' : 'modified' });
  }
  return changes;
}

describe('nextConfigPaths', () => {
  it('derived from the tree before equals a fresh computation over a random history', () => {
    const release = fc.dictionary(fc.constantFrom(...POOL), fc.constantFrom('1', '2', '3'), { maxKeys: POOL.length });
    fc.assert(
      fc.property(fc.array(release, { minLength: 1, maxLength: 12 }), (releases) => {
        let base: ReadonlyMap<string, string> = new Map();
        nextConfigPaths({ trees: { base, head: base }, changes: [] }, 'base');
        for (const files of releases) {
          const head = new Map(Object.entries(files));
          const derived = nextConfigPaths({ trees: { base, head }, changes: changesBetween(base, head) }, 'head');
          const fresh = [...head.keys()].filter((path) => NEXT_CONFIG.test(path)).sort();
          expect(derived).toEqual(fresh);
          // The head listing is the next release's base: asked again, the same list.
          expect(nextConfigPaths({ trees: { base: head, head: new Map() }, changes: [] }, 'base')).toBe(derived);
          base = head;
        }
      }),
      { numRuns: 300 },
    );
  });
});
