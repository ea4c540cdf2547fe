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

/**
 * Paths added, modified (content, mode or type) or deleted between two root trees, sorted by path: the
 * result of `diff-tree -r --name-status --no-renames` (a rename is a delete plus an add). Read from the tree objects: subtrees whose ids are
 * equal are identical and never opened, so a release touching a few folders costs those folders, not
 * the whole tree (a backfill diffs hundreds of neighbouring trees; test/git/tree-diff.test.ts checks
 * the result against `git diff-tree`).
 */
export async function diffTrees(baseRoot: string, headRoot: string, treeObject: (treeId: string) => Promise<readonly TreeEntry[]>): Promise<ChangedPath[]> {
  const changes: ChangedPath[] = [];
  const every = async (treeId: string, prefix: string, status: 'added' | 'deleted'): Promise<void> => {
    for (const entry of await treeObject(treeId)) {
      if (entry.mode === TREE_MODE) await every(entry.id, `${prefix}${entry.name}/`, status);
      else changes.push({ status, path: prefix + entry.name });
    }
  };
  const walk = async (baseId: string, headId: string, prefix: string): Promise<void> => {
    const [baseEntries, headEntries] = await Promise.all([treeObject(baseId), treeObject(headId)]);
    const heads = new Map(headEntries.map((entry) => [entry.name, entry]));
    const pending: Promise<void>[] = [];
    for (const before of baseEntries) {
      const after = heads.get(before.name);
      heads.delete(before.name);
      const path = prefix + before.name;
      const beforeTree = before.mode === TREE_MODE;
      const afterTree = after?.mode === TREE_MODE;
      if (beforeTree && afterTree) {
        if (before.id !== after.id) pending.push(walk(before.id, after.id, `${path}/`));
        continue;
      }
      if (!beforeTree && after && !afterTree) {
        if (before.mode !== after.mode || before.id !== after.id) changes.push({ status: 'modified', path });
        continue;
      }
      // Gone, or a file that became a folder (or the reverse): every path of the old side goes, every path of the new one comes.
      if (beforeTree) pending.push(every(before.id, `${path}/`, 'deleted'));
      else changes.push({ status: 'deleted', path });
      if (after) pending.push(afterTree ? every(after.id, `${path}/`, 'added') : Promise.resolve(void changes.push({ status: 'added', path })));
    }
    for (const after of heads.values()) {
      const path = prefix + after.name;
      if (after.mode === TREE_MODE) pending.push(every(after.id, `${path}/`, 'added'));
      else changes.push({ status: 'added', path });
    }
    await Promise.all(pending);
  };
  if (baseRoot !== headRoot) await walk(baseRoot, headRoot, '');
  return changes.sort((a, b) => compareText(a.path, b.path));
}
