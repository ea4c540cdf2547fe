import { posix } from 'node:path';
import picomatch from 'picomatch';
import { selectByGlobs } from '../source-globs.js';
import type { EnvSurfaceConfig } from '../../config/types.js';
import type { Side, StageInput } from '../contract.js';
import { parseEnvFile, type EnvFileEntry } from './env-files.js';
import type { EnvRead, Extraction } from './extract-reads.js';
import type { TreeView } from './import-list.js';
import type { ExtractConfig } from './module-links.js';
import { compareText } from '../../core/compare-text.js';
import { applyNextMapping, NEXT_CONFIG, nextConfigOf, type NextEnvMapping } from './next-config-paths.js';
import { moduleLayoutOf } from '../code-closure.js';

/**
 * The environment-variable surface of one ref: every variable read by the configured sources or
 * listed in the configured `.env` example files, with where and with which default.
 */

export interface LocatedRead extends EnvRead {
  file: string;
}

export interface LocatedListing extends EnvFileEntry {
  file: string;
  /** An example file (`.env.example`, `.env.sample`, …): documents the name, never a default. */
  example: boolean;
}

export interface EnvVariable {
  name: string;
  /** Code reads, sorted by file then line. */
  reads: LocatedRead[];
  /** Example-file listings, in the configured order of the env files. */
  listings: LocatedListing[];
}

export type EnvSurface = ReadonlyMap<string, EnvVariable>;

export type SurfacePair =
  | { kind: 'unchanged'; fileCount: number; notes?: string[] }
  | { kind: 'compared'; base: EnvSurface; head: EnvSurface; fileCount: number; unresolved: string[]; unchangedConstructs: string[]; notes?: string[] }
  | { kind: 'unreadable'; reasons: string[]; notes?: string[] };

/** Extracts one source file of a ref (imports resolved in that ref); injected so the heavy parser loads only when needed. */
export type SourceExtractor = (path: string, tree: TreeView, config: ExtractConfig) => Promise<Extraction>;

/** The in-repository files a source takes env objects or constants from; injected like {@link SourceExtractor}. */
export type DependencyFinder = (path: string, tree: TreeView) => Promise<string[]>;

/**
 * Files that are clearly not the server, left out of `env.sources` globs by default: build and
 * test tool configs, tests, stories, preview/dev servers and declaration files. A source given as a literal path
 * (no glob characters) is always read.
 */
export const DEFAULT_EXCLUDES: readonly string[] = [
  '**/{vite,vitest,webpack,rollup,jest,babel,postcss,tailwind,playwright,cypress,eslint,prettier,tsup,esbuild,astro,svelte,nuxt,next,storybook,karma,wdio}.config.{ts,mts,cts,js,mjs,cjs}',
  '**/*.{test,spec,e2e,stories,story}.{ts,tsx,mts,cts,js,jsx,mjs,cjs}',
  '**/{__tests__,__mocks__,__fixtures__,.storybook}/**',
  '**/{dev-server,devServer,preview-server,previewServer}.{ts,mts,cts,js,mjs,cjs}',
  // Declaration files are types only: nothing in them runs, so nothing in them reads the environment
  // (and Babel refuses some that TypeScript accepts, such as hoppscotch's `export declare global {…}`).
  '**/*.d.{ts,mts,cts}',
];

/** `.env.example`, `.env.sample`, `example.env`, `.env.template`: documentation of names, not defaults. */
export function isExampleFile(path: string): boolean {
  return /(^|[._-])(example|sample|template|dist)([._-]|$)/i.test(posix.basename(path));
}

const SIDE_LABEL: Record<Side, string> = { base: 'base (from)', head: 'head (to)' };

/**
 * Selects the configured files at both refs and, unless every one of them is byte-identical,
 * extracts both surfaces. A glob that selects nothing at a ref, an env file that is missing,
 * or a file that does not parse makes the pair unreadable: the stage must fail closed.
 */
export async function collectSurfaces(
  input: StageInput,
  config: EnvSurfaceConfig,
  extract: SourceExtractor,
  dependencies: DependencyFinder,
): Promise<SurfacePair> {
  const configProblem = validateConfig(config);
  if (configProblem) return { kind: 'unreadable', reasons: [configProblem] };
  const extractConfig: ExtractConfig = { helpers: [...(config.helpers ?? [])].sort(compareText), objects: [...(config.objects ?? [])].sort(compareText) };
  const envFilePatterns = config.envFiles ?? [];
  const excluded = picomatch([...DEFAULT_EXCLUDES, ...(config.exclude ?? [])], { dot: true });

  const reasons: string[] = [];
  // A glob that selects nothing at one ref is a note; the sources selecting nothing at a ref is the failure (source-globs.ts).
  const paths = { base: input.trees.base.keys(), head: input.trees.head.keys() };
  // Kept per tree listing and derived from the base tree's by the release's added and deleted paths.
  const incremental = (key: unknown[]) => ({ trees: input.trees, changes: input.changes, key: JSON.stringify(key) });
  const sourceSelection = selectByGlobs(paths, config.sources, {
    what: 'env source glob',
    exclude: excluded,
    incremental: incremental(['env sources', config.sources, DEFAULT_EXCLUDES, config.exclude ?? []]),
  });
  const envFileSelection = selectByGlobs({ base: input.trees.base.keys(), head: input.trees.head.keys() }, envFilePatterns, {
    what: 'env file',
    mayBeEmpty: true,
    incremental: incremental(['env files', envFilePatterns]),
  });
  const notes = [...sourceSelection.notes, ...envFileSelection.notes];
  if (sourceSelection.failure) return { kind: 'unreadable', reasons: [sourceSelection.failure], notes };
  const selected = {
    base: { sources: sourceSelection.selected.base, envFiles: envFileSelection.selected.base },
    head: { sources: sourceSelection.selected.head, envFiles: envFileSelection.selected.head },
  };

  // A next.config's `env:` entries decide which variable a mapped key in the app reads: it is compared too.
  const nextConfigs = { base: nextConfigPaths(input, 'base'), head: nextConfigPaths(input, 'head') };
  const allBase = [...new Set([...selected.base.sources, ...selected.base.envFiles, ...nextConfigs.base])];
  const allHead = [...new Set([...selected.head.sources, ...selected.head.envFiles, ...nextConfigs.head])];
  const fileCount = new Set([...selected.base.sources, ...selected.base.envFiles, ...selected.head.sources, ...selected.head.envFiles]).size;
  if (sameBlobs(input, allBase, allHead) && !(await dependencyChanged(input, selected.head.sources, dependencies)))
    return { kind: 'unchanged', fileCount, notes };

  const surfaces: Partial<Record<Side, EnvSurface>> = {};
  // Constructs we cannot read, per side, held until we know whether they are identical at both refs.
  const unreadConstructs: UnreadConstruct[] = [];
  const unparsedSources = new Map<string, UnreadConstruct>();
  // Per side: the sources that apply a module's property-key decorators (read through), by module.
  const decoratorsApplied: Record<Side, Map<string, Set<string>>> = { base: new Map(), head: new Map() };
  for (const side of ['base', 'head'] as const) {
    const variables = new Map<string, EnvVariable>();
    const variable = (name: string) => {
      let entry = variables.get(name);
      if (!entry) variables.set(name, (entry = { name, reads: [], listings: [] }));
      return entry;
    };
    // The layout links `@shared/env` and `@scope/pkg` imports as relative ones are (outline, formbricks).
    const tree: TreeView = { blobOf: (path) => input.trees[side].get(path), read: (path) => input.read(side, path), layout: await moduleLayoutOf(input, side) };
    const mappings = new Map<string, NextEnvMapping>();
    for (const path of nextConfigs[side]) {
      const text = await input.read(side, path);
      // Imported here: it loads the source parser, which a run reading no next.config never needs.
      if (text !== undefined) mappings.set(path, (await import('./next-config.js')).nextEnvMapping(text, path));
    }
    // One file at a time, so one syntax tree is held at once; a blob already extracted is not read again.
    for (const path of selected[side].sources) {
      const extraction = await extract(path, tree, extractConfig);
      if (!extraction.ok) {
        unparsedSources.set(`${side}\0${path}`, {
          side,
          path,
          line: extraction.line,
          text: `${path}:${extraction.line}: ${extraction.message}`,
          unparsed: true,
        });
        continue;
      }
      for (const module of extraction.decoratorModules ?? []) {
        if (!decoratorsApplied[side].has(module)) decoratorsApplied[side].set(module, new Set());
        decoratorsApplied[side].get(module)!.add(path);
      }
      const configPath = nextConfigOf(path, nextConfigs[side]);
      const mapping = configPath === undefined || configPath === path ? undefined : mappings.get(configPath);
      for (const read of extraction.reads) {
        for (const located of mapping ? applyNextMapping({ ...read, file: path }, mapping) : [{ ...read, file: path }])
          variable(located.name).reads.push(located);
      }
      for (const entry of extraction.unresolved) {
        unreadConstructs.push({
          side,
          path,
          line: entry.line,
          text: `${path}${entry.line > 0 ? `:${entry.line}` : ''}: ${entry.reason}`,
          unparsed: false,
          ...(entry.decorator ? { decorator: true } : {}),
          ...(entry.pattern !== undefined ? { pattern: entry.pattern } : {}),
          ...(entry.escape ? { escape: true } : {}),
        });
      }
    }
    // Env files in the order the config lists them: the first listing is the documented default.
    for (const path of orderByPatterns(selected[side].envFiles, envFilePatterns)) {
      const text = await input.read(side, path);
      if (text === undefined) {
        reasons.push(`${path}: listed in the tree but could not be read (at ${SIDE_LABEL[side]})`);
        continue;
      }
      for (const entry of parseEnvFile(text)) variable(entry.name).listings.push({ ...entry, file: path, example: isExampleFile(path) });
    }
    for (const entry of variables.values()) entry.reads.sort((a, b) => compareText(a.file, b.file) || a.line - b.line);
    surfaces[side] = variables;
  }
  // Differential soundness: what cannot be read but is identical at both refs, with everything it
  // depends on (src/stages/differential.ts), cannot have changed.
  const unchangedConstructs: string[] = [];
  const settled = await settleUnchanged(input, [...unparsedSources.values(), ...unreadConstructs], decoratorsApplied);
  for (const construct of unparsedSources.values()) {
    if (settled.has(construct)) unchangedConstructs.push(`${construct.text} (does not parse at either ref): ${settled.get(construct)}`);
    else reasons.push(`${construct.text} (at ${SIDE_LABEL[construct.side]})`);
  }
  if (reasons.length > 0) return { kind: 'unreadable', reasons, notes };
  const unresolved: string[] = [];
  const families = sameFamilies(unreadConstructs.filter((construct) => !settled.has(construct)));
  for (const construct of unreadConstructs) {
    if (settled.has(construct)) unchangedConstructs.push(`${construct.text}: ${settled.get(construct)}`);
    else if (families.has(construct)) unchangedConstructs.push(`${construct.text}: ${families.get(construct)}`);
    else unresolved.push(`${construct.text} (at ${SIDE_LABEL[construct.side]})`);
  }
  return {
    kind: 'compared',
    base: surfaces.base!,
    head: surfaces.head!,
    fileCount,
    unresolved: [...new Set(unresolved)],
    unchangedConstructs: [...new Set(unchangedConstructs)],
    notes,
  };
}

interface UnreadConstruct {
  side: Side;
  path: string;
  /** 0: the file as a whole (an import of a module that does not parse). */
  line: number;
  text: string;
  unparsed: boolean;
  /** A property-key decorator's read (`UnresolvedRead.decorator`). */
  decorator?: true;
  /** The family of names a computed read is confined to, with its default (`UnresolvedRead.pattern`). */
  pattern?: string;
  /** The env object leaves the construct (`UnresolvedRead.escape`). */
  escape?: true;
}

/**
 * Computed reads confined to a family of names (`OBJECT_STORE_*_BUCKET`) that both refs read alike:
 * the same family with the same default, as many times at each. A caller's value only picks a member
 * of the family, so what an operator may set and what an unset one means are the same at both refs.
 * A family that appears, goes or changes its default keeps every read of it unknown.
 */
function sameFamilies(constructs: readonly UnreadConstruct[]): Map<UnreadConstruct, string> {
  const bySide = { base: new Map<string, UnreadConstruct[]>(), head: new Map<string, UnreadConstruct[]>() };
  for (const construct of constructs) {
    if (construct.pattern === undefined) continue;
    const list = bySide[construct.side].get(construct.pattern) ?? [];
    list.push(construct);
    bySide[construct.side].set(construct.pattern, list);
  }
  const settled = new Map<UnreadConstruct, string>();
  for (const [pattern, base] of bySide.base) {
    const head = bySide.head.get(pattern);
    if (head?.length !== base.length) continue;
    for (const construct of [...base, ...head])
      settled.set(construct, `the same family of names (${pattern}) is read alike at both refs, ${base.length} time${base.length === 1 ? '' : 's'}: no change`);
  }
  return settled;
}

/**
 * The unread constructs that are identical at both refs with their whole dependency closure (and,
 * in a function its callers give values to, no changed file reaching it), each with the note that
 * says so. Only asked when something could not be read: the parser is loaded already.
 */
async function settleUnchanged(
  input: StageInput,
  constructs: UnreadConstruct[],
  decoratorsApplied: Record<Side, ReadonlyMap<string, ReadonlySet<string>>>,
): Promise<Map<UnreadConstruct, string>> {
  const settled = new Map<UnreadConstruct, string>();
  if (constructs.length === 0) return settled;
  const [{ differentialOf }, { callersFlowInto }, { parseSource }] = await Promise.all([
    import('../differential.js'),
    import('../../syntax/inflow.js'),
    import('../../syntax/parse.js'),
  ]);
  const differential = differentialOf(input);
  for (const construct of constructs) {
    if (construct.decorator) {
      // Its names are the properties it decorates: a source that applies it was read through at
      // that ref, an unchanged file decorates the same properties at both; any other changed file
      // that imports it (outside the sources, or calling it as a function) can read another name.
      const verdict = await differential.unchanged(construct.path, false);
      if (!verdict.unchanged) continue;
      const importers: string[] = [];
      for (const side of ['base', 'head'] as const) {
        const readThrough = decoratorsApplied[side].get(construct.path) ?? new Set<string>();
        const others = input.changes
          .map((change) => change.path)
          .filter((path) => CODE_PATH.test(path) && input.trees[side].has(path) && !readThrough.has(path) && path !== construct.path);
        importers.push(...(await differential.importersOf(side, construct.path, others)));
      }
      if (importers.length > 0) {
        construct.text += `; ${[...new Set(importers)].sort(compareText).join(', ')} changed and imports it without applying it as a decorator in env.sources: add the file to env.sources (a call of the decorator as a function cannot be read; declare the names it reads instead)`;
        continue;
      }
      settled.set(
        construct,
        `unchanged with everything it depends on (${verdict.files} file${verdict.files === 1 ? '' : 's'}), its decorated properties in env.sources read, and no other changed file imports it: no change`,
      );
      continue;
    }
    let callers = true;
    if (!construct.unparsed) {
      if (construct.line === 0) callers = false;
      else {
        const parsed = parseSource(construct.path, (await input.read(construct.side, construct.path)) ?? '');
        callers = !parsed.ok || callersFlowInto(parsed.ast, construct.line);
      }
    }
    const escapes = construct.escape === true;
    const verdict = await differential.unchanged(construct.path, callers, escapes);
    if (verdict.unchanged)
      settled.set(
        construct,
        `unchanged with everything it depends on (${verdict.files} file${verdict.files === 1 ? '' : 's'}${
          escapes ? ', and no changed file reaches it or what it imports' : callers ? ', and no changed file calls into it' : ''
        }): no change`,
      );
  }
  return settled;
}

function validateConfig(config: EnvSurfaceConfig): string | undefined {
  const isStringList = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string' && item.length > 0);
  if (!isStringList(config.sources) || config.sources.length === 0) return 'env.sources must be a non-empty list of globs';
  if (config.helpers !== undefined && !isStringList(config.helpers)) return 'env.helpers must be a list of function names';
  if (config.envFiles !== undefined && !isStringList(config.envFiles)) return 'env.envFiles must be a list of paths or globs';
  if (config.exclude !== undefined && !isStringList(config.exclude)) return 'env.exclude must be a list of globs';
  if (config.objects !== undefined && !isStringList(config.objects)) return 'env.objects must be a list of names (`environment`, `config.env`)';
  return undefined;
}

function orderByPatterns(paths: readonly string[], patterns: readonly string[]): string[] {
  const rank = (path: string) => patterns.findIndex((pattern) => picomatch(pattern, { dot: true })(path));
  return [...paths].sort((a, b) => rank(a) - rank(b) || compareText(a, b));
}

/**
 * Whether a file the (unchanged) sources import changed (it may hold an env wrapper or a default).
 * Only asked when the release changed some script file, so a release that touches no code reads nothing.
 */
/**
 * The `next.config.*` paths of a tree listing, sorted: kept per listing and, for the head, derived from
 * the base listing's by the release's changes (a backfill's base listing is the previous pair's head, the
 * same object), instead of testing every path of both trees for every release (issue 36).
 * surface.test.ts checks the derived list against a fresh one over a random history.
 */
const nextConfigsByTree = new WeakMap<ReadonlyMap<string, string>, readonly string[]>();

export function nextConfigPaths(input: Pick<StageInput, 'trees' | 'changes'>, side: Side): readonly string[] {
  const tree = input.trees[side];
  const known = nextConfigsByTree.get(tree);
  if (known) return known;
  const atBase = side === 'head' ? nextConfigsByTree.get(input.trees.base) : undefined;
  let paths: string[];
  if (atBase) {
    const set = new Set(atBase);
    for (const { path } of input.changes) {
      if (!NEXT_CONFIG.test(path)) continue;
      if (tree.has(path)) set.add(path);
      else set.delete(path);
    }
    paths = [...set].sort();
  } else paths = [...tree.keys()].filter((path) => NEXT_CONFIG.test(path)).sort();
  nextConfigsByTree.set(tree, paths);
  return paths;
}

async function dependencyChanged(input: StageInput, sources: readonly string[], dependencies: DependencyFinder): Promise<boolean> {
  if (!input.changes.some((change) => SCRIPT_FILE.test(change.path))) return false;
  const changed = new Set(input.changes.map((change) => change.path));
  const tree: TreeView = {
    blobOf: (path) => input.trees.head.get(path),
    read: (path) => input.read('head', path),
    layout: await moduleLayoutOf(input, 'head'),
  };
  for (const path of sources) {
    if ((await dependencies(path, tree)).some((dependency) => changed.has(dependency))) return true;
  }
  return false;
}

const SCRIPT_FILE = /\.[cm]?[jt]sx?$/i;
/** Code a decorator can be applied in (declaration files apply none). */
const CODE_PATH = /(?<!\.d)\.[cm]?[jt]sx?$/i;

function sameBlobs(input: StageInput, basePaths: readonly string[], headPaths: readonly string[]): boolean {
  if (basePaths.length !== headPaths.length) return false;
  const headSet = new Set(headPaths);
  return basePaths.every((path) => headSet.has(path) && input.trees.base.get(path) === input.trees.head.get(path));
}
