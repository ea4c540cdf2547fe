import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryDerivedCache } from '../../cache/derived-cache.js';
import type { ChangedPath, Side, StageInput } from '../contract.js';
import { findNewAnnotations } from './scan.js';

/**
 * The pre-filter's answers are kept in the derived cache by blob id (issue 36): a warm run must find
 * exactly what a run without the cache finds, and must not read a blob the pre-filter cleared before.
 */
type Files = Record<string, string>;
const blobOf = (text: string) => `blob-${Buffer.from(text).toString('hex')}`;

function inputOf(base: Files, head: Files, reads: string[], derivedCache?: MemoryDerivedCache): StageInput {
  const trees = {
    base: new Map(Object.entries(base).map(([path, text]) => [path, blobOf(text)])),
    head: new Map(Object.entries(head).map(([path, text]) => [path, blobOf(text)])),
  };
  const changes: ChangedPath[] = [];
  for (const path of new Set([...trees.base.keys(), ...trees.head.keys()])) {
    const before = trees.base.get(path);
    const after = trees.head.get(path);
    if (before !== after) changes.push({ path, status: before === undefined ? 'added' : after === undefined ? 'deleted' : 'modified' });
  }
  const files = { base, head };
  return {
    changes,
    trees,
    read: async (side: Side, path: string) => files[side][path],
    readBytes: async (side: Side, path: string) => {
      reads.push(`${side}:${path}`);
      const text = files[side][path];
      return text === undefined ? undefined : Buffer.from(text);
    },
    derivedCache,
  } as unknown as StageInput;
}

const TEXTS = [
  'plain code',
  'safety first',
  '// @release-safety breaking: the session format changed',
  '# @release-safety breaking required-stop: run the backfill',
  '// @release_safety breaking: loosely spelt',
  'const release = 1; // not the marker',
  'SAFETY',
];

describe('findNewAnnotations with the pre-filter memo', () => {
  it('finds the same with a cold cache, a warm cache and no cache, and reads no cleared blob when warm', async () => {
    const files = fc.dictionary(fc.constantFrom('a.ts', 'b.md', 'c/d.sql', 'e.json', 'f.ts'), fc.constantFrom(...TEXTS), { maxKeys: 5 });
    await fc.assert(
      fc.asyncProperty(files, files, async (base, head) => {
        const plain = await findNewAnnotations(inputOf(base, head, []));
        const cache = new MemoryDerivedCache();
        const coldReads: string[] = [];
        expect(await findNewAnnotations(inputOf(base, head, coldReads, cache))).toEqual(plain);
        const warmReads: string[] = [];
        expect(await findNewAnnotations(inputOf(base, head, warmReads, cache))).toEqual(plain);
        // Warm: only the blobs that may mention the marker are read again.
        const mayMention = (read: string) => {
          const [side, path] = read.split(':') as [Side, string];
          return /safety/i.test((side === 'base' ? base : head)[path] ?? '');
        };
        expect(warmReads).toEqual(coldReads.filter(mayMention));
      }),
      { numRuns: 300 },
    );
  });

  it('ignores a stored answer that names a blob outside the scanned set or is of the wrong shape', async () => {
    const head = { 'a.ts': '// @release-safety breaking: the session format changed' };
    const expected = await findNewAnnotations(inputOf({}, head, []));
    expect(expected.annotations).toHaveLength(1);
    for (const stored of [['blob-elsewhere'], 'nonsense', [42]]) {
      const cache = new MemoryDerivedCache();
      await findNewAnnotations(inputOf({}, head, [], cache));
      // Overwrite every entry the first run stored.
      const keys = [...(cache as unknown as { entries: Map<string, unknown> }).entries.keys()];
      expect(keys).toHaveLength(1);
      cache.set(keys[0]!, stored);
      expect(await findNewAnnotations(inputOf({}, head, [], cache))).toEqual(expected);
    }
  });
});
