/**
 * Release versions: `X.Y.Z` with non-negative integer parts, compared numerically.
 * Tags may carry a leading `v` (`v1.2.3` is read as `1.2.3`). Pre-release and build suffixes
 * are not release versions here: they parse as `undefined`.
 */
export interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  /** Canonical text without the `v`: `1.2.3`. */
  readonly text: string;
}

const RELEASE_VERSION = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** Parses `X.Y.Z` or `vX.Y.Z`; anything else (including pre-releases) is `undefined`. */
export function parseVersion(text: string): Version | undefined {
  const match = RELEASE_VERSION.exec(text.trim());
  if (!match) return undefined;
  const [major, minor, patch] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  if (![major, minor, patch].every(Number.isSafeInteger)) return undefined;
  return { major, minor, patch, text: `${major}.${minor}.${patch}` };
}

/** Like {@link parseVersion} but throws an error naming the bad input. */
export function requireVersion(text: string, what = 'version'): Version {
  const version = parseVersion(text);
  if (!version) {
    throw new Error(`${what} "${text}" is not a release version (expected X.Y.Z or vX.Y.Z)`);
  }
  return version;
}

export function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/** Compares two version texts numerically; throws when either is not a release version. */
export function compareVersionTexts(a: string, b: string): number {
  return compareVersions(requireVersion(a), requireVersion(b));
}
