import type { Side, StageInput } from './contract.js';
import { dependencyClosure, sameClosure as sameDependencyClosure, type DependencyClosure } from '../syntax/closure.js';
import { CODE_FILE, loadModuleLayout, type ModuleLayout } from '../syntax/modules.js';

/**
 * The code a surface read from source files depends on at one ref (the MCP tools, the tRPC
 * procedures): the configured sources and every repository module they import — relative, through a
 * tsconfig alias or a workspace package (src/syntax/closure.ts) — with the texts of its code files
 * and the ref's module layout, so the evaluator resolves imports the way the closure followed them.
 * When the closures of both refs hold the same blobs, nothing the surface reads changed.
 */
export interface CodeClosure {
  sources: string[];
  /** Blob id of every file of the closure (data files such as imported JSON included), by path. */
  blobs: Map<string, string>;
  /** Texts of its code files, by path. */
  texts: Map<string, string>;
  /** The ref's tsconfig aliases and workspace packages (src/syntax/modules.ts). */
  layout: ModuleLayout;
  /** The packages outside the repository it imports. */
  packages: DependencyClosure['packages'];
}

const SIDE_LABEL: Record<Side, string> = { base: 'base (from) ref', head: 'head (to) ref' };

/** One layout per tree: the MCP and tRPC surfaces (and a backfill's pairs) read the same refs. */
const layouts = new WeakMap<ReadonlyMap<string, string>, Promise<ModuleLayout>>();

export function moduleLayoutOf(input: StageInput, side: Side): Promise<ModuleLayout> {
  const tree = input.trees[side];
  let layout = layouts.get(tree);
  if (!layout) layouts.set(tree, (layout = loadModuleLayout(tree.keys(), (path) => input.read(side, path))));
  return layout;
}

/**
 * The closure of `sources` at `side`. What keeps it from being read whole is added to `reasons`
 * (`surface` names the surface: "the MCP sources"): more than `maxFiles` files, a file that cannot
 * be read. An import that leads nowhere is not a reason here: the evaluator names it when a value
 * depends on it.
 */
export async function readCodeClosure(
  input: StageInput,
  side: Side,
  sources: readonly string[],
  surface: string,
  maxFiles: number,
  reasons: string[],
): Promise<CodeClosure> {
  const tree = input.trees[side];
  const layout = await moduleLayoutOf(input, side);
  const found = await dependencyClosure(sources, { blobOf: (path) => tree.get(path), read: (path) => input.read(side, path) }, layout, undefined, maxFiles);
  const closure: CodeClosure = { sources: [...sources], blobs: found.files, texts: new Map(), layout, packages: found.packages };
  if (found.files.size >= maxFiles && found.unbounded.some((reason) => reason.startsWith('more than'))) {
    reasons.push(`${surface} import more than ${maxFiles} files at the ${SIDE_LABEL[side]}`);
    return closure;
  }
  for (const path of [...sources, ...found.files.keys()]) {
    if (closure.texts.has(path) || !CODE_FILE.test(path)) continue;
    const text = tree.has(path) ? await input.read(side, path) : undefined;
    if (text === undefined) {
      reasons.push(`${path} is listed at the ${SIDE_LABEL[side]} but could not be read`);
      continue;
    }
    closure.texts.set(path, text);
  }
  return closure;
}

/** Whether both refs' closures were read from the same bytes with the same sources. */
export function sameCodeClosure(base: CodeClosure, head: CodeClosure): boolean {
  if (base.sources.join('\0') !== head.sources.join('\0')) return false;
  return (
    sameDependencyClosure({ files: base.blobs, packages: base.packages, unbounded: [] }, { files: head.blobs, packages: head.packages, unbounded: [] }) &&
    moduleLayoutKey(base.layout) === moduleLayoutKey(head.layout)
  );
}

const layoutKeys = new WeakMap<ModuleLayout, string>();

/** A stable text of a layout: the same blobs resolve the same way only under the same aliases and packages. */
export function moduleLayoutKey(layout: ModuleLayout): string {
  let key = layoutKeys.get(layout);
  if (key === undefined) {
    key = JSON.stringify([layout.aliases, layout.baseUrls, [...layout.packages.values()].map((entry) => [entry.name, entry.dir, [...entry.entries]])]);
    layoutKeys.set(layout, key);
  }
  return key;
}

/** The key of what an extraction of `closure` reads: its sources, its blobs and the layout that resolves its imports. */
export function codeClosureKey(closure: CodeClosure): string {
  return `${closure.sources.join('\0')}\n${[...closure.blobs]
    .map(([path, blob]) => `${path}\0${blob}`)
    .sort()
    .join('\n')}\n${moduleLayoutKey(closure.layout)}`;
}
