import { compareText } from '../core/compare-text.js';
import type { ReleaseSafetyConfig } from '../config/types.js';
import type { Tri } from '../core/tristate.js';
import type { Finding } from '../rules/types.js';
import type { ChangedPath, StageInput, StageResult } from '../stages/contract.js';

/**
 * What a release must be compared on, when the release itself edits `release-safety.config.json`.
 * The config read at the `to` ref is written by the release under test: on its own it could switch
 * off (`false`), unconfigure, narrow or move the very surface the release breaks. So the `from`
 * configuration governs what must be compared, and the `to` one can only add to it:
 *
 * - unchanged, or no config at `from`: one run with the `to` config (as before);
 * - `false` or missing at `to`: one run with the `from` config;
 * - an `openapi`/`mcpTools` path that moved (one path left the list, one came): the old path at
 *   `from` is compared with the new path at `to` (a stale old file left in place proves nothing);
 *   several at once cannot be paired: `unknown`;
 * - anything else (globs narrowed, a folder removed, an edition or `postgresVersion` changed): both
 *   runs, and the surface is proven safe only when both are.
 *
 * Pure: configs in, plans out; results in, one result out.
 */

/**
 * Config keys no stage reads (they steer `index`, `upgrade-check` and how release tags are named).
 * Every key of the config schema is either read by a stage (its `configKeys`) or here (a test checks
 * it): a key added for a stage and forgotten there would be a surface the release could switch off.
 */
/**
 * `rules` is read by generate itself, the stricter of the from and to configs (accept/policy.ts);
 * `images` by `bump-check` in an operator's deployment repository, never by `generate`.
 */
export const KEYS_NO_STAGE_READS = ['$schema', 'indexUrl', 'floorVersion', 'tags', 'rules', 'images'] as const;

/** Keys naming files of a surface, where a release may move a file (`openapi`: one path or a list). */
const PATH_KEYS: ReadonlyArray<keyof ReleaseSafetyConfig> = ['openapi', 'mcpTools'];

/** One run of a stage: the config it sees, and for a moved file the old path read at `from`. */
export interface SurfaceRun {
  config: ReleaseSafetyConfig;
  moved?: { basePath: string; headPath: string };
}

export interface SurfacePlan {
  runs: SurfaceRun[];
  /** What the release changed in this surface's config, for the report (`openapi: "a.yaml" → false`). */
  changes: string[];
  /** Why the plan differs from a plain run with the `to` config. */
  note?: string;
  /** Set when what `from` checked cannot be compared at all: the surface is `unknown` for this reason. */
  unknown?: string;
}

export const CHANGED_WHAT_IS_CHECKED = 'the release changed what is checked';

/** How a stage reading `keys` (its `configKeys`) runs, given the config at both refs. */
export function planSurface(keys: ReadonlyArray<keyof ReleaseSafetyConfig>, from: ReleaseSafetyConfig | undefined, to: ReleaseSafetyConfig): SurfacePlan {
  if (from === undefined) return { runs: [{ config: to }], changes: [] };
  const changes = keys.filter((key) => !sameSetting(key, from, to)).map((key) => `${key}: ${shown(from[key])} → ${shown(to[key])}`);
  if (changes.length === 0) return { runs: [{ config: to }], changes };
  // Nothing was checked at `from`: what `to` configures can only add checks.
  if (keys.every((key) => isOff(key, from))) return { runs: [{ config: to }], changes };
  const note = (how: string) => `${CHANGED_WHAT_IS_CHECKED} (${changes.join('; ')}): ${how}`;

  const move = findMove(keys, from, to);
  if (typeof move === 'string') return { runs: [{ config: to }], changes, note: note(move), unknown: `${CHANGED_WHAT_IS_CHECKED}: ${move}` };
  // With a move, `from` is read as if it had named the new path, so both runs compare old → new.
  const fromConfig: ReleaseSafetyConfig = move ? { ...from, [move.key]: to[move.key] } : from;
  const moved = move ? { moved: { basePath: move.basePath, headPath: move.headPath } } : {};
  const how = move ? `compared ${move.basePath} at the from ref with ${move.headPath} at the to ref` : 'compared with the from configuration';
  const stillChanged = keys.filter((key) => !sameSetting(key, fromConfig, to));
  if (stillChanged.length === 0) return { runs: [{ config: to, ...moved }], changes, note: note(how) };
  // Only additions (a key `from` left unset or false): the `to` run checks all `from` did, and more.
  if (stillChanged.every((key) => isOff(key, fromConfig))) return { runs: [{ config: to, ...moved }], changes, ...(move ? { note: note(how) } : {}) };
  // Switched off or unconfigured at `to`: the `from` run alone (a `to` run would only say "not configured").
  if (stillChanged.every((key) => isOff(key, to))) return { runs: [{ config: fromConfig, ...moved }], changes, note: note(how) };
  return {
    runs: [
      { config: to, ...moved },
      { config: fromConfig, ...moved },
    ],
    changes,
    note: note(`${how}; proven safe only when it is with both configurations`),
  };
}

/**
 * A file the release moved: of the paths a path key lists, exactly one left and exactly one came.
 * Several at once cannot be paired (a string says why); none is `undefined`.
 */
function findMove(
  keys: ReadonlyArray<keyof ReleaseSafetyConfig>,
  from: ReleaseSafetyConfig,
  to: ReleaseSafetyConfig,
): { key: keyof ReleaseSafetyConfig; basePath: string; headPath: string } | string | undefined {
  for (const key of keys.filter((candidate) => PATH_KEYS.includes(candidate))) {
    const before = pathList(from[key]);
    const after = pathList(to[key]);
    if (!before || !after) continue;
    const left = before.filter((path) => !after.includes(path));
    const came = after.filter((path) => !before.includes(path));
    if (left.length === 0 || came.length === 0) continue;
    if (left.length > 1 || came.length > 1) return `${key} lost ${left.join(', ')} and gained ${came.join(', ')}: which document moved where cannot be told`;
    return { key, basePath: left[0]!, headPath: came[0]! };
  }
  return undefined;
}

function pathList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [trimDotSlash(value)];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.map(trimDotSlash);
  return undefined;
}

/**
 * The stage input of a moved single-file surface: at the base ref, the new path holds what the old
 * path held, so the stage compares old → new with its usual logic.
 */
export function movedInput(input: StageInput, basePath: string, headPath: string): StageInput {
  const oldBlob = input.trees.base.get(basePath);
  // The old path was never there: the new path is compared with itself, as without a move.
  if (oldBlob === undefined) return input;
  const base = new Map(input.trees.base);
  base.set(headPath, oldBlob);
  const headBlob = input.trees.head.get(headPath);
  const changes: ChangedPath[] = input.changes.filter((change) => change.path !== headPath);
  if (oldBlob !== headBlob) changes.push({ path: headPath, status: headBlob === undefined ? 'deleted' : 'modified' });
  return {
    ...input,
    trees: { base, head: input.trees.head },
    changes: changes.sort((a, b) => compareText(a.path, b.path)),
    read: (side, path) => input.read(side, side === 'base' && path === headPath ? basePath : path),
  };
}

/**
 * Whether a moved file may reference files beside it (`$ref: other.yaml`): those are read relative
 * to the new path at both refs, which is only right when the folder did not change.
 */
export function mayReferenceSiblings(text: string): boolean {
  return /\$ref["']?\s*:\s*["']?(?!#)[^\s"']/.test(text);
}

/**
 * One result from several runs of a stage: breaking when any run proves a break, proven safe only
 * when every run checked and found nothing, else unknown. The section is the one of the run that
 * decided (so the artifact shows the evidence); findings and notes of every run are kept.
 */
export function combineRuns<Section>(results: ReadonlyArray<StageResult<Section>>): StageResult<Section> {
  if (results.length === 1) return results[0]!;
  const breaking: Tri = results.some((result) => result.verdict.breaking === true)
    ? true
    : results.every((result) => result.verdict.checked && result.verdict.breaking === false)
      ? false
      : 'unknown';
  const checked = results.every((result) => result.verdict.checked);
  const deciding =
    results.find((result) => result.verdict.breaking === true) ??
    results.find((result) => !result.verdict.checked || result.verdict.breaking !== false) ??
    results[0]!;
  return {
    section: deciding.section,
    verdict: { checked, breaking },
    findings: unique(
      results.flatMap((result) => result.findings),
      (finding: Finding) => JSON.stringify(finding),
    ),
    notes: unique(
      results.flatMap((result) => result.notes),
      (note) => note,
    ),
    ...optionalList(
      'accepted',
      unique(
        results.flatMap((result) => result.accepted ?? []),
        (accepted) => JSON.stringify(accepted),
      ),
    ),
    ...optionalList(
      'acceptProblems',
      unique(
        results.flatMap((result) => result.acceptProblems ?? []),
        (problem) => JSON.stringify(problem),
      ),
    ),
    ...(deciding.verdictSection === undefined ? {} : { verdictSection: deciding.verdictSection }),
  };
}

function optionalList<K extends string, T>(key: K, items: T[]): Partial<Record<K, T[]>> {
  return (items.length > 0 ? { [key]: items } : {}) as Partial<Record<K, T[]>>;
}

function unique<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A key that checks nothing: `false`, or unset where unset is not a default (`postgresVersion` unset is 16). */
function isOff(key: keyof ReleaseSafetyConfig, config: ReleaseSafetyConfig): boolean {
  // Unset `postgresVersion` and `rest` mean their defaults, not a surface switched off.
  return config[key] === false || (config[key] === undefined && key !== 'postgresVersion' && key !== 'rest');
}

/** Whether two configs say the same for a key: key order aside, and a path list in any order, with or without `./`. */
function sameSetting(key: keyof ReleaseSafetyConfig, a: ReleaseSafetyConfig, b: ReleaseSafetyConfig): boolean {
  if (PATH_KEYS.includes(key)) {
    const [left, right] = [pathList(a[key]), pathList(b[key])];
    if (left && right) return canonical([...new Set(left)].sort()) === canonical([...new Set(right)].sort());
  }
  return canonical(a[key]) === canonical(b[key]);
}

/** Key order does not make two configs different. */
function canonical(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

function shown(value: unknown): string {
  return value === undefined ? 'not configured' : JSON.stringify(value);
}

/** As the stages read a configured path (tree paths have no leading `./`). */
function trimDotSlash(path: string): string {
  return path.replace(/^\.\//, '');
}
