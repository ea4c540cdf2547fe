import type { ReleaseSafetyConfig } from '../../src/config/types.js';
import { DEFAULT_POSTGRES_VERSION } from '../../src/config/types.js';
import { readPair } from '../../src/generate/generate.js';
import { openRepository, type Repository } from '../../src/git/repository.js';
import type { StageInput } from '../../src/stages/contract.js';

/**
 * A {@link StageInput} over a real git repository, built by the pipeline's own `readPair` (trees,
 * file-set diff, cached blob reads), so stage tests prove the path `generate` takes.
 * `reads` counts reads per side:path. Call {@link closeGitStageInputs} in `afterAll`.
 */
const openRepositories = new Set<Repository>();

export async function gitStageInput(dir: string, from: string, to: string, config: ReleaseSafetyConfig): Promise<StageInput & { reads: Map<string, number> }> {
  const repo = await openRepository(dir);
  openRepositories.add(repo);
  const pair = await readPair(repo, await repo.resolveCommit(from), await repo.resolveCommit(to));
  const reads = new Map<string, number>();
  return {
    config,
    postgresVersion: config.postgresVersion ?? DEFAULT_POSTGRES_VERSION,
    changes: pair.changes,
    trees: pair.trees,
    reads,
    read: (side, path) => {
      reads.set(`${side}:${path}`, (reads.get(`${side}:${path}`) ?? 0) + 1);
      return pair.read(side, path);
    },
  };
}

/** Ends the `git cat-file` processes of every repository opened by {@link gitStageInput}. */
export async function closeGitStageInputs(): Promise<void> {
  await Promise.all([...openRepositories].map((repo) => repo.close()));
  openRepositories.clear();
}
