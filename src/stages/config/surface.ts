import picomatch from 'picomatch';
import type { EnvSurfaceConfig } from '../../config/types.js';
import type { Side, StageInput } from '../contract.js';
import { parseEnvFile, type EnvFileEntry } from './env-files.js';
import type { EnvRead, Extraction } from './extract-reads.js';
import { compareText } from '../../core/compare-text.js';

/**
 * The environment-variable surface of one ref: every variable read by the configured sources or
 * listed in the configured `.env` example files, with where and with which default.
 */

export interface LocatedRead extends EnvRead {
  file: string;
}

export interface LocatedListing extends EnvFileEntry {
  file: string;
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
  | { kind: 'unchanged'; fileCount: number }
  | { kind: 'compared'; base: EnvSurface; head: EnvSurface; fileCount: number }
  | { kind: 'unreadable'; reasons: string[] };

/** Reads and extracts one source file; injected so the heavy ts-morph module loads only when needed. */
export type SourceExtractor = (blobId: string, path: string, read: () => Promise<string | undefined>, helpers: readonly string[]) => Promise<Extraction> | Extraction;

const SIDE_LABEL: Record<Side, string> = { base: 'base (from)', head: 'head (to)' };

/**
 * Selects the configured files at both refs and, unless every one of them is byte-identical,
 * extracts both surfaces. A glob that selects nothing at a ref, an env file that is missing,
 * or a file that does not parse makes the pair unreadable: the stage must fail closed.
 */
export async function collectSurfaces(input: StageInput, config: EnvSurfaceConfig, extract: SourceExtractor): Promise<SurfacePair> {
  const configProblem = validateConfig(config);
  if (configProblem) return { kind: 'unreadable', reasons: [configProblem] };
  const helpers = [...(config.helpers ?? [])].sort();
  const envFilePatterns = config.envFiles ?? [];

  const reasons: string[] = [];
  const selected = { base: { sources: [] as string[], envFiles: [] as string[] }, head: { sources: [] as string[], envFiles: [] as string[] } };
  for (const side of ['base', 'head'] as const) {
    const paths = [...input.trees[side].keys()].sort();
    selected[side].sources = selectPaths(paths, config.sources, side, 'env source glob', reasons);
    selected[side].envFiles = selectPaths(paths, envFilePatterns, side, 'env file', reasons);
  }
  if (reasons.length > 0) return { kind: 'unreadable', reasons };

  const allBase = [...selected.base.sources, ...selected.base.envFiles];
  const allHead = [...selected.head.sources, ...selected.head.envFiles];
  const fileCount = new Set([...allBase, ...allHead]).size;
  if (sameBlobs(input, allBase, allHead)) return { kind: 'unchanged', fileCount };

  const surfaces: Partial<Record<Side, EnvSurface>> = {};
  for (const side of ['base', 'head'] as const) {
    const variables = new Map<string, EnvVariable>();
    const variable = (name: string) => {
      let entry = variables.get(name);
      if (!entry) variables.set(name, (entry = { name, reads: [], listings: [] }));
      return entry;
    };
    const extractions = await Promise.all(
      selected[side].sources.map(async (path) => ({ path, extraction: await extract(blobOf(input, side, path), path, () => input.read(side, path), helpers) })),
    );
    for (const { path, extraction } of extractions) {
      if (!extraction.ok) {
        reasons.push(`${path}:${extraction.line}: ${extraction.message} (at ${SIDE_LABEL[side]})`);
        continue;
      }
      for (const read of extraction.reads) variable(read.name).reads.push({ ...read, file: path });
    }
    // Env files in the order the config lists them: the first listing is the documented default.
    for (const path of orderByPatterns(selected[side].envFiles, envFilePatterns)) {
      const text = await input.read(side, path);
      if (text === undefined) {
        reasons.push(`${path}: listed in the tree but could not be read (at ${SIDE_LABEL[side]})`);
        continue;
      }
      for (const entry of parseEnvFile(text)) variable(entry.name).listings.push({ ...entry, file: path });
    }
    for (const entry of variables.values()) entry.reads.sort((a, b) => compareText(a.file, b.file) || a.line - b.line);
    surfaces[side] = variables;
  }
  if (reasons.length > 0) return { kind: 'unreadable', reasons };
  return { kind: 'compared', base: surfaces.base!, head: surfaces.head!, fileCount };
}

function validateConfig(config: EnvSurfaceConfig): string | undefined {
  const isStringList = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string' && item.length > 0);
  if (!isStringList(config.sources) || config.sources.length === 0) return 'env.sources must be a non-empty list of globs';
  if (config.helpers !== undefined && !isStringList(config.helpers)) return 'env.helpers must be a list of function names';
  if (config.envFiles !== undefined && !isStringList(config.envFiles)) return 'env.envFiles must be a list of paths or globs';
  return undefined;
}

/** Paths selected by any pattern; each pattern that selects nothing at this ref is a reason to fail closed. */
function selectPaths(paths: readonly string[], patterns: readonly string[], side: Side, what: string, reasons: string[]): string[] {
  const selected = new Set<string>();
  for (const pattern of patterns) {
    const matches = picomatch(pattern, { dot: true });
    let count = 0;
    for (const path of paths) {
      if (matches(path)) {
        selected.add(path);
        count++;
      }
    }
    if (count === 0) reasons.push(`${what} "${pattern}" matches no file at ${SIDE_LABEL[side]}`);
  }
  return [...selected].sort();
}

function orderByPatterns(paths: readonly string[], patterns: readonly string[]): string[] {
  const rank = (path: string) => patterns.findIndex((pattern) => picomatch(pattern, { dot: true })(path));
  return [...paths].sort((a, b) => rank(a) - rank(b) || compareText(a, b));
}

function sameBlobs(input: StageInput, basePaths: readonly string[], headPaths: readonly string[]): boolean {
  if (basePaths.length !== headPaths.length) return false;
  const headSet = new Set(headPaths);
  return basePaths.every((path) => headSet.has(path) && input.trees.base.get(path) === input.trees.head.get(path));
}

function blobOf(input: StageInput, side: Side, path: string): string {
  const blob = input.trees[side].get(path);
  if (blob === undefined) throw new Error(`${path}: selected at ${SIDE_LABEL[side]} but has no blob id`);
  return blob;
}
