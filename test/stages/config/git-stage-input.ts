import { execFileSync } from 'node:child_process';
import type { ReleaseSafetyConfig } from '../../../src/config/types.js';
import { DEFAULT_POSTGRES_VERSION } from '../../../src/config/types.js';
import type { ChangedPath, ChangeStatus, Side, StageInput } from '../../../src/stages/contract.js';

const STATUS: Readonly<Record<string, ChangeStatus>> = { A: 'added', M: 'modified', D: 'deleted', T: 'modified' };

/**
 * A {@link StageInput} over a real git repository, built with plain git plumbing so stage tests
 * prove the real path (trees, file-set diff, `git show ref:path`) without depending on `src/git/`.
 * `reads` counts reads per side:path.
 */
export function gitStageInput(dir: string, from: string, to: string, config: ReleaseSafetyConfig): StageInput & { reads: Map<string, number> } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const treeOf = (ref: string) => {
    const blobs = new Map<string, string>();
    for (const record of git('ls-tree', '-r', '-z', ref).split('\0')) {
      const match = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(record);
      if (match) blobs.set(match[2]!, match[1]!);
    }
    return blobs;
  };
  const fields = git('diff', '--name-status', '--no-renames', '-z', from, to).split('\0');
  const changes: ChangedPath[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) changes.push({ status: STATUS[fields[i]!.charAt(0)]!, path: fields[i + 1]! });
  const refs: Record<Side, string> = { base: from, head: to };
  const trees = { base: treeOf(from), head: treeOf(to) };
  const reads = new Map<string, number>();
  return {
    config,
    postgresVersion: DEFAULT_POSTGRES_VERSION,
    changes,
    trees,
    reads,
    read: async (side, path) => {
      reads.set(`${side}:${path}`, (reads.get(`${side}:${path}`) ?? 0) + 1);
      if (!trees[side].has(path)) return undefined;
      return git('show', `${refs[side]}:${path}`);
    },
  };
}
