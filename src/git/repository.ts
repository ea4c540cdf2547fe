import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { InputError } from '../core/errors.js';
import { parseVersion, compareVersions } from '../core/version.js';
import type { ChangedPath } from '../stages/contract.js';
import { CatFileBatch } from './cat-file.js';
import { committerDateOf, parseLsTree, parseNameStatus, parseTagRefs } from './parse.js';
import { firstLine, runGit } from './run.js';
import { TextCache } from './text-cache.js';

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
  /** Paths added, modified or deleted between two commits or trees; renames are delete + add. */
  diffPaths(fromTreeish: string, toTreeish: string): Promise<ChangedPath[]>;
  readBlob(blobId: string): Promise<Buffer>;
  /** A blob as UTF-8 text, cached by blob id. */
  readText(blobId: string): Promise<string>;
  /** Committer date of a commit, ISO 8601 UTC. */
  commitDate(commit: string): Promise<string>;
  /** Tags naming release versions (`X.Y.Z`/`vX.Y.Z`, lightweight or annotated), in numeric version order. */
  releaseTags(): Promise<ReleaseTag[]>;
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
  const probe = await runGitOrExplain(absolute, ['rev-parse', '--is-bare-repository', '--absolute-git-dir'], dir);
  const [bare, gitDir] = probe.split('\n');
  if (bare === 'true') return new GitRepository(gitDir || absolute, true, options);
  const topLevel = (await runGitOrExplain(absolute, ['rev-parse', '--show-toplevel'], dir)).trim();
  return new GitRepository(topLevel || absolute, false, options);
}

async function runGitOrExplain(cwd: string, args: string[], shownDir: string): Promise<string> {
  let run;
  try {
    run = await runGit(cwd, args);
  } catch (error) {
    throw new InputError(`cannot run git in ${shownDir}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (run.code !== 0) throw new InputError(`not a readable git repository: ${shownDir} (${firstLine(run.stderr)})`);
  return run.stdout.toString('utf8');
}

class GitRepository implements Repository {
  private readonly batch: CatFileBatch;
  private readonly texts: TextCache;
  private readonly treeCache = new Map<string, Promise<Map<string, string>>>();

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
    const run = await runGit(this.dir, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
    const commit = run.stdout.toString('utf8').trim();
    if (run.code !== 0 || !/^[0-9a-f]{40,64}$/.test(commit)) {
      throw new InputError(`unknown ref "${ref}": not a commit in ${this.dir}`);
    }
    return commit;
  }

  listTree(treeish: string): Promise<Map<string, string>> {
    assertObjectId(treeish);
    // Trees never change: the last few are kept, so backfill (pair n's head is pair n+1's base) lists
    // each release once. Only a few: a large repository's tree listing is megabytes.
    let listing = this.treeCache.get(treeish);
    if (listing) {
      this.treeCache.delete(treeish);
    } else {
      listing = this.git(['ls-tree', '-r', '-z', '--full-tree', treeish]).then((out) => parseLsTree(out.toString('utf8')));
      listing.catch(() => this.treeCache.delete(treeish));
    }
    this.treeCache.set(treeish, listing);
    for (const oldest of this.treeCache.keys()) {
      if (this.treeCache.size <= TREE_CACHE_SIZE) break;
      this.treeCache.delete(oldest);
    }
    return listing;
  }

  async diffPaths(fromTreeish: string, toTreeish: string): Promise<ChangedPath[]> {
    assertObjectId(fromTreeish);
    assertObjectId(toTreeish);
    // diff-tree is plumbing: user diff settings (diff.relative, external drivers) cannot change its output.
    const out = await this.git(['diff-tree', '-r', '-z', '--name-status', '--no-renames', '--no-ext-diff', fromTreeish, toTreeish]);
    return parseNameStatus(out.toString('utf8'));
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
    const object = await this.batch.read(commit);
    if (object.type !== 'commit') throw new Error(`git object ${commit} is a ${object.type}, not a commit`);
    return committerDateOf(object.content.toString('utf8'));
  }

  async releaseTags(): Promise<ReleaseTag[]> {
    const out = await this.git([
      'for-each-ref',
      '--format=%(refname:strip=2)%00%(objecttype)%00%(objectname)%00%(*objecttype)%00%(*objectname)',
      'refs/tags',
    ]);
    const releases = parseTagRefs(out.toString('utf8')).flatMap((record) => {
      const parsed = parseVersion(record.name);
      return parsed && record.commit ? [{ tag: record.name, version: parsed.text, commit: record.commit, parsed }] : [];
    });
    // Dates come through the batch reader, requests pipelined: thousands of tags cost one process.
    const tags = await Promise.all(releases.map(async (release) => ({ ...release, date: await this.commitDate(release.commit) })));
    tags.sort((a, b) => compareVersions(a.parsed, b.parsed) || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
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

  private async git(args: string[], env?: NodeJS.ProcessEnv): Promise<Buffer> {
    const run = await runGit(this.dir, args, { env });
    if (run.code !== 0) throw new InputError(`git ${args[0]} failed in ${this.dir}: ${firstLine(run.stderr)}`);
    return run.stdout;
  }
}

const TREE_CACHE_SIZE = 8;

function assertObjectId(id: string): void {
  if (!/^[0-9a-f]{40,64}$/.test(id)) throw new Error(`not a git object id: ${JSON.stringify(id)}`);
}
