import { posix } from 'node:path';
import picomatch from 'picomatch';
import type { LinkKind } from '../git/tree.js';
import type { ConfiguredPath, Side, StageInput } from '../stages/contract.js';

/**
 * Configured paths that pass through a symbolic link or a submodule. Git stores a link as a blob
 * holding its target and a submodule as a commit of another repository: a migrations folder that is
 * a link lists no files at all, so a `DROP TABLE` behind it would look like "no migration changed".
 * Links are not followed (their target may change, leave the repository, or differ between the
 * refs): a surface whose configured path meets one, at either ref, is `unknown` with the reason.
 */

export type Links = Readonly<Record<Side, ReadonlyMap<string, LinkKind>>>;

const SIDE_NAMES: Record<Side, string> = { base: 'from', head: 'to' };

/** One reason per configured path that meets a link or submodule at either ref. */
export async function linkedPathReasons(
  paths: readonly ConfiguredPath[],
  links: Links,
  input: Pick<StageInput, 'trees' | 'read'> & Partial<Pick<StageInput, 'changes' | 'submodules'>>,
): Promise<string[]> {
  if (links.base.size === 0 && links.head.size === 0) return [];
  const reasons: string[] = [];
  // A submodule at the same commit at both refs holds the same files at both: nothing behind it changed.
  // The pipeline's `changes` never hold a bumped gitlink (it has no content here), so it says which
  // submodules kept their commit (`submodules.unchanged`, from the tree diff); `changes` is the
  // fallback for a caller that lists every changed path itself.
  const changed = input.changes === undefined ? undefined : new Set(input.changes.map((change) => change.path));
  const unchangedSubmodule = (link: string, kind: LinkKind) =>
    kind === 'submodule' &&
    (input.submodules
      ? input.submodules.unchanged.has(link)
      : changed !== undefined && !changed.has(link) && links.base.get(link) === 'submodule' && links.head.get(link) === 'submodule');
  const scopes = uniqueBy(paths, (path) => `${path.key}\0${path.path}`).map(scopeOf);
  for (const side of ['base', 'head'] as const) {
    for (const scope of scopes) {
      for (const [link, kind] of links[side]) {
        if (unchangedSubmodule(link, kind)) continue;
        const meeting = scope.meets(link, kind);
        if (meeting === false || (meeting === 'unless-file' && (await pointsAtFile(link, side, input)))) continue;
        const { key, path } = scope.configured;
        const what = kind === 'symlink' ? 'a symbolic link' : 'a submodule';
        const how = link === path ? `is ${what}` : path.startsWith(`${link}/`) ? `passes through ${what} (${link})` : `reaches ${what} (${link})`;
        reasons.push(
          `${key} "${path}" ${how} at the ${SIDE_NAMES[side]} ref: git stores ${kind === 'symlink' ? 'the link, not the files it points to' : 'a commit of another repository'}, so what it holds cannot be compared`,
        );
      }
    }
  }
  return [...new Set(reasons)];
}

/** Whether a link matters to a configured path: yes, no, or only when it is not a link to a file. */
type Meeting = boolean | 'unless-file';

interface Scope {
  configured: ConfiguredPath;
  meets(link: string, kind: LinkKind): Meeting;
}

/** A configured path with its matchers compiled once (a tree may hold many links). */
function scopeOf(configured: ConfiguredPath): Scope {
  const isAncestorOf = (path: string, link: string) => path === link || path.startsWith(`${link}/`);
  const scan = configured.shape === 'glob' ? picomatch.scan(configured.path) : undefined;
  if (!scan?.isGlob) {
    const folder = configured.shape === 'folder';
    return {
      configured,
      meets: (link) => isAncestorOf(configured.path, link) || (folder && (configured.path === '' || link.startsWith(`${configured.path}/`))),
    };
  }
  const base = scan.base.replace(/\/+$/, '');
  const matches = picomatch(configured.path, { dot: true });
  // The glob's folder part: a link it matches is a folder the glob could descend into.
  const slash = configured.path.lastIndexOf('/');
  const inFolder = slash < 0 ? undefined : picomatch(configured.path.slice(0, slash), { dot: true });
  return {
    configured,
    meets: (link, kind) => {
      if (base !== '' && isAncestorOf(base, link)) return true;
      if (base !== '' && !link.startsWith(`${base}/`)) return false;
      if (matches(link)) return true;
      if (!inFolder?.(link)) return false;
      return kind === 'submodule' ? true : 'unless-file';
    },
  };
}

function uniqueBy<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(keyOf(item)) && Boolean(seen.add(keyOf(item))));
}

/** Whether a symbolic link's target, resolved inside the repository, is a file (not a folder, not outside). */
async function pointsAtFile(link: string, side: Side, input: Pick<StageInput, 'trees' | 'read'>): Promise<boolean> {
  const target = await input.read(side, link);
  if (target === undefined || target.startsWith('/')) return false;
  const resolved = posix.normalize(posix.join(posix.dirname(link), target));
  return !resolved.startsWith('../') && input.trees[side].has(resolved);
}
