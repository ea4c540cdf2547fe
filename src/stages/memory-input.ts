import { createHash } from 'node:crypto';
import type { ReleaseSafetyConfig } from '../config/types.js';
import { DEFAULT_POSTGRES_VERSION } from '../config/types.js';
import type { ChangedPath, StageInput } from './contract.js';

/**
 * A {@link StageInput} over two in-memory file maps, as git would present them (blob ids equal
 * exactly when contents are): what a rule's examples run through, in the docs and the catalogue test.
 */
export function memoryStageInput(refs: { base: Record<string, string>; head: Record<string, string> }, config: ReleaseSafetyConfig = {}): StageInput {
  const blobId = (text: string) => createHash('sha1').update(text).digest('hex');
  const toTree = (files: Record<string, string>) => new Map(Object.entries(files).map(([path, text]) => [path, blobId(text)]));
  const trees = { base: toTree(refs.base), head: toTree(refs.head) };
  const changes: ChangedPath[] = [];
  for (const path of [...new Set([...trees.base.keys(), ...trees.head.keys()])].sort()) {
    const before = trees.base.get(path);
    const after = trees.head.get(path);
    if (before === after) continue;
    changes.push({ status: before === undefined ? 'added' : after === undefined ? 'deleted' : 'modified', path });
  }
  return { config, postgresVersion: DEFAULT_POSTGRES_VERSION, changes, trees, read: async (side, path) => refs[side][path] };
}
