import { createHash } from 'node:crypto';
import type { ReleaseSafetyConfig } from '../../src/config/types.js';
import { DEFAULT_POSTGRES_VERSION } from '../../src/config/types.js';
import type { ChangedPath, Side, StageInput } from '../../src/stages/contract.js';

/** A fake blob id that, like git's, is equal exactly when the content is equal. */
export function fakeBlobId(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

export interface InMemoryRefs {
  base: Record<string, string>;
  head: Record<string, string>;
}

/**
 * A {@link StageInput} over in-memory file maps, for stage unit tests. The file-set diff and the
 * blob ids are derived the way git would derive them. `reads` counts reads per side:path.
 */
export function stageInput(
  refs: InMemoryRefs,
  config: ReleaseSafetyConfig = {},
  postgresVersion = DEFAULT_POSTGRES_VERSION,
): StageInput & { reads: Map<string, number> } {
  const toTree = (files: Record<string, string>) => new Map(Object.entries(files).map(([path, text]) => [path, fakeBlobId(text)]));
  const trees = { base: toTree(refs.base), head: toTree(refs.head) };
  const changes: ChangedPath[] = [];
  for (const path of new Set([...trees.base.keys(), ...trees.head.keys()])) {
    const before = trees.base.get(path);
    const after = trees.head.get(path);
    if (before === after) continue;
    changes.push({ status: before === undefined ? 'added' : after === undefined ? 'deleted' : 'modified', path });
  }
  changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const reads = new Map<string, number>();
  return {
    config,
    postgresVersion,
    changes,
    trees,
    reads,
    read: async (side: Side, path: string) => {
      reads.set(`${side}:${path}`, (reads.get(`${side}:${path}`) ?? 0) + 1);
      return refs[side][path];
    },
  };
}
