import type { ChangedPath } from '../stages/contract.js';
import { compareText } from '../core/compare-text.js';

/**
 * Git tree objects, read through the persistent `cat-file --batch` instead of one `ls-tree` process
 * per release, and file-set diffs computed from two listings instead of one `diff-tree` process per
 * pair. Pure: parsing and diffing take bytes and maps, so they are tested without a repository.
 */

/** One entry of a tree object: `<mode> SP <name> NUL <raw object id>`. */
export interface TreeEntry {
  /** Octal mode as git writes it: `100644`, `100755`, `120000` (symlink), `40000` (tree), `160000` (submodule). */
  mode: string;
  name: string;
  /** Hex object id. */
  id: string;
}

export const TREE_MODE = '40000';
export const SYMLINK_MODE = '120000';
export const SUBMODULE_MODE = '160000';
const REGULAR_FILE_MODE = '100644';

/** Parses a raw tree object. `idBytes` is 20 (SHA-1) or 32 (SHA-256): the repository's hash length. */
export function parseTreeObject(content: Buffer, idBytes: number): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let at = 0;
  while (at < content.length) {
    const space = content.indexOf(0x20, at);
    const nul = space < 0 ? -1 : content.indexOf(0, space + 1);
    if (space < 0 || nul < 0 || nul + 1 + idBytes > content.length) throw new Error(`malformed git tree object at byte ${at}`);
    entries.push({
      mode: content.toString('latin1', at, space),
      name: content.toString('utf8', space + 1, nul),
      id: content.toString('hex', nul + 1, nul + 1 + idBytes),
    });
    at = nul + 1 + idBytes;
  }
  return entries;
}

/**
 * Every file of a tree, recursively, as `ls-tree -r` would list it: `blobs` maps path → blob id for
 * files and symlinks (what stages read); `kinds` keeps, for the entries that are not ordinary files
 * (executables, symlinks, submodules), their `mode id`, so a diff sees a mode or type change as
 * `diff-tree` does.
 */
export interface TreeListing {
  blobs: Map<string, string>;
  kinds: Map<string, string>;
}

/**
 * Flattens a root tree in `ls-tree -r` order (depth first, tree entry order) from already-loaded tree
 * objects (`treesById` must hold every subtree reachable from `rootId`).
 */
export function flattenTree(rootId: string, treesById: ReadonlyMap<string, readonly TreeEntry[]>): TreeListing {
  const listing: TreeListing = { blobs: new Map(), kinds: new Map() };
  const walk = (treeId: string, prefix: string): void => {
    const entries = treesById.get(treeId);
    if (!entries) throw new Error(`git tree ${treeId} was not loaded`);
    for (const entry of entries) {
      const path = prefix + entry.name;
      if (entry.mode === TREE_MODE) {
        walk(entry.id, `${path}/`);
        continue;
      }
      if (entry.mode !== SUBMODULE_MODE) listing.blobs.set(path, entry.id);
      // Submodules (gitlinks) have no content in this repository; they are kept only for the diff.
      if (entry.mode !== REGULAR_FILE_MODE) listing.kinds.set(path, `${entry.mode} ${entry.id}`);
    }
  };
  walk(rootId, '');
  return listing;
}

export type LinkKind = 'symlink' | 'submodule';

/** Symbolic links and submodules of a listing, by path (a listing keeps their modes in `kinds`). */
export function linksOf(listing: TreeListing): Map<string, LinkKind> {
  const links = new Map<string, LinkKind>();
  for (const [path, kind] of listing.kinds) {
    const mode = kind.slice(0, kind.indexOf(' '));
    if (mode === SYMLINK_MODE) links.set(path, 'symlink');
    else if (mode === SUBMODULE_MODE) links.set(path, 'submodule');
  }
  return links;
}

/** What `diff-tree` calls an entry: its mode and id (a regular file's mode is implied). */
function describe(listing: TreeListing, path: string): string | undefined {
  const kind = listing.kinds.get(path);
  if (kind !== undefined) return kind;
  const blob = listing.blobs.get(path);
  return blob === undefined ? undefined : `${REGULAR_FILE_MODE} ${blob}`;
}

/**
 * Paths added, modified (content, mode or type) or deleted between two listings, sorted by path:
 * the result of `diff-tree -r --name-status --no-renames` (a rename is a delete plus an add).
 */
export function diffTreeListings(base: TreeListing, head: TreeListing): ChangedPath[] {
  const changes: ChangedPath[] = [];
  for (const path of pathsOf(base)) {
    const before = describe(base, path);
    const after = describe(head, path);
    if (before !== after) changes.push({ status: after === undefined ? 'deleted' : 'modified', path });
  }
  for (const path of pathsOf(head)) {
    if (describe(base, path) === undefined) changes.push({ status: 'added', path });
  }
  return changes.sort((a, b) => compareText(a.path, b.path));
}

/** Every path of a listing once: files and symlinks, then submodules (which are not blobs). */
function* pathsOf(listing: TreeListing): Iterable<string> {
  yield* listing.blobs.keys();
  for (const path of listing.kinds.keys()) if (!listing.blobs.has(path)) yield path;
}
