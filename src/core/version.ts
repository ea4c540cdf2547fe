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
  // Written out rather than mapped: upgrade-check parses every version of the index cold (issue 21).
  const major = Number(match[1]);
  const minor = Number(match[2]);
  const patch = Number(match[3]);
  if (!Number.isSafeInteger(major) || !Number.isSafeInteger(minor) || !Number.isSafeInteger(patch)) return undefined;
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

/**
 * Compares two canonical release version texts (`X.Y.Z`, no `v`, no leading zeros) numerically
 * without parsing them: parsing allocates, and in upgrade-check, right after `JSON.parse`, any
 * allocation may start a scavenge that copies the whole parsed index. With no leading zeros, a part
 * with more digits is larger, and parts of equal length compare as text. Negative when `a` is older;
 * 0 only for equal texts. Meaningless for other texts.
 */
export function compareReleaseTexts(a: string, b: string): number {
  // Parts of the same lengths (the common case: 0.1893.0 and 0.1894.0): the text order is the order.
  if (a.length === b.length && a.indexOf('.') === b.indexOf('.') && a.lastIndexOf('.') === b.lastIndexOf('.')) return a < b ? -1 : a === b ? 0 : 1;
  let startA = 0;
  let startB = 0;
  for (let part = 0; part < 3; part++) {
    const endA = part === 2 ? a.length : a.indexOf('.', startA);
    const endB = part === 2 ? b.length : b.indexOf('.', startB);
    const length = endA - startA;
    if (length !== endB - startB) return length - (endB - startB);
    for (let offset = 0; offset < length; offset++) {
      const difference = a.charCodeAt(startA + offset) - b.charCodeAt(startB + offset);
      if (difference !== 0) return difference;
    }
    startA = endA + 1;
    startB = endB + 1;
  }
  return 0;
}

/** Compares two version texts numerically; throws when either is not a release version. */
export function compareVersionTexts(a: string, b: string): number {
  return compareVersions(requireVersion(a), requireVersion(b));
}

/**
 * A dry-run version: `X.Y.Z-<pre-release>` (`1.3.0-rc.1`, `1.2.1-pr.42`), accepted by `generate
 * --version` for a pull request or release candidate. Never a release: no tag is read as one, and
 * `index` refuses an artifact that carries one.
 */
export interface PrereleaseVersion {
  /** The release the pre-release leads to (`1.3.0` for `1.3.0-rc.1`). */
  readonly release: Version;
  readonly prerelease: string;
  /** Canonical text without the `v`: `1.3.0-rc.1`. */
  readonly text: string;
}

const PRERELEASE_VERSION =
  /^v?((?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*))-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*)$/;

export function parsePrereleaseVersion(text: string): PrereleaseVersion | undefined {
  const match = PRERELEASE_VERSION.exec(text.trim());
  const release = match ? parseVersion(match[1]!) : undefined;
  if (!match || !release) return undefined;
  return { release, prerelease: match[2]!, text: `${release.text}-${match[2]!}` };
}
