import { parseVersion, type Version } from './version.js';

/**
 * How a repository names its release tags: patterns with one `{version}` placeholder
 * (`v{version}`, `server-v{version}`, `@acme/server@{version}`). The default reads `X.Y.Z` and
 * `vX.Y.Z`. A pre-release tag (`1.3.0-rc.1`, `server-v1.9.2-0`) is never a release, whatever the
 * pattern: the placeholder only matches `X.Y.Z`.
 */
export const DEFAULT_TAG_PATTERNS: readonly string[] = ['{version}', 'v{version}'];

const PLACEHOLDER = '{version}';

/** The patterns of a config's `tags` value (one pattern or a list), or the default. */
export function tagPatterns(configured: string | readonly string[] | undefined): readonly string[] {
  if (configured === undefined) return DEFAULT_TAG_PATTERNS;
  return typeof configured === 'string' ? [configured] : configured;
}

/** Whether a pattern has exactly one `{version}` (the config schema says so too). */
export function isTagPattern(pattern: string): boolean {
  return pattern.split(PLACEHOLDER).length === 2;
}

/**
 * The release version a tag names under the patterns, or undefined. `refs/tags/` is accepted in
 * front (backfill passes full ref names).
 */
export function versionOfTag(tag: string, patterns: readonly string[] = DEFAULT_TAG_PATTERNS): Version | undefined {
  const name = tag.startsWith('refs/tags/') ? tag.slice('refs/tags/'.length) : tag;
  for (const pattern of patterns) {
    const [prefix, suffix] = pattern.split(PLACEHOLDER) as [string, string];
    if (!name.startsWith(prefix) || !name.endsWith(suffix) || name.length <= prefix.length + suffix.length) continue;
    const middle = name.slice(prefix.length, name.length - suffix.length);
    // `v` only where the pattern writes it: `v{version}` reads v1.2.3, `{version}` reads 1.2.3.
    if (middle.startsWith('v')) continue;
    const version = parseVersion(middle);
    if (version) return version;
  }
  return undefined;
}
