import { compareText } from '../../core/compare-text.js';
import { extensionOf, REEXPORT_DEPTH, resolveSpecifier, type TreeView } from './import-list.js';
import {
  factsOf,
  NO_LINKS,
  parseSource,
  readsOf,
  type ExportFact,
  type Extraction,
  type ImportFact,
  type LinkedImports,
  type ModuleFacts,
  type UnresolvedRead,
} from './extract-reads.js';

type ParsedSource = Extract<ReturnType<typeof parseSource>, { ok: true }>['sourceFile'];

/**
 * Env reads across files: a source's imports are resolved inside the repository at the same ref, so
 * `environment.SMTP_HOST` reads a variable when `environment` is imported from a module that
 * exports `process.env` (itself, a spread of it, a Proxy over it), and `process.env.PORT ||
 * DEFAULT_PORT` has a default when `DEFAULT_PORT` is a literal exported by another file.
 * Results are cached by blob id: a backfill over many releases parses each version of a file once.
 */

export type { TreeView } from './import-list.js';

export interface ExtractConfig {
  helpers: readonly string[];
  objects: readonly string[];
}

type FactsEntry = { ok: true; facts: ModuleFacts } | { ok: false; line: number; message: string };

const CACHE_LIMIT = 50_000;
const factsCache = new Map<string, FactsEntry>();
const extractionCache = new Map<string, Extraction>();

/** Test hook: how many distinct (blob, options, imports) extractions were made. */
export function extractionCacheSize(): number {
  return extractionCache.size;
}

function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/** The env reads of the source at `path`, with its imports resolved in `tree`. */
export async function analyseSource(path: string, tree: TreeView, config: ExtractConfig): Promise<Extraction> {
  const blob = tree.blobOf(path);
  if (blob === undefined) throw new Error(`${path}: selected but has no blob id`);
  const baseKey = [blob, extensionOf(path), config.helpers.join(','), config.objects.join(',')].join('\0');
  let facts = factsCache.get(baseKey);
  let parsedHere: ParsedSource | undefined;
  if (!facts) {
    const text = await readOrThrow(tree, path);
    const parsed = parseSource(text, path);
    if (!parsed.ok) {
      remember(factsCache, baseKey, parsed);
      return parsed;
    }
    parsedHere = parsed.sourceFile;
    facts = remember(factsCache, baseKey, { ok: true, facts: factsOf(parsed.sourceFile, config) });
  }
  if (!facts.ok) return { ok: false, line: facts.line, message: facts.message };

  const { linked, unresolved, decoratorModules } = await linkImports(path, facts.facts.imports, tree, config);
  const key = `${baseKey}\0${linkKey(linked)}`;
  let extraction = extractionCache.get(key);
  if (!extraction) {
    let sourceFile = parsedHere;
    if (!sourceFile) {
      const parsed = parseSource(await readOrThrow(tree, path), path);
      if (!parsed.ok) return parsed;
      sourceFile = parsed.sourceFile;
    }
    extraction = remember(extractionCache, key, readsOf(sourceFile, { ...config, linked }));
  }
  if (!extraction.ok || (unresolved.length === 0 && decoratorModules.length === 0)) return extraction;
  return { ...extraction, unresolved: [...extraction.unresolved, ...unresolved], ...(decoratorModules.length > 0 ? { decoratorModules } : {}) };
}

async function readOrThrow(tree: TreeView, path: string): Promise<string> {
  const text = await tree.read(path);
  if (text === undefined) throw new Error(`${path}: listed in the tree but could not be read`);
  return text;
}

function linkKey(linked: LinkedImports): string {
  const decorators = [...(linked.keyDecorators ?? [])].sort(([a], [b]) => compareText(a, b));
  const sources = linked.envSources ?? [];
  if (linked.envObjects.size === 0 && linked.constants.size === 0 && decorators.length === 0 && sources.length === 0) return '';
  return JSON.stringify([
    [...linked.envObjects].sort(([a], [b]) => compareText(a, b)),
    [...linked.constants].sort(([a], [b]) => compareText(a, b)),
    ...(decorators.length > 0 || sources.length > 0 ? [decorators] : []),
    ...(sources.length > 0 ? [sources] : []),
  ]);
}

/** What each value import of a file is: env objects and constants found in the imported files. */
async function linkImports(
  path: string,
  imports: readonly ImportFact[],
  tree: TreeView,
  config: ExtractConfig,
): Promise<{ linked: LinkedImports; unresolved: UnresolvedRead[]; decoratorModules: string[] }> {
  if (imports.length === 0) return { linked: NO_LINKS, unresolved: [], decoratorModules: [] };
  const decoratorModules = new Set<string>();
  const envObjects = new Map<string, readonly string[]>();
  const constants = new Map<string, string | null>();
  const keyDecorators = new Map<string, boolean>();
  const envSources = new Set<string>();
  const unresolved: UnresolvedRead[] = [];
  const apply = (local: string, found: { fact: ExportFact; path: string } | undefined) => {
    const fact = found?.fact;
    if (fact?.kind === 'env') envObjects.set(local, fact.ownKeys);
    else if (fact?.kind === 'envSource') envSources.add(local);
    else if (fact?.kind === 'keyDecorator') {
      keyDecorators.set(local, fact.factory);
      decoratorModules.add(found!.path);
    } else if (fact?.kind === 'constant') constants.set(local, fact.value);
    else if (fact?.kind === 'object') for (const [key, value] of Object.entries(fact.values)) constants.set(`${local}.${key}`, value);
  };
  for (const entry of imports) {
    const target = resolveSpecifier(path, entry.specifier, tree);
    if (target === undefined) continue;
    const facts = await moduleFacts(target, tree, config);
    if (!facts.ok) {
      // A module we cannot parse may be the env wrapper its importer reads through.
      if (/process\s*\.\s*env/.test((await tree.read(target)) ?? '')) {
        unresolved.push({
          line: 0,
          reason: `imports ${entry.specifier}, which reads process.env but does not parse (${target}:${facts.line}: ${facts.message})`,
        });
      }
      continue;
    }
    if (entry.imported === '*') {
      for (const name of await exportedNames(target, tree, config, 0)) apply(`${entry.local}.${name}`, await followExport(target, name, tree, config, 0));
    } else {
      apply(entry.local, await followExport(target, entry.imported, tree, config, 0));
    }
  }
  return {
    linked: {
      envObjects,
      constants,
      ...(keyDecorators.size > 0 ? { keyDecorators } : {}),
      ...(envSources.size > 0 ? { envSources: [...envSources].sort(compareText) } : {}),
    },
    unresolved,
    decoratorModules: [...decoratorModules].sort(compareText),
  };
}

async function moduleFacts(path: string, tree: TreeView, config: ExtractConfig): Promise<FactsEntry> {
  const blob = tree.blobOf(path)!;
  const key = [blob, extensionOf(path), config.helpers.join(','), config.objects.join(',')].join('\0');
  const cached = factsCache.get(key);
  if (cached) return cached;
  const parsed = parseSource(await readOrThrow(tree, path), path);
  return remember(factsCache, key, parsed.ok ? { ok: true, facts: factsOf(parsed.sourceFile, config) } : parsed);
}

/** The names a namespace import of `path` holds: its own exports and, through `export * from`, those of the modules it re-exports. */
async function exportedNames(path: string, tree: TreeView, config: ExtractConfig, depth: number): Promise<string[]> {
  const facts = await moduleFacts(path, tree, config);
  if (!facts.ok) return [];
  const names = new Set(facts.facts.exports.keys());
  if (depth < REEXPORT_DEPTH)
    for (const specifier of facts.facts.starExports ?? []) {
      const target = resolveSpecifier(path, specifier, tree);
      if (target !== undefined) for (const name of await exportedNames(target, tree, config, depth + 1)) if (name !== 'default') names.add(name);
    }
  return [...names].sort(compareText);
}

/** The export `name` of the module at `path`, through `export { x } from './y'` chains, with the module that defines it. */
async function followExport(
  path: string,
  name: string,
  tree: TreeView,
  config: ExtractConfig,
  depth: number,
): Promise<{ fact: ExportFact; path: string } | undefined> {
  const facts = await moduleFacts(path, tree, config);
  if (!facts.ok) return undefined;
  const fact = facts.facts.exports.get(name);
  if (fact === undefined) {
    // `export * from './env'` (a package index): the name may be one of those modules' (never `default`).
    if (name === 'default' || depth >= REEXPORT_DEPTH) return undefined;
    for (const specifier of facts.facts.starExports ?? []) {
      const target = resolveSpecifier(path, specifier, tree);
      const found = target === undefined ? undefined : await followExport(target, name, tree, config, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (fact.kind !== 'reexport') return { fact, path };
  if (depth >= REEXPORT_DEPTH) return undefined;
  const target = resolveSpecifier(path, fact.specifier, tree);
  return target === undefined ? undefined : followExport(target, fact.imported, tree, config, depth + 1);
}
