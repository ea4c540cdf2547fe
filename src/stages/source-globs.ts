import picomatch from 'picomatch';
import type { ChangedPath, Side } from './contract.js';

/**
 * Which files a surface's globs select at each ref, for every surface configured by globs (env
 * sources, route sources, MCP sources).
 *
 * The config states intent ("the server's sources live under `apps/server/src/**`"), and a backfill
 * visits refs where some folder did not exist yet or no longer exists. A glob that selects nothing at
 * one ref while the others select files is a fact about that release's layout, not a failure: the
 * files each ref has are compared as they are (a file that moved between two selected folders is no
 * change; one that left every glob looks removed, which fails towards `false`, never towards `true`).
 * It is said in the release's notes. What is never accepted is a surface that selects NOTHING at a
 * ref: its reads would all look added (or all removed) because the layout moved away from the globs,
 * so that is the failure, naming the globs.
 */

/** Not the server: build and test tool configs, tests, stories, mocks, declaration files. */
export const NOT_SERVER_SOURCES: readonly string[] = [
  '**/{vite,vitest,webpack,rollup,jest,babel,postcss,tailwind,playwright,cypress,eslint,prettier,tsup,esbuild,astro,svelte,nuxt,next,storybook,karma,wdio}.config.{ts,mts,cts,js,mjs,cjs}',
  '**/*.{test,spec,e2e,stories,story}.{ts,tsx,mts,cts,js,jsx,mjs,cjs}',
  '**/{__tests__,__mocks__,__fixtures__,.storybook}/**',
  '**/*.d.{ts,mts,cts}',
];

export interface GlobSelection {
  selected: Record<Side, string[]>;
  /** Globs that select nothing at one ref: said in the release's notes. */
  notes: string[];
  /** Set when the globs together select nothing at a ref: the surface cannot be compared. */
  failure?: string;
}

const SIDE_LABEL: Record<Side, string> = { base: 'the base (from) ref', head: 'the head (to) ref' };

export interface SelectOptions {
  /** How the notes name the globs: `env source glob`, `routes source glob`. */
  what: string;
  /** Which paths can be selected at all (an extension test). */
  accept?: (path: string) => boolean;
  /** Excluded paths (a literal path in the globs is never excluded). */
  exclude?: (path: string) => boolean;
  /** The globs may select nothing at both refs (optional documentation such as `.env.example`). */
  mayBeEmpty?: boolean;
  /**
   * The trees the paths come from, the release's changes and a key naming the globs and options: a
   * tree's selection is then kept (by tree listing and key), and the head tree's is derived from the
   * base tree's by the paths the release added or deleted (selection depends on paths only). A backfill
   * otherwise tests every path of both trees against every glob for every release (issue 36).
   */
  incremental?: { trees: Record<Side, ReadonlyMap<string, string>>; changes: readonly ChangedPath[]; key: string };
}

/** What the globs select of one tree: the selected paths, hits per glob, and how many (path, glob) matches were excluded. */
interface SideSelection {
  chosen: Set<string>;
  sorted: string[];
  hits: Map<string, number>;
  excluded: number;
}
const selectionsByTree = new WeakMap<ReadonlyMap<string, string>, Map<string, SideSelection>>();

type Matcher = { glob: string; matches: (path: string) => boolean; literal: boolean };

/** Adds (`delta` 1) or removes (-1) what one path contributes to a selection. */
function count(selection: SideSelection, path: string, matchers: readonly Matcher[], options: SelectOptions, delta: 1 | -1): void {
  if (options.accept && !options.accept(path)) return;
  for (const { glob, matches, literal } of matchers) {
    if (!matches(path)) continue;
    if (!literal && options.exclude?.(path)) {
      selection.excluded += delta;
      continue;
    }
    if (delta === 1) selection.chosen.add(path);
    else selection.chosen.delete(path);
    const hits = (selection.hits.get(glob) ?? 0) + delta;
    if (hits === 0) selection.hits.delete(glob);
    else selection.hits.set(glob, hits);
  }
}

function selectSide(side: Side, paths: Iterable<string>, matchers: readonly Matcher[], options: SelectOptions): SideSelection {
  const incremental = options.incremental;
  const tree = incremental?.trees[side];
  const known = tree === undefined ? undefined : selectionsByTree.get(tree)?.get(incremental!.key);
  if (known) return known;
  const atBase = side === 'head' && incremental ? selectionsByTree.get(incremental.trees.base)?.get(incremental.key) : undefined;
  let selection: SideSelection;
  if (atBase && incremental) {
    selection = { chosen: new Set(atBase.chosen), sorted: [], hits: new Map(atBase.hits), excluded: atBase.excluded };
    const { base, head } = incremental.trees;
    for (const { path } of incremental.changes) {
      if (base.has(path) === head.has(path)) continue;
      count(selection, path, matchers, options, base.has(path) ? -1 : 1);
    }
  } else {
    selection = { chosen: new Set(), sorted: [], hits: new Map(), excluded: 0 };
    for (const path of paths) count(selection, path, matchers, options, 1);
  }
  selection.sorted = [...selection.chosen].sort();
  if (tree !== undefined) {
    let byKey = selectionsByTree.get(tree);
    if (!byKey) selectionsByTree.set(tree, (byKey = new Map()));
    byKey.set(incremental!.key, selection);
  }
  return selection;
}

export function selectByGlobs(paths: Record<Side, Iterable<string>>, globs: readonly string[], options: SelectOptions): GlobSelection {
  const matchers = globs.map((glob) => ({ glob, matches: picomatch(glob.replace(/^\.\//, ''), { dot: true }), literal: !picomatch.scan(glob).isGlob }));
  const selected: Record<Side, string[]> = { base: [], head: [] };
  const emptyAt: Record<Side, string[]> = { base: [], head: [] };
  let excludedCount = 0;
  for (const side of ['base', 'head'] as const) {
    const selection = selectSide(side, paths[side], matchers, options);
    excludedCount += selection.excluded;
    selected[side] = [...selection.sorted];
    emptyAt[side] = globs.filter((glob) => !selection.hits.has(glob));
  }
  const notes: string[] = [];
  const shown = (list: readonly string[]) => list.map((glob) => JSON.stringify(glob)).join(', ');
  for (const side of ['base', 'head'] as const) {
    if (emptyAt[side].length === 0) continue;
    if (selected[side].length > 0)
      notes.push(`${options.what} ${shown(emptyAt[side])} selects no file at ${SIDE_LABEL[side]} (the other globs do: the files each ref has were compared)`);
    else if (options.mayBeEmpty && selected[side === 'base' ? 'head' : 'base'].length > 0)
      notes.push(`${options.what} ${shown(emptyAt[side])} selects no file at ${SIDE_LABEL[side]}: compared as that ref has it (none)`);
  }
  if (options.mayBeEmpty) return { selected, notes };
  const empty = (['base', 'head'] as const).filter((side) => selected[side].length === 0);
  if (empty.length === 0) return { selected, notes };
  const where = empty.length === 2 ? 'at either ref' : `at ${SIDE_LABEL[empty[0]!]}`;
  return {
    selected,
    notes,
    failure: `${options.what} ${shown(globs)} select no file${excludedCount > 0 ? ` (${excludedCount} excluded as not the server)` : ''} ${where}: the layout of this release is not covered by the config (add the folder it used to the globs)`,
  };
}
