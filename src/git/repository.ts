import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { InputError } from '../core/errors.js';
import { compareVersions } from '../core/version.js';
import { DEFAULT_TAG_PATTERNS, versionOfTag } from '../core/tag-pattern.js';
import type { ChangedPath } from '../stages/contract.js';
import { CatFileBatch } from './cat-file.js';
import { committerDateOf, parseTagRefs } from './parse.js';
import { firstLine, runGit } from './run.js';
import { TextCache } from './text-cache.js';
import { diffTrees, flattenTree, linksOf, parseTreeObject, TREE_MODE, type LinkKind, type TreeEntry, type TreeListing } from './tree.js';
import { compareText } from '../core/compare-text.js';
export type { LinkKind } from './tree.js';

/**
 * The only access to git (ARCHITECTURE.md): everything else sees commits, trees as path → blob id maps,
 * and blob texts. One `Repository` is meant to be reused for many ref pairs (backfill): blob texts are
 * cached by blob id and read through one persistent `git cat-file --batch` process.
 */
export interface ReleaseTag {
  /** The tag name as written (`v1.2.3`). */
  tag: string;
  /** Canonical version (`1.2.3`). */
  version: string;
  commit: string;
  /** Committer date of the tagged commit, ISO 8601 UTC. */
  date: string;
}

export interface Repository {
  /** Top-level folder of the working tree (or the git folder of a bare repository). */
  readonly dir: string;
  /** Full commit id of a ref (tag, branch, SHA); `InputError` naming the ref when it is not a commit here. */
  resolveCommit(ref: string): Promise<string>;
  /** Every file (blob) of a commit or tree: path → blob id. */
  listTree(treeish: string): Promise<Map<string, string>>;
  /**
   * The entries of a commit or tree that are not files of this repository: symbolic links (git stores
   * the target path as the blob) and submodules (a commit of another repository). A configured path
   * through one of them has no content here to compare.
   */
  listLinks(treeish: string): Promise<Map<string, LinkKind>>;
  /** Paths added, modified or deleted between two commits or trees; renames are delete + add. */
  diffPaths(fromTreeish: string, toTreeish: string): Promise<ChangedPath[]>;
  readBlob(blobId: string): Promise<Buffer>;
  /** A blob as UTF-8 text, cached by blob id. */
  readText(blobId: string): Promise<string>;
  /** Committer date of a commit, ISO 8601 UTC. */
  commitDate(commit: string): Promise<string>;
  /** Tags naming release versions (`X.Y.Z`/`vX.Y.Z`, lightweight or annotated), in numeric version order. */
  releaseTags(patterns?: readonly string[]): Promise<ReleaseTag[]>;
  /** Tree id of the working directory as `git add -A` would record it, without touching the user's index. */
  snapshotWorktree(): Promise<string>;
  /** Ends the batch reader; the repository must not be used afterwards. */
  close(): Promise<void>;
}

export interface OpenRepositoryOptions {
  /** Character budget of the blob-text cache. */
  textCacheChars?: number;
}

export async function openRepository(dir: string, options: OpenRepositoryOptions = {}): Promise<Repository> {
  const absolute = resolve(dir);
  if (!existsSync(absolute)) throw new InputError(`repository folder not found: ${dir}`);
  // One process for both questions. In a bare repository `--show-toplevel` fails (exit 128) after the
  // first two answers were printed, so the answers are read before the exit code.
  const probe = await runGitOrExplain(absolute, ['rev-parse', '--is-bare-repository', '--absolute-git-dir', '--show-toplevel'], dir);
  const [bare, gitDir, topLevel] = probe.split('\n');
  if (bare === 'true') return new GitRepository(gitDir || absolute, true, options);
  return new GitRepository(topLevel?.trim() || absolute, false, options);
}

/**
 * Why a ref may be missing in CI: actions/checkout clones one commit and no tags by default. One
 * clause naming the fix, or nothing when the clone is whole and has tags.
 */
async function missingHistoryHint(dir: string): Promise<string> {
  try {
    const shallow = await runGit(dir, ['rev-parse', '--is-shallow-repository']);
    if (shallow.stdout.toString('utf8').trim() === 'true')
      return ' (the clone is shallow: check out the whole history with actions/checkout fetch-depth: 0, or git fetch --unshallow --tags)';
    const tags = await runGit(dir, ['tag', '--list']);
    if (tags.code === 0 && tags.stdout.toString('utf8').trim() === '')
      return ' (the clone has no tags: git fetch --tags, or actions/checkout with fetch-depth: 0)';
  } catch {
    // The hint is a courtesy: the error above stands without it.
  }
  return '';
}

async function runGitOrExplain(cwd: string, args: string[], shownDir: string): Promise<string> {
  let run;
  try {
    run = await runGit(cwd, args);
  } catch (error) {
    throw new InputError(`cannot run git in ${shownDir}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const stdout = run.stdout.toString('utf8');
  if (run.code !== 0 && !stdout.startsWith('true\n')) throw new InputError(`not a readable git repository: ${shownDir} (${firstLine(run.stderr)})`);
  return stdout;
}

class GitRepository implements Repository {
  private readonly batch: CatFileBatch;
  private readonly texts: TextCache;
  /** Flattened listings by root tree id: the last few (backfill: pair n's head is pair n+1's base). */
  private readonly listings = new Map<string, Promise<TreeListing>>();
  /** Parsed tree objects by tree id: unchanged folders are shared by neighbouring releases, read once. */
  private readonly treeObjects = new Map<string, readonly TreeEntry[]>();
  private treeObjectEntries = 0;
  /** Root tree and committer date of commits met so far (refs resolve to their commit object). */
  private readonly commits = new Map<string, CommitInfo>();

  constructor(
    readonly dir: string,
    private readonly bare: boolean,
    options: OpenRepositoryOptions,
  ) {
    this.batch = new CatFileBatch(dir);
    this.texts = new TextCache(options.textCacheChars);
  }

  async resolveCommit(ref: string): Promise<string> {
    // A leading dash would be read as an option by many git commands; newlines would split batch input.
    if (ref === '' || ref.startsWith('-') || /[\0\n\r]/.test(ref)) throw new InputError(`invalid ref ${JSON.stringify(ref)}`);
    // Through the running `cat-file --batch` (no `rev-parse` process): it peels tags the same way and
    // answers `missing` for an unknown ref, a non-commit or an ambiguous short id.
    const object = await this.batch.lookup(`${ref}^{commit}`);
    if (!object || object.type !== 'commit') throw new InputError(`unknown ref "${ref}": not a commit in ${this.dir}${await missingHistoryHint(this.dir)}`);
    this.remember(object.id, object.content);
    return object.id;
  }

  async listTree(treeish: string): Promise<Map<string, string>> {
    return (await this.listing(treeish)).blobs;
  }

  async listLinks(treeish: string): Promise<Map<string, LinkKind>> {
    return linksOf(await this.listing(treeish));
  }

  async diffPaths(fromTreeish: string, toTreeish: string): Promise<ChangedPath[]> {
    // From the tree objects (cached, and read for the listings anyway) instead of a `diff-tree` process;
    // test/git/tree-diff.test.ts checks that both give the same answer.
    // The listings first: the stages need them anyway, and loading them puts every tree object in the
    // cache, so the diff reads nothing twice.
    await Promise.all([this.listing(fromTreeish), this.listing(toTreeish)]);
    const [baseRoot, headRoot] = await Promise.all([this.rootTreeOfTreeish(fromTreeish), this.rootTreeOfTreeish(toTreeish)]);
    return diffTrees(baseRoot, headRoot, (treeId) => this.treeObject(treeId));
  }

  async readBlob(blobId: string): Promise<Buffer> {
    const object = await this.batch.read(blobId);
    if (object.type !== 'blob') throw new Error(`git object ${blobId} is a ${object.type}, not a blob`);
    return object.content;
  }

  readText(blobId: string): Promise<string> {
    return this.texts.get(blobId, async () => (await this.readBlob(blobId)).toString('utf8'));
  }

  async commitDate(commit: string): Promise<string> {
    return (await this.commitInfo(commit)).date;
  }

  /** Tags that name a release under the patterns (default `X.Y.Z` and `vX.Y.Z`), oldest first. */
  async releaseTags(patterns: readonly string[] = DEFAULT_TAG_PATTERNS): Promise<ReleaseTag[]> {
    const out = await this.git(['for-each-ref', '--format=%(refname:strip=2)%00%(objecttype)%00%(objectname)%00%(*objecttype)%00%(*objectname)', 'refs/tags']);
    const releases = parseTagRefs(out.toString('utf8')).flatMap((record) => {
      const parsed = versionOfTag(record.name, patterns);
      return parsed && record.commit ? [{ tag: record.name, version: parsed.text, commit: record.commit, parsed }] : [];
    });
    // Dates come through the batch reader, requests pipelined: thousands of tags cost one process.
    const tags = await Promise.all(releases.map(async (release) => ({ ...release, date: await this.commitDate(release.commit) })));
    tags.sort((a, b) => compareVersions(a.parsed, b.parsed) || compareText(a.tag, b.tag));
    return tags.map(({ tag, version, commit, date }) => ({ tag, version, commit, date }));
  }

  async snapshotWorktree(): Promise<string> {
    if (this.bare) throw new InputError(`--to WORKTREE needs a working tree; ${this.dir} is a bare repository`);
    const scratch = mkdtempSync(join(tmpdir(), 'release-safety-index-'));
    const indexFile = join(scratch, 'index');
    try {
      // Start from a copy of the user's index so `git add -A` can reuse its stat data (fast on big trees);
      // the user's own index file is never written.
      const userIndex = (await this.git(['rev-parse', '--git-path', 'index'])).toString('utf8').trim();
      const userIndexPath = isAbsolute(userIndex) ? userIndex : join(this.dir, userIndex);
      if (existsSync(userIndexPath)) copyFileSync(userIndexPath, indexFile);
      await this.git(['add', '-A', '--', '.'], { GIT_INDEX_FILE: indexFile });
      return (await this.git(['write-tree'], { GIT_INDEX_FILE: indexFile })).toString('utf8').trim();
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }

  close(): Promise<void> {
    return this.batch.close();
  }

  private async commitInfo(commit: string): Promise<CommitInfo> {
    const known = this.commits.get(commit);
    if (known) return known;
    const object = await this.batch.read(commit);
    if (object.type !== 'commit') throw new Error(`git object ${commit} is a ${object.type}, not a commit`);
    return this.remember(commit, object.content);
  }

  private remember(commit: string, content: Buffer): CommitInfo {
    const text = content.toString('utf8');
    const tree = /^tree ([0-9a-f]{40,64})$/m.exec(text.split('\n\n', 1)[0] ?? '')?.[1];
    if (!tree) throw new Error(`git commit ${commit} names no tree`);
    const info = { tree, date: committerDateOf(text) };
    this.commits.set(commit, info);
    return info;
  }

  private async rootTreeOfTreeish(treeish: string): Promise<string> {
    assertObjectId(treeish);
    return this.commits.get(treeish)?.tree ?? (await this.rootTreeOf(treeish));
  }

  /** The flattened listing of a commit's or tree's root tree. */
  private async listing(treeish: string): Promise<TreeListing> {
    const rootTree = await this.rootTreeOfTreeish(treeish);
    let listing = this.listings.get(rootTree);
    if (listing) {
      this.listings.delete(rootTree);
    } else {
      listing = this.loadTrees(rootTree).then((trees) => flattenTree(rootTree, trees));
      listing.catch(() => this.listings.delete(rootTree));
    }
    this.listings.set(rootTree, listing);
    // Only a few: a large repository's listing is megabytes.
    for (const oldest of this.listings.keys()) {
      if (this.listings.size <= LISTING_CACHE_SIZE) break;
      this.listings.delete(oldest);
    }
    return listing;
  }

  private async rootTreeOf(treeish: string): Promise<string> {
    const object = await this.batch.read(treeish);
    if (object.type === 'tree') return treeish;
    if (object.type === 'commit') return this.remember(treeish, object.content).tree;
    throw new Error(`git object ${treeish} is a ${object.type}, not a commit or tree`);
  }

  /** Every tree object reachable from `rootTree`; requests are pipelined through the batch process. */
  private async loadTrees(rootTree: string): Promise<Map<string, readonly TreeEntry[]>> {
    const trees = new Map<string, readonly TreeEntry[]>();
    const loading = new Map<string, Promise<void>>();
    const load = (treeId: string): Promise<void> => {
      let done = loading.get(treeId);
      if (!done) {
        done = this.treeObject(treeId).then(async (entries) => {
          trees.set(treeId, entries);
          await Promise.all(entries.filter((entry) => entry.mode === TREE_MODE).map((entry) => load(entry.id)));
        });
        loading.set(treeId, done);
      }
      return done;
    };
    await load(rootTree);
    return trees;
  }

  private async treeObject(treeId: string): Promise<readonly TreeEntry[]> {
    const cached = this.treeObjects.get(treeId);
    if (cached) return cached;
    const object = await this.batch.read(treeId);
    if (object.type !== 'tree') throw new Error(`git object ${treeId} is a ${object.type}, not a tree`);
    const entries = parseTreeObject(object.content, treeId.length / 2);
    this.treeObjects.set(treeId, entries);
    this.treeObjectEntries += entries.length;
    // Oldest first out once over budget (insertion order; a bound, not a precise LRU).
    for (const [oldest, oldEntries] of this.treeObjects) {
      if (this.treeObjectEntries <= TREE_OBJECT_ENTRY_BUDGET) break;
      this.treeObjects.delete(oldest);
      this.treeObjectEntries -= oldEntries.length;
    }
    return entries;
  }

  private async git(args: string[], env?: NodeJS.ProcessEnv): Promise<Buffer> {
    const run = await runGit(this.dir, args, { env });
    if (run.code !== 0) throw new InputError(`git ${args[0]} failed in ${this.dir}: ${firstLine(run.stderr)}`);
    return run.stdout;
  }
}

const LISTING_CACHE_SIZE = 8;
/** Tree entries kept parsed across listings (~200 bytes each, ~10 MB): the trees of neighbouring releases of a large repository (a listing reads each changed folder once). */
const TREE_OBJECT_ENTRY_BUDGET = 50_000;

interface CommitInfo {
  tree: string;
  /** Committer date, ISO 8601 UTC. */
  date: string;
}

function assertObjectId(id: string): void {
  if (!/^[0-9a-f]{40,64}$/.test(id)) throw new Error(`not a git object id: ${JSON.stringify(id)}`);
}
