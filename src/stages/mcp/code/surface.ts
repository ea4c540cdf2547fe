import picomatch from 'picomatch';
import type { Side, StageInput } from '../../contract.js';
import type { ToolExtraction } from './extract-tools.js';
import { differentialOf } from '../../differential.js';
import { CODE_FILE, type ModuleLayout } from '../../../syntax/modules.js';
import { codeClosureKey, readCodeClosure, sameCodeClosure, type CodeClosure } from '../../code-closure.js';
import { mcpDependencies } from './absence.js';
import { NOT_SERVER_SOURCES } from '../../source-globs.js';
import { throughDerivedCache } from '../../../core/json-round-trip.js';
import type { DerivedCache } from '../../contract.js';

/**
 * Which files decide the tools of one ref, and whether they changed. A tool's schema may come from
 * a helper or a constant in any in-repo module its source imports, so the unit is the closure:
 * the configured sources plus every import into the repository (src/stages/code-closure.ts: relative,
 * a tsconfig alias, a workspace package), followed transitively. When no file of either
 * closure changed, the tools did not change and nothing is parsed; otherwise the whole tool set is
 * extracted at both refs (cached by the closure's blob ids, so a backfill reuses each ref's result).
 */

export type CodeSurfacePair =
  | { kind: 'unchanged'; notes?: string[] }
  | { kind: 'compared'; base: ToolExtraction; head: ToolExtraction; baseEmpty: boolean; unchangedNotes: string[] }
  | { kind: 'unreadable'; reasons: string[] };

/** Extracts the tools of one ref from its closure's texts; injected so the parser loads only when needed. */
export type ToolExtractor = (
  sources: readonly string[],
  texts: ReadonlyMap<string, string>,
  layout: ModuleLayout,
  blobs?: ReadonlyMap<string, string>,
) => ToolExtraction;

const MAX_CLOSURE_FILES = 2000;
const SIDE_LABEL: Record<Side, string> = { base: 'base (from) ref', head: 'head (to) ref' };

const extractionCache = new Map<string, ToolExtraction>();
const CACHE_LIMIT = 20_000;

/** The submodule every glob's folder lies in, and whether it is a submodule at the same commit at both refs; undefined when the globs reach no submodule alone. */
function submoduleHolding(input: StageInput, globs: readonly string[]): { path: string; unchanged: boolean } | undefined {
  const all = new Set([...(input.submodules?.paths.base ?? []), ...(input.submodules?.paths.head ?? [])]);
  if (all.size === 0 || globs.length === 0) return undefined;
  const holders = globs.map((glob) => {
    const base = picomatch.scan(glob.replace(/^\.\//, '')).base.replace(/\/+$/, '');
    return [...all].find((path) => base === path || base.startsWith(`${path}/`));
  });
  const path = holders[0];
  if (path === undefined || holders.some((holder) => holder !== path)) return undefined;
  return { path, unchanged: input.submodules!.unchanged.has(path) };
}

export async function collectCodeTools(input: StageInput, globs: readonly string[], extract: () => Promise<ToolExtractor>): Promise<CodeSurfacePair> {
  const notServer = picomatch([...NOT_SERVER_SOURCES], { dot: true });
  const matchers = globs.map((glob) => picomatch(glob, { dot: true }));
  const select = (side: Side) =>
    [...input.trees[side].keys()].filter((path) => CODE_FILE.test(path) && !notServer(path) && matchers.some((matches) => matches(path))).sort();
  const sources = { base: select('base'), head: select('head') };
  if (sources.head.length === 0) {
    const unmatched = `mcpTools.sources ${JSON.stringify(globs)} match no TypeScript or JavaScript file at the ${SIDE_LABEL.head}`;
    if (sources.base.length > 0) return { kind: 'unreadable', reasons: [unmatched] };
    // Sources inside a submodule (docmost's private `apps/server/src/ee`): its files are another
    // repository's, but its commit is compared. The same commit at both refs holds the same tools.
    const submodule = submoduleHolding(input, globs);
    if (submodule?.unchanged)
      return {
        kind: 'unchanged',
        notes: [
          `mcpTools.sources ${JSON.stringify(globs)} lie in the git submodule ${submodule.path}, at the same commit at both refs: its tools did not change`,
        ],
      };
    if (submodule)
      return {
        kind: 'unreadable',
        reasons: [
          `mcpTools.sources ${JSON.stringify(globs)} lie in the git submodule ${submodule.path}, whose commit differs between the refs (or is not a submodule at both): its files are another repository's and cannot be compared`,
        ],
      };
    // Before the service had an MCP server: proven only when no manifest of either ref depends on an MCP library.
    const [base, head] = [await mcpDependencies(input, 'base'), await mcpDependencies(input, 'head')];
    if (base?.length === 0 && head?.length === 0) return { kind: 'unchanged' };
    const evidence =
      base === undefined || head === undefined
        ? 'a package.json could not be read'
        : `the service depends on ${[...new Set([...base, ...head])].slice(0, 3).join(', ')}`;
    return { kind: 'unreadable', reasons: [`${unmatched} and at the ${SIDE_LABEL.base}, yet ${evidence}: the tools may live elsewhere in this release`] };
  }
  // Tools live in code files only: a release that changed none cannot have changed a tool.
  if (!input.changes.some((change) => CODE_FILE.test(change.path))) return { kind: 'unchanged' };

  const reasons: string[] = [];
  const base = await readCodeClosure(input, 'base', sources.base, 'the MCP sources', MAX_CLOSURE_FILES, reasons);
  const head = await readCodeClosure(input, 'head', sources.head, 'the MCP sources', MAX_CLOSURE_FILES, reasons);
  if (reasons.length > 0) return { kind: 'unreadable', reasons };
  if (sameCodeClosure(base, head)) return { kind: 'unchanged' };

  const baseEmpty = sources.base.length === 0;
  if (baseEmpty) {
    const deleted = input.changes.filter((change) => change.status === 'deleted' && CODE_FILE.test(change.path)).map((change) => change.path);
    if (deleted.length > 0) {
      return {
        kind: 'unreadable',
        reasons: [
          `the MCP sources are new at the ${SIDE_LABEL.head} while code files were deleted (${deleted.slice(0, 3).join(', ')}${deleted.length > 3 ? ', …' : ''}): the tools may have moved, so there is no proven base to compare with`,
        ],
      };
    }
  }
  const extractor = await extract();
  const unchangedNotes: string[] = [];
  let [baseTools, headTools]: ToolExtraction[] = [
    baseEmpty ? { ok: true, tools: [] } : extractCached(base, extractor, input.derivedCache),
    extractCached(head, extractor, input.derivedCache),
  ];
  // Differential soundness: a file that does not parse, identical at both refs with everything it
  // depends on and reached by no changed file, holds the same tools at both: it is left out of both.
  const differential = differentialOf(input);
  for (let round = 0; round < 10; round++) {
    const unparsed = (!baseTools!.ok && baseTools!.unparsed) || (!headTools!.ok && headTools!.unparsed) || undefined;
    if (unparsed === undefined || !base.texts.has(unparsed) || !head.texts.has(unparsed)) break;
    const verdict = await differential.unchanged(unparsed, true);
    if (!verdict.unchanged) break;
    unchangedNotes.push(
      `${unparsed} does not parse at either ref, and is unchanged with everything it depends on (${verdict.files} file${verdict.files === 1 ? '' : 's'}) and no changed file reaches it: its tools are no change`,
    );
    base.texts.delete(unparsed);
    head.texts.delete(unparsed);
    base.blobs.delete(unparsed);
    head.blobs.delete(unparsed);
    baseTools = baseEmpty ? { ok: true, tools: [] } : extractCached(base, extractor, input.derivedCache);
    headTools = extractCached(head, extractor, input.derivedCache);
  }
  return { kind: 'compared', base: baseTools!, head: headTools!, baseEmpty, unchangedNotes };
}

/** Bump when what a tool extraction holds changes shape (the derived cache's tool fingerprint covers changes of code). */
const EXTRACTION_KIND = 'mcp-tool-extraction/1';

/**
 * One ref's tools, by the closure's key (its sources, every blob id and the module layout): in this
 * process, then in the derived cache, so the next pair of a backfill (whose base is this pair's head)
 * and a repeated release parse nothing (issue 36: parsing and evaluating every tool file of both refs
 * was most of what the surface added to a release that changed one).
 */
function extractCached(closure: CodeClosure, extractor: ToolExtractor, derived: DerivedCache | undefined): ToolExtraction {
  const key = codeClosureKey(closure);
  let extraction = extractionCache.get(key);
  if (!extraction) {
    extraction = throughDerivedCache(derived, EXTRACTION_KIND, [key], isToolExtraction, () =>
      extractor(closure.sources, closure.texts, closure.layout, closure.blobs),
    );
    if (extractionCache.size >= CACHE_LIMIT) extractionCache.clear();
    extractionCache.set(key, extraction);
  }
  return extraction;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';

/** The shape of {@link ToolExtraction} (extract-tools.ts); a schema's inside is any JSON. */
function isToolExtraction(value: unknown): value is ToolExtraction {
  if (!isRecord(value)) return false;
  if (value.ok === false) return Array.isArray(value.reasons) && value.reasons.every(isString) && (value.unparsed === undefined || isString(value.unparsed));
  return value.ok === true && Array.isArray(value.tools) && value.tools.every(isCodeTool);
}

function isCodeTool(value: unknown): boolean {
  if (!isRecord(value) || !isString(value.name) || !isString(value.file) || !Number.isInteger(value.line)) return false;
  if (value.unknown !== undefined && !isString(value.unknown)) return false;
  const registeredIn = value.registeredIn;
  if (
    registeredIn !== undefined &&
    !(isRecord(registeredIn) && isString(registeredIn.function) && [true, false, 'unknown'].includes(registeredIn.called as never))
  )
    return false;
  const tool = value.tool;
  if (tool === undefined) return true;
  return (
    isRecord(tool) &&
    isString(tool.name) &&
    (tool.description === undefined || isString(tool.description)) &&
    isRecord(tool.inputSchema) &&
    (tool.outputSchema === undefined || isRecord(tool.outputSchema)) &&
    (tool.annotations === undefined || isRecord(tool.annotations))
  );
}
