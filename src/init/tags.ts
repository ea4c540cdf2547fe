import { DEFAULT_TAG_PATTERNS } from '../core/tag-pattern.js';

/**
 * How the service names its release tags, from the tags themselves. A monorepo tags its packages
 * too (`@acme/sdk@1.4.0`, `react-v0.10.9`, `helm-v4.5.12`): the service's releases are the plain
 * pattern (`v{version}` or `{version}`) when it has a few tags, else the pattern with the most X.Y.Z
 * tags (`server-v{version}`), and that pattern is written so `backfill` and `index`
 * read the same releases at every run. Two spellings of one line of releases (`1.2.3` earlier,
 * `v1.3.0` later) are both kept.
 */
export interface TagPatternDetection {
  patterns: string[];
  evidence: string;
}

const RELEASE_TAG = /^(.*?)(\d+\.\d+\.\d+)$/;

export function detectTagPatterns(tags: readonly string[]): TagPatternDetection | undefined {
  const counts = new Map<string, number>();
  for (const tag of tags) {
    const match = RELEASE_TAG.exec(tag);
    if (!match) continue;
    const pattern = `${match[1]}{version}`;
    counts.set(pattern, (counts.get(pattern) ?? 0) + 1);
  }
  // The service's own tags are plain (`v1.2.3`, `1.2.3`); packages of a monorepo carry their name
  // (`@acme/sdk@`, `react-v`) and often outnumber them: a plain pattern with a few tags wins.
  const plain = (pattern: string) => DEFAULT_TAG_PATTERNS.includes(pattern) && (counts.get(pattern) ?? 0) >= 3;
  const ranked = [...counts].sort((a, b) => Number(plain(b[0])) - Number(plain(a[0])) || b[1] - a[1] || a[0].localeCompare(b[0]));
  if (ranked.length === 0 || ranked[0]![1] < 2) return undefined;
  const [top] = ranked[0]!;
  const patterns = [top];
  if (DEFAULT_TAG_PATTERNS.includes(top)) {
    const other = DEFAULT_TAG_PATTERNS.find((pattern) => pattern !== top)!;
    if ((counts.get(other) ?? 0) >= 3) patterns.push(other);
  }
  const ignored = ranked.filter(([pattern]) => !patterns.includes(pattern)).slice(0, 4);
  const evidence =
    `${patterns.map((pattern) => `${pattern} (${counts.get(pattern)} tags)`).join(' and ')}` +
    (ignored.length > 0
      ? `; not the service's releases: ${ignored.map(([pattern, count]) => `${pattern} (${count})`).join(', ')}${ranked.length - patterns.length > ignored.length ? ', …' : ''}`
      : '');
  return { patterns, evidence };
}
