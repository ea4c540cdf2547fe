import { createHash } from 'node:crypto';
import type { ReleaseSafetyConfig } from '../config/types.js';
import { DEFAULT_POSTGRES_VERSION } from '../config/types.js';
import type { ChangedPath, StageInput } from './contract.js';

/**
 * A {@link StageInput} over two in-memory file maps, as git would present them (blob ids equal
 * exactly when contents are): what a rule's examples run through, in the docs and the catalogue test.
 * A `null` content is a file listed in the tree whose blob cannot be read.
 */
export function memoryStageInput(
  refs: { base: Readonly<Record<string, string | null>>; head: Readonly<Record<string, string | null>> },
  config: ReleaseSafetyConfig = {},
): StageInput {
  const blobId = (text: string | null) =>
    createHash('sha1')
      .update(text ?? '\0unreadable')
      .digest('hex');
  const toTree = (files: Readonly<Record<string, string | null>>) => new Map(Object.entries(files).map(([path, text]) => [path, blobId(text)]));
  const trees = { base: toTree(refs.base), head: toTree(refs.head) };
  const changes: ChangedPath[] = [];
  for (const path of [...new Set([...trees.base.keys(), ...trees.head.keys()])].sort()) {
    const before = trees.base.get(path);
    const after = trees.head.get(path);
    if (before === after) continue;
    changes.push({ status: before === undefined ? 'added' : after === undefined ? 'deleted' : 'modified', path });
  }
  return {
    config,
    postgresVersion: DEFAULT_POSTGRES_VERSION,
    changes,
    trees,
    read: async (side, path) => {
      const text = refs[side][path];
      if (text === null) throw new Error('blob cannot be read');
      return text;
    },
  };
}
