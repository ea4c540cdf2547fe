import { isRelativeSpecifier, resolveImport, type ModuleLayout } from '../../syntax/modules.js';
import { compareText } from '../../core/compare-text.js';
import type { DerivedCache } from '../contract.js';

/**
 * Which in-repository files an env source may take env objects or constants from, without the
 * parser: a release that changed script files none of the sources import must not pay for loading
 * it (issue 21). What a file imports is read from its text and kept in the run's derived cache by
 * blob id, so the next run (or the next pair of a backfill) does not read the blob again; resolving
 * those specifiers against the tree is redone for every ref, since files appear and disappear.
 */

/** One ref's files, as the stage input sees them. */
export interface TreeView {
  blobOf(path: string): string | undefined;
  read(path: string): Promise<string | undefined>;
  /**
   * The ref's tsconfig aliases and workspace packages (src/stages/code-closure.ts moduleLayoutOf):
   * an env module imported as `@shared/env` or `@scope/pkg` is linked like a relative one. Without
   * it only relative imports are.
   */
  layout?: ModuleLayout;
}

/** Re-export chains longer than this are not followed (and cycles end here). */
export const REEXPORT_DEPTH = 5;
/** Bump when what {@link importSpecifiers} finds in a text changes. */
const SPECIFIERS_KIND = 'env-import-specifiers/2';

export function extensionOf(path: string): string {
  const match = /\.[cm]?[jt]sx?$/i.exec(path);
  return match ? match[0].toLowerCase() : '.ts';
}

/**
 * An import resolved as TypeScript does (src/syntax/modules.ts): relative ones always, aliases and
 * workspace packages with the ref's layout; an npm package is not ours.
 */
export function resolveSpecifier(importer: string, specifier: string, tree: Pick<TreeView, 'blobOf' | 'layout'>): string | undefined {
  if (!isRelativeSpecifier(specifier) && tree.layout === undefined) return undefined;
  return resolveImport(importer, specifier, (path) => tree.blobOf(path) !== undefined, tree.layout);
}

/**
 * Every specifier of an `import`/`export … from`/`require`/`import()` in `text` (relative, aliases, packages), found from
 * the text alone: over-inclusive by design (one in a comment or a string counts too) — a file listed
 * here that changed only makes the stage compare.
 */
export function importSpecifiers(text: string): string[] {
  return [...new Set([...text.matchAll(SPECIFIER)].map((match) => match[2]!))];
}

/** What the pattern below captures: a cached entry that is anything else is read again. */
const SPECIFIER_TEXT = /^[^'"\n\s/][^'"\n\s]*$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)(['"])([^'"\n\s]+)\1/g;

/**
 * The in-repository files the source at `path` may take env objects or constants from, through
 * re-export chains (see {@link importSpecifiers}).
 */
export async function dependenciesOf(path: string, tree: TreeView, cache?: DerivedCache): Promise<string[]> {
  const found = new Set<string>();
  const visit = async (from: string, depth: number): Promise<void> => {
    if (depth > REEXPORT_DEPTH) return;
    const specifiers = await specifiersOf(from, tree, cache);
    if (specifiers === undefined) return;
    for (const specifier of specifiers) {
      const target = resolveSpecifier(from, specifier, tree);
      if (target === undefined || found.has(target)) continue;
      found.add(target);
      await visit(target, depth + 1);
    }
  };
  await visit(path, 0);
  return [...found].sort(compareText);
}

/** The file's relative specifiers, from the cache when its blob was read before; undefined when it cannot be read. */
async function specifiersOf(path: string, tree: TreeView, cache: DerivedCache | undefined): Promise<string[] | undefined> {
  const blob = tree.blobOf(path);
  const key = blob === undefined ? undefined : JSON.stringify([SPECIFIERS_KIND, blob]);
  if (key !== undefined) {
    const cached = cache?.get(key);
    // Entries are untrusted: anything but a list of relative specifiers is read again.
    if (Array.isArray(cached) && cached.every((item) => typeof item === 'string' && SPECIFIER_TEXT.test(item))) return cached as string[];
  }
  const text = await tree.read(path);
  if (text === undefined) return undefined;
  const specifiers = importSpecifiers(text);
  if (key !== undefined) cache?.set(key, specifiers);
  return specifiers;
}
