import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseConfig } from '../config/load.js';
import { CONFIG_FILE_NAME, type ReleaseSafetyConfig } from '../config/types.js';
import { describeError, InputError } from '../core/errors.js';
import { openRepository, type Repository } from '../git/index.js';
import { collectImageChanges } from './collect.js';
import { evaluateBumps, type ConfigPaths } from './evaluate.js';
import type { BumpCheckResult } from './types.js';

/**
 * One `bump-check` run over a deployment repository: the operator's config, the changed image
 * references between the refs, and their verdicts.
 *
 * Whose config: a `--config` file on disk (paths in it relative to that file), or else the config
 * committed at the BASE ref, with the index files and artifact folders it names read at the base ref
 * too. A pull request cannot vouch for itself: the one that bumps the tag cannot also point the
 * check at an index (or a link) of its own choosing.
 */
export interface BumpCheckInput {
  repo: string;
  base: string;
  head: string;
  config?: string;
  offline?: boolean;
  timeoutMs: number;
}

export async function runBumpCheck(input: BumpCheckInput): Promise<BumpCheckResult & { warnings: string[] }> {
  const repository = await openRepository(input.repo);
  try {
    const [baseCommit, headCommit] = await Promise.all([repository.resolveCommit(input.base), repository.resolveCommit(input.head)]);
    const { config, paths, warnings } = await operatorConfig(repository, baseCommit, input);
    const collected = await collectImageChanges(repository, baseCommit, headCommit);
    const result = await evaluateBumps(collected, config.images ?? {}, { paths, offline: input.offline, timeoutMs: input.timeoutMs });
    return { ...result, warnings: [...warnings, ...result.warnings] };
  } finally {
    await repository.close();
  }
}

async function operatorConfig(
  repository: Repository,
  baseCommit: string,
  input: BumpCheckInput,
): Promise<{ config: ReleaseSafetyConfig; paths: ConfigPaths; warnings: string[] }> {
  if (input.config !== undefined) {
    const file = resolve(input.config);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new InputError(`cannot read --config ${input.config}: ${describeError(error)}`);
    }
    const folder = dirname(file);
    return {
      config: await parseConfig(text, input.config),
      paths: {
        async read(path) {
          try {
            return await readFile(resolve(folder, path), 'utf8');
          } catch {
            return undefined;
          }
        },
        describe: (path) => resolve(folder, path),
      },
      warnings: [],
    };
  }
  const tree = await repository.listTree(baseCommit);
  const short = baseCommit.slice(0, 12);
  const paths: ConfigPaths = {
    async read(path) {
      const normalised = path.replace(/^\.\//, '');
      const blob = tree.get(normalised);
      return blob === undefined ? undefined : repository.readText(blob);
    },
    describe: (path) => `${path.replace(/^\.\//, '')} at ${input.base} (${short})`,
  };
  const text = await paths.read(CONFIG_FILE_NAME);
  if (text === undefined)
    return { config: {}, paths, warnings: [`no ${CONFIG_FILE_NAME} at the base ref ${input.base}: no image is configured, so none is checked`] };
  return { config: await parseConfig(text, paths.describe(CONFIG_FILE_NAME)), paths, warnings: [] };
}
