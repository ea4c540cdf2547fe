import picomatch from 'picomatch';
import type { Side } from './contract.js';

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
}

export function selectByGlobs(paths: Record<Side, Iterable<string>>, globs: readonly string[], options: SelectOptions): GlobSelection {
  const matchers = globs.map((glob) => ({ glob, matches: picomatch(glob.replace(/^\.\//, ''), { dot: true }), literal: !picomatch.scan(glob).isGlob }));
  const selected: Record<Side, string[]> = { base: [], head: [] };
  const emptyAt: Record<Side, string[]> = { base: [], head: [] };
  let excludedCount = 0;
  for (const side of ['base', 'head'] as const) {
    const chosen = new Set<string>();
    const hits = new Map<string, number>();
    for (const path of paths[side]) {
      if (options.accept && !options.accept(path)) continue;
      for (const { glob, matches, literal } of matchers) {
        if (!matches(path)) continue;
        if (!literal && options.exclude?.(path)) {
          excludedCount++;
          continue;
        }
        chosen.add(path);
        hits.set(glob, (hits.get(glob) ?? 0) + 1);
      }
    }
    selected[side] = [...chosen].sort();
    emptyAt[side] = globs.filter((glob) => !hits.has(glob));
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
