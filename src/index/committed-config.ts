import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig } from '../config/load.js';
import { CONFIG_FILE_NAME, type ReleaseSafetyConfig } from '../config/types.js';
import { runGit } from '../git/run.js';

/**
 * The repository's own config, for what `backfill` and `index` need before any release is read:
 * how release tags are named (`tags`). `init` writes `tags` there; without `--config`, the file
 * in the working tree (or, in a bare repository, at HEAD) is the committed intent. A missing file
 * is the default patterns; an invalid one is refused (the user's mistake, said once).
 */
export async function committedConfig(repoDir: string): Promise<{ config: ReleaseSafetyConfig; source: string } | undefined> {
  const file = join(repoDir, CONFIG_FILE_NAME);
  if (existsSync(file)) return { config: await parseConfig(readFileSync(file, 'utf8'), file), source: file };
  const atHead = await runGit(repoDir, ['show', `HEAD:${CONFIG_FILE_NAME}`]).catch(() => undefined);
  if (atHead?.code !== 0) return undefined;
  return { config: await parseConfig(atHead.stdout.toString('utf8'), `${CONFIG_FILE_NAME} at HEAD`), source: `${CONFIG_FILE_NAME} at HEAD` };
}

export function isAncestorIn(repoDir: string): (ancestor: string, descendant: string) => Promise<boolean> {
  return async (ancestor, descendant) => {
    const run = await runGit(repoDir, ['merge-base', '--is-ancestor', ancestor, descendant]);
    if (run.code === 0) return true;
    if (run.code === 1) return false;
    throw new Error(`git merge-base --is-ancestor ${ancestor} ${descendant} failed: ${run.stderr.trim()}`);
  };
}

/** Every tag of the repository with the commit it names (for the short-form report). */
export async function tagNames(repoDir: string): Promise<Array<{ name: string; commit: string }>> {
  const run = await runGit(repoDir, ['for-each-ref', '--format=%(refname:strip=2)%00%(*objectname)%00%(objectname)', 'refs/tags']);
  if (run.code !== 0) return [];
  return run.stdout
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name = '', peeled = '', object = ''] = line.split('\0');
      return { name, commit: peeled || object };
    });
}
