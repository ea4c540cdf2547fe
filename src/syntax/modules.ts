import { posix } from 'node:path';

/**
 * Module resolution for every reader of code (env reads, routes, MCP tools, migrations as code):
 * which repository file an import specifier names, as TypeScript and Node would find it, over the
 * files of one ref (no file system, no node_modules). One extension list, one order, one place to
 * fix. Relative specifiers need nothing else; `tsconfig` `paths`/`baseUrl` aliases (`@/…`,
 * `@server/…`) and the workspace packages of a monorepo (`@scope/pkg`, `@scope/pkg/sub`) need the
 * ref's {@link ModuleLayout}, read once from its `tsconfig*.json` and `package.json` files.
 *
 * Pure: `exists` says whether a path is a file of the ref.
 */

/** Every extension TypeScript resolves a module to, in its order (TypeScript sources before JavaScript; declarations last). */
export const MODULE_EXTENSIONS: readonly string[] = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.jsx', '.mjs', '.cjs'];

/** A TypeScript or JavaScript source file, as the readers select files. */
export const CODE_FILE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/i;

/** `./x`, `../x`, `.`, `..`. */
export function isRelativeSpecifier(specifier: string): boolean {
  return specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../');
}

/** One `paths` entry of a tsconfig: `@/*` → `["./src/*"]`, already made relative to the repository root. */
export interface PathAlias {
  /** The folder of the tsconfig that declares it: it applies to files below that folder. */
  scope: string;
  /** The pattern before and after its one `*` (no `*`: an exact specifier, `suffix` undefined). */
  prefix: string;
  suffix: string | undefined;
  /** Repository paths with `*` where the matched text goes. */
  targets: string[];
}

/** A workspace package of the monorepo: its name and what its package.json says its entry points are. */
export interface WorkspacePackage {
  name: string;
  /** Its folder, relative to the repository root ('' for the root package). */
  dir: string;
  /** Subpath (`.`, `./server`, `./*`) → repository paths (with `*`), from `exports`, `types`, `main`, `module`, `source`. */
  entries: Map<string, string[]>;
}

export interface ModuleLayout {
  /** Longest scope first, then longest prefix: the nearest tsconfig's most specific pattern wins. */
  aliases: PathAlias[];
  /** `baseUrl` folders by tsconfig scope (a bare `lib/x` resolves under it), longest scope first. */
  baseUrls: Array<{ scope: string; dir: string }>;
  packages: Map<string, WorkspacePackage>;
}

export const EMPTY_LAYOUT: ModuleLayout = { aliases: [], baseUrls: [], packages: new Map() };

/** Where a specifier leads: a file of the ref, a package outside the repository, or nowhere we can read. */
export type Resolution = { kind: 'file'; path: string } | { kind: 'external'; packageName: string } | { kind: 'missing'; reason: string };

/**
 * The repository file `specifier` names when imported from `fromPath`, or undefined (an npm package,
 * a missing file). See {@link resolveImportDetailed} for why.
 */
export function resolveImport(fromPath: string, specifier: string, exists: (path: string) => boolean, layout: ModuleLayout = EMPTY_LAYOUT): string | undefined {
  const resolution = resolveImportDetailed(fromPath, specifier, exists, layout);
  return resolution.kind === 'file' ? resolution.path : undefined;
}

export function resolveImportDetailed(fromPath: string, specifier: string, exists: (path: string) => boolean, layout: ModuleLayout = EMPTY_LAYOUT): Resolution {
  const bases = moduleBases(fromPath, specifier, layout);
  if (bases === 'outside') return { kind: 'missing', reason: `import \`${specifier}\` leaves the repository` };
  for (const base of bases) {
    const found = fileCandidates(base).find((candidate) => CODE_FILE.test(candidate) && exists(candidate));
    if (found !== undefined) return { kind: 'file', path: found };
  }
  if (isRelativeSpecifier(specifier) || bases.length > 0)
    return { kind: 'missing', reason: `import \`${specifier}\` from ${fromPath} was not found in the repository at this ref` };
  return { kind: 'external', packageName: packageNameOf(specifier) };
}

/** Every path a specifier may name, in the order they are tried (for readers that load files one by one). */
export function importCandidates(fromPath: string, specifier: string, layout: ModuleLayout = EMPTY_LAYOUT): string[] {
  const bases = moduleBases(fromPath, specifier, layout);
  if (bases === 'outside') return [];
  return [...new Set(bases.flatMap(fileCandidates))].filter((candidate) => CODE_FILE.test(candidate));
}

/** A file imported as written, with no extension looked up (`./schema.json`, `@/styles/app.css`). */
export function resolveDataFile(
  fromPath: string,
  specifier: string,
  exists: (path: string) => boolean,
  layout: ModuleLayout = EMPTY_LAYOUT,
): string | undefined {
  const bases = moduleBases(fromPath, specifier, layout);
  return bases === 'outside' ? undefined : bases.find((base) => base !== '' && exists(base));
}

/** `@scope/pkg/sub` → `@scope/pkg`; `lodash/fp` → `lodash`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The paths (without extension lookup) a specifier may stand for, or 'outside' for a relative one that climbs above the root. */
function moduleBases(fromPath: string, specifier: string, layout: ModuleLayout): string[] | 'outside' {
  if (isRelativeSpecifier(specifier)) {
    const base = posix.normalize(posix.join(posix.dirname(fromPath), specifier));
    if (base === '..' || base.startsWith('../') || posix.isAbsolute(base)) return 'outside';
    return [base === '.' ? '' : base];
  }
  if (specifier.startsWith('/') || /^[a-z]+:/i.test(specifier)) return [];
  const bases: string[] = [];
  for (const alias of layout.aliases) {
    if (!within(fromPath, alias.scope)) continue;
    const matched = matchAlias(alias, specifier);
    if (matched !== undefined) bases.push(...alias.targets.map((target) => target.replace('*', matched)));
  }
  const workspace = workspaceBases(specifier, layout.packages);
  bases.push(...workspace);
  // `baseUrl` lets `lib/x` name `<baseUrl>/lib/x`; tried after the packages, as a bare name is most often one.
  for (const { scope, dir } of layout.baseUrls) if (within(fromPath, scope)) bases.push(posix.join(dir, specifier));
  return bases.map((base) => posix.normalize(base)).filter((base) => base !== '..' && !base.startsWith('../'));
}

function within(path: string, scope: string): boolean {
  return scope === '' || path.startsWith(`${scope}/`);
}

/** The text `*` stands for, '' for an exact match, undefined when the pattern does not match. */
function matchAlias(alias: PathAlias, specifier: string): string | undefined {
  if (alias.suffix === undefined) return specifier === alias.prefix ? '' : undefined;
  if (specifier.length < alias.prefix.length + alias.suffix.length) return undefined;
  if (!specifier.startsWith(alias.prefix) || !specifier.endsWith(alias.suffix)) return undefined;
  return specifier.slice(alias.prefix.length, specifier.length - alias.suffix.length);
}

function workspaceBases(specifier: string, packages: ReadonlyMap<string, WorkspacePackage>): string[] {
  const name = packageNameOf(specifier);
  const found = packages.get(name);
  if (!found) return [];
  const subpath = `.${specifier.slice(name.length)}`;
  const bases: string[] = [];
  for (const [pattern, targets] of found.entries) {
    const star = pattern.indexOf('*');
    if (star < 0) {
      if (pattern === subpath) bases.push(...targets);
    } else if (subpath.startsWith(pattern.slice(0, star)) && subpath.endsWith(pattern.slice(star + 1)) && subpath.length >= pattern.length - 1) {
      const matched = subpath.slice(star, subpath.length - (pattern.length - star - 1));
      bases.push(...targets.map((target) => target.replaceAll('*', matched)));
    }
  }
  // Entry points that name build output (`dist/index.js`) are not in the repository: the sources are, by convention under `src/`.
  const tail = subpath === '.' ? '' : subpath.slice(2);
  bases.push(...bases.filter((base) => /(^|\/)(dist|build|lib|out)\//.test(base)).map((base) => base.replace(/(^|\/)(dist|build|lib|out)\//, '$1src/')));
  bases.push(posix.join(found.dir, 'src', tail), posix.join(found.dir, tail));
  return bases;
}

/** The files a module base may be, in TypeScript's order: as written, `.js` written for `.ts`, each extension, then `index` files. */
function fileCandidates(base: string): string[] {
  const candidates = [base];
  const stem = /\.[cm]?jsx?$/i.test(base) ? base.replace(/\.([cm]?)js(x?)$/i, '') : undefined;
  if (stem !== undefined) candidates.push(...MODULE_EXTENSIONS.map((extension) => stem + extension));
  const dropped = base.replace(/\.d\.[cm]?ts$|\.[cm]?[jt]sx?$/i, '');
  if (dropped === base) candidates.push(...MODULE_EXTENSIONS.map((extension) => base + extension));
  candidates.push(...MODULE_EXTENSIONS.map((extension) => (base === '' ? `index${extension}` : `${base}/index${extension}`)));
  return candidates;
}

/**
 * The module layout of one ref: the `paths`/`baseUrl` of every `tsconfig*.json` (following
 * `extends` to files of the repository) and every workspace package (`package.json` with a
 * `name`). Files under `node_modules` are not the repository's. Unreadable JSON is skipped: an alias
 * it would declare simply does not resolve, and what does not resolve is never read as "no change".
 */
export async function loadModuleLayout(paths: Iterable<string>, read: (path: string) => Promise<string | undefined>): Promise<ModuleLayout> {
  const all = [...paths].filter((path) => !path.split('/').includes('node_modules'));
  const configs = all.filter((path) => /(^|\/)tsconfig\.json$/.test(path)).sort();
  const manifests = all.filter((path) => /(^|\/)package\.json$/.test(path)).sort();
  const existing = new Set(all);
  const jsonCache = new Map<string, Promise<Record<string, unknown> | undefined>>();
  const readJson = (path: string) => {
    let cached = jsonCache.get(path);
    if (!cached) jsonCache.set(path, (cached = read(path).then((text) => (text === undefined ? undefined : parseJsonc(text)))));
    return cached;
  };
  const layout: ModuleLayout = { aliases: [], baseUrls: [], packages: new Map() };
  for (const config of configs) {
    const options = await compilerOptions(config, readJson, existing, 0);
    const scope = posix.dirname(config) === '.' ? '' : posix.dirname(config);
    if (options.baseUrl !== undefined) layout.baseUrls.push({ scope, dir: options.baseUrl });
    for (const [pattern, allTargets] of options.paths) {
      // A target in node_modules (outline points `vite` at its declarations there) is a package, not the repository's.
      const targets = allTargets.filter((target) => !target.split('/').includes('node_modules'));
      if (targets.length === 0) continue;
      const star = pattern.indexOf('*');
      layout.aliases.push({ scope, prefix: star < 0 ? pattern : pattern.slice(0, star), suffix: star < 0 ? undefined : pattern.slice(star + 1), targets });
    }
  }
  layout.aliases.sort((a, b) => b.scope.length - a.scope.length || b.prefix.length - a.prefix.length);
  layout.baseUrls.sort((a, b) => b.scope.length - a.scope.length);
  for (const manifest of manifests) {
    const json = await readJson(manifest);
    if (typeof json?.name !== 'string' || layout.packages.has(json.name)) continue;
    const dir = posix.dirname(manifest) === '.' ? '' : posix.dirname(manifest);
    layout.packages.set(json.name, { name: json.name, dir, entries: packageEntries(json, dir) });
  }
  return layout;
}

interface Options {
  baseUrl: string | undefined;
  /** Pattern → repository paths; a later (extending) config replaces the whole map, as TypeScript does. */
  paths: Map<string, string[]>;
}

async function compilerOptions(
  config: string,
  readJson: (path: string) => Promise<Record<string, unknown> | undefined>,
  existing: ReadonlySet<string>,
  depth: number,
): Promise<Options> {
  const json = await readJson(config);
  const dir = posix.dirname(config);
  let inherited: Options = { baseUrl: undefined, paths: new Map() };
  const parents =
    typeof json?.extends === 'string'
      ? [json.extends]
      : Array.isArray(json?.extends)
        ? json.extends.filter((item): item is string => typeof item === 'string')
        : [];
  for (const parent of parents) {
    if (depth >= 5 || !isRelativeSpecifier(parent)) continue;
    const joined = posix.normalize(posix.join(dir, parent));
    const target = [joined, `${joined}.json`].find((candidate) => existing.has(candidate));
    if (target) {
      const options = await compilerOptions(target, readJson, existing, depth + 1);
      inherited = { baseUrl: options.baseUrl ?? inherited.baseUrl, paths: options.paths.size > 0 ? options.paths : inherited.paths };
    }
  }
  const own = (json?.compilerOptions ?? {}) as { baseUrl?: unknown; paths?: unknown };
  const baseUrl = typeof own.baseUrl === 'string' ? posix.normalize(posix.join(dir, own.baseUrl)) : inherited.baseUrl;
  let paths = inherited.paths;
  if (own.paths !== null && typeof own.paths === 'object') {
    // `paths` are relative to `baseUrl` when there is one, else to the config that declares them.
    const root = baseUrl ?? dir;
    paths = new Map();
    for (const [pattern, targets] of Object.entries(own.paths as Record<string, unknown>)) {
      if (!Array.isArray(targets)) continue;
      paths.set(
        pattern,
        targets.filter((target): target is string => typeof target === 'string').map((target) => relativeToRoot(posix.join(root, target))),
      );
    }
  }
  return { baseUrl: baseUrl === undefined ? undefined : relativeToRoot(baseUrl), paths };
}

function relativeToRoot(path: string): string {
  const normal = posix.normalize(path);
  return normal === '.' ? '' : normal.replace(/^\.\//, '');
}

function packageEntries(json: Record<string, unknown>, dir: string): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  const add = (subpath: string, target: unknown) => {
    for (const path of exportTargets(target)) {
      const list = entries.get(subpath) ?? [];
      list.push(relativeToRoot(posix.join(dir, path)));
      entries.set(subpath, list);
    }
  };
  const exports = json.exports;
  if (typeof exports === 'string' || Array.isArray(exports)) add('.', exports);
  else if (exports !== null && typeof exports === 'object') {
    const keys = Object.keys(exports);
    if (keys.every((key) => key.startsWith('.'))) for (const key of keys) add(key, (exports as Record<string, unknown>)[key]);
    else add('.', exports);
  }
  for (const field of ['source', 'types', 'typings', 'module', 'main']) if (typeof json[field] === 'string') add('.', json[field]);
  return entries;
}

/** The paths of an `exports` value, conditions in their written order (`types`, `import`, `default`…). */
function exportTargets(target: unknown): string[] {
  if (typeof target === 'string') return [target];
  if (Array.isArray(target)) return target.flatMap(exportTargets);
  if (target !== null && typeof target === 'object') return Object.values(target).flatMap(exportTargets);
  return [];
}

/** JSON with comments and trailing commas (tsconfig's dialect); undefined when it still does not parse. */
export function parseJsonc(text: string): Record<string, unknown> | undefined {
  let out = '';
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (inString) {
      out += char;
      if (char === '\\') out += text[++index] ?? '';
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
      out += char;
    } else if (char === '/' && text[index + 1] === '/') {
      while (index < text.length && text[index] !== '\n') index++;
      out += '\n';
    } else if (char === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2);
      index = end < 0 ? text.length : end + 1;
    } else out += char;
  }
  try {
    const value = JSON.parse(out.replace(/,(\s*[}\]])/g, '$1')) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
