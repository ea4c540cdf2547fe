import { parseVersion } from '../core/version.js';

/**
 * Tags that follow a release pattern but name a short version (`v2.16` beside `v2.16.0`): never
 * dropped silently. Each is reported, saying whether the full form names the same commit (then
 * nothing is missed) or what to do (tag it X.Y.Z, or it is not a release the tool sees).
 */
export function shortFormNotes(
  tags: readonly { name: string; commit: string }[],
  patterns: readonly string[],
  releases: readonly { tag: string; version: string; commit: string }[],
): string[] {
  const notes: string[] = [];
  const byVersion = new Map(releases.map((release) => [release.version, release]));
  for (const { name, commit } of tags) {
    for (const pattern of patterns) {
      const [prefix, suffix] = pattern.split('{version}') as [string, string];
      if (!name.startsWith(prefix) || !name.endsWith(suffix) || name.length <= prefix.length + suffix.length) continue;
      const middle = name.slice(prefix.length, name.length - suffix.length);
      const short = /^(\d+)\.(\d+)$/.exec(middle) ?? /^(\d+)$/.exec(middle);
      if (!short || parseVersion(middle)) continue;
      const full = `${short[1]}.${short[2] ?? '0'}.0`;
      const release = byVersion.get(full);
      notes.push(
        release === undefined
          ? `tag ${name} names a short version (not X.Y.Z), and no ${full} release tag exists: it is not read as a release (tag its commit ${prefix}${full}${suffix} to include it)`
          : release.commit === commit
            ? `tag ${name} is a short form of ${release.tag} (same commit): read as ${full}`
            : `tag ${name} is a short form but names another commit than ${release.tag}: only ${release.tag} is read as ${full}`,
      );
      break;
    }
  }
  return notes;
}
