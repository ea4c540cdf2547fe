import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJson } from '../core/structured-text.js';
import { tagPatterns, versionOfTag } from '../core/tag-pattern.js';
import { compareVersions, type Version } from '../core/version.js';

/**
 * The refs the Action works out by itself: the merge base of a pull request, and the release
 * before a version (generate's default `from`). Git runs with argument arrays, never a shell.
 */
function git(repo: string, args: string[]): string {
  return execFileSync('git', args, { cwd: repo, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim();
}

export function mergeBase(repo: string, base: string, head: string): string {
  try {
    return git(repo, ['merge-base', base, head]);
  } catch {
    throw new Error(`no merge base of ${base} and ${head}: check out the history (actions/checkout with fetch-depth: 0)`);
  }
}

interface TaggedRelease {
  tag: string;
  version: Version;
}

/**
 * The release tag patterns of the repository's config (`tags`), read from `config` or the checked
 * out `release-safety.config.json`; the default (`X.Y.Z`, `vX.Y.Z`) when neither says.
 */
export function configuredTagPatterns(repo: string, config: string | undefined): readonly string[] {
  const file = config ?? join(repo, 'release-safety.config.json');
  if (!existsSync(file)) return tagPatterns(undefined);
  const parsed = parseJson(readFileSync(file, 'utf8')) as { tags?: string | string[] };
  return tagPatterns(parsed.tags);
}

/** Release tags under the patterns, optionally only those reachable from a commit. */
export function releaseTags(repo: string, patterns: readonly string[], mergedInto?: string): TaggedRelease[] {
  const listing = git(repo, ['tag', '--list', ...(mergedInto === undefined ? [] : ['--merged', mergedInto])]);
  return listing
    .split('\n')
    .flatMap((tag) => {
      const version = versionOfTag(tag, patterns);
      return version ? [{ tag, version }] : [];
    })
    .sort((a, b) => compareVersions(a.version, b.version));
}

/** The newest release tag older than `version`; undefined when there is none. */
export function previousReleaseTag(repo: string, version: Version, patterns: readonly string[]): TaggedRelease | undefined {
  return releaseTags(repo, patterns)
    .filter((release) => compareVersions(release.version, version) < 0)
    .at(-1);
}

/**
 * A pull request's dry-run versions: the newest release reachable from the merge base, and a
 * pre-release of the next patch named after the pull request (`1.4.1-pr.42`). Without a release tag
 * there is nothing to name it after: the error says why (a checkout without tags, or no release
 * yet) and the fix, instead of inventing `0.0.1-pr.N`.
 */
export function pullRequestVersions(repo: string, base: string, number: number, patterns: readonly string[]): { previousVersion: string; version: string } {
  const previous = releaseTags(repo, patterns, base).at(-1)?.version;
  if (previous === undefined) {
    const anyTag = git(repo, ['tag', '--list']) !== '';
    const shallow = git(repo, ['rev-parse', '--is-shallow-repository']) === 'true';
    const why = shallow
      ? 'the checkout is shallow and has no release tags: use actions/checkout with fetch-depth: 0'
      : anyTag
        ? `no tag reachable from the merge base ${base.slice(0, 7)} matches the release tag patterns (${patterns.join(', ')}): set "tags" in release-safety.config.json`
        : 'the checkout has no tags: use actions/checkout with fetch-depth: 0 (or git fetch --tags)';
    throw new Error(`no release to compare the pull request with: ${why}; before a first release, set inputs "version" and "previous-version"`);
  }
  return { previousVersion: previous.text, version: `${previous.major}.${previous.minor}.${previous.patch + 1}-pr.${number}` };
}
