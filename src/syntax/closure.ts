import { CODE_FILE, EMPTY_LAYOUT, resolveDataFile, resolveImportDetailed, type ModuleLayout } from './modules.js';

/**
 * The dependency closure of a read: the set of blobs a piece of code was read from — the file, every
 * repository module it imports (relative, aliased or a workspace package, followed transitively),
 * and the packages outside the repository it names (by name and the version range its nearest
 * package.json declares). Two closures with the same entries were read from the same bytes, so
 * whatever a reader makes of them is the same at both refs: caches key on it, and a construct
 * the reader cannot evaluate is "no change" when its closure is identical at both refs.
 *
 * Found from the text alone (no parser): every specifier of `import`/`export … from`/`require()`/
 * `import()` — over-inclusive by design (one in a comment counts too), never missing one written as
 * a string literal. A specifier that is not a literal (`require(name)`) cannot be bounded: the
 * closure says so in `unbounded`, and a caller must not treat it as identical.
 */

/** One ref's files, as a stage sees them. */
export interface TreeFiles {
  blobOf(path: string): string | undefined;
  read(path: string): Promise<string | undefined>;
}

export interface DependencyClosure {
  /** Repository path → blob id, the roots included. */
  files: Map<string, string>;
  /** Package name → the version range the importing package declares (`?` when it declares none). */
  packages: Map<string, string>;
  /** Why the closure may be incomplete (an import that is not a string literal, a missing module, the size cap). */
  unbounded: string[];
}

/** Files beyond this are not followed, and the closure is unbounded. */
export const MAX_CLOSURE_FILES = 2000;

/** Every module specifier written as a literal; and whether some import or require is computed. */
export function specifiersIn(text: string): { specifiers: string[]; computed: boolean } {
  const specifiers = new Set<string>();
  for (const match of text.matchAll(SPECIFIER)) specifiers.add(match[2]!);
  return { specifiers: [...specifiers], computed: COMPUTED_IMPORT.test(text) };
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)(['"`])([^'"`\n$]+)\1/g;
const COMPUTED_IMPORT = /\b(?:require|import)\s*\(\s*(?!['"`]|\))[^)]/;

const specifierCache = new Map<string, { specifiers: string[]; computed: boolean }>();

async function specifiersOf(path: string, blob: string, tree: TreeFiles): Promise<{ specifiers: string[]; computed: boolean } | undefined> {
  let found = specifierCache.get(blob);
  if (!found) {
    const text = await tree.read(path);
    if (text === undefined) return undefined;
    found = specifiersIn(text);
    if (specifierCache.size >= 50_000) specifierCache.clear();
    specifierCache.set(blob, found);
  }
  return found;
}

/** What one file imports: the repository files (data files as leaves), the packages outside it, and why some import cannot be bounded. */
export interface FileImports {
  files: string[];
  packages: string[];
  unbounded: string[];
}

/** The imports of the code file `path` (blob `blob`) of one ref; undefined when it cannot be read. */
export async function importsOf(path: string, blob: string, tree: TreeFiles, layout: ModuleLayout = EMPTY_LAYOUT): Promise<FileImports | undefined> {
  const found = await specifiersOf(path, blob, tree);
  if (found === undefined) return undefined;
  const imports: FileImports = { files: [], packages: [], unbounded: [] };
  if (found.computed) imports.unbounded.push(`${path} imports a module whose name is computed`);
  const exists = (candidate: string) => tree.blobOf(candidate) !== undefined;
  for (const specifier of found.specifiers) {
    const resolution = resolveImportDetailed(path, specifier, exists, layout);
    if (resolution.kind === 'file') imports.files.push(resolution.path);
    else if (resolution.kind === 'external') imports.packages.push(resolution.packageName);
    else {
      // A data file (`./schema.json`, `@/styles/app.css`) is a leaf of the repository whose blob counts.
      const leaf = resolveDataFile(path, specifier, exists, layout);
      if (leaf !== undefined) imports.files.push(leaf);
      else imports.unbounded.push(resolution.reason);
    }
  }
  return imports;
}

/**
 * The closure of `roots` in one ref. `declaredVersion` gives the range the nearest package.json of a
 * file declares for a package (left out: every package is recorded as `?`).
 */
export async function dependencyClosure(
  roots: readonly string[],
  tree: TreeFiles,
  layout: ModuleLayout = EMPTY_LAYOUT,
  declaredVersion?: (fromPath: string, packageName: string) => Promise<string | undefined>,
  maxFiles = MAX_CLOSURE_FILES,
): Promise<DependencyClosure> {
  const closure: DependencyClosure = { files: new Map(), packages: new Map(), unbounded: [] };
  const queue = [...roots];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (closure.files.has(path)) continue;
    if (closure.files.size >= maxFiles) {
      closure.unbounded.push(`more than ${maxFiles} files imported`);
      break;
    }
    const blob = tree.blobOf(path);
    // Only code is followed: a JSON, CSS or video import is a leaf whose blob id counts, never read
    // (nothing to follow in it; a partial or mirrored clone may lack a large one's object).
    if (blob !== undefined && !CODE_FILE.test(path)) {
      closure.files.set(path, blob);
      continue;
    }
    const imports = blob === undefined ? undefined : await importsOf(path, blob, tree, layout);
    if (blob === undefined || imports === undefined) {
      closure.unbounded.push(`${path} cannot be read`);
      continue;
    }
    closure.files.set(path, blob);
    closure.unbounded.push(...imports.unbounded);
    for (const file of imports.files) if (!closure.files.has(file)) queue.push(file);
    for (const packageName of imports.packages)
      if (!closure.packages.has(packageName)) closure.packages.set(packageName, (await declaredVersion?.(path, packageName)) ?? '?');
  }
  return closure;
}

/** Whether two closures were read from the same bytes (and both are bounded). */
export function sameClosure(a: DependencyClosure, b: DependencyClosure): boolean {
  if (a.unbounded.length > 0 || b.unbounded.length > 0) return false;
  if (a.files.size !== b.files.size || a.packages.size !== b.packages.size) return false;
  for (const [path, blob] of a.files) if (b.files.get(path) !== blob) return false;
  for (const [name, version] of a.packages) if (b.packages.get(name) !== version) return false;
  return true;
}

/** A stable text of the closure, for cache keys. */
export function closureKey(closure: DependencyClosure): string {
  const files = [...closure.files].map(([path, blob]) => `${path}\0${blob}`).sort();
  const packages = [...closure.packages].map(([name, version]) => `${name}@${version}`).sort();
  return `${files.join('\n')}\n--\n${packages.join('\n')}`;
}

/**
 * The version range the nearest package.json above `fromPath` declares for `packageName`
 * (dependencies, devDependencies, peerDependencies, optionalDependencies), read through `readJson`.
 */
export function declaredVersionsFrom(tree: TreeFiles, readJson: (path: string) => Promise<Record<string, unknown> | undefined>) {
  return async (fromPath: string, packageName: string): Promise<string | undefined> => {
    const parts = fromPath.split('/');
    parts.pop();
    for (;;) {
      const manifest = parts.length === 0 ? 'package.json' : `${parts.join('/')}/package.json`;
      if (tree.blobOf(manifest) !== undefined) {
        const json = await readJson(manifest);
        for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
          const version = (json?.[field] as Record<string, unknown> | undefined)?.[packageName];
          if (typeof version === 'string') return version;
        }
      }
      if (parts.length === 0) return undefined;
      parts.pop();
    }
  };
}
