import type { Finding } from '../../rules/types.js';
import type { Side, StageInput } from '../contract.js';
import type { RestPolicy } from './policy.js';

/**
 * What comparing one configured spec between two refs found (its findings and warnings), kept in the
 * caller's `derivedCache` (contract.ts) across runs: a re-run of `generate` on the same pair, or a
 * second backfill of the same history, does not load, structure-check and diff the same 1 MB spec
 * again (issue 36: ≈ 3.5 s of a real backfill).
 *
 * The key holds everything the comparison reads: the spec's path, its base and head blob ids, and
 * the policy (extension names from config `rest`, the release's date sunsets are compared with); the
 * tool's code and rules are the cache folder's fingerprint (tool-fingerprint.ts). Files its `$ref`s
 * reached are stored beside the value as side + path + blob id and checked against the trees on
 * read (as the migration extraction cache does). Acknowledgements are not part of the value: they
 * are applied to it afresh on every run. A comparison that failed is never cached; an entry of the
 * wrong shape, or whose `$ref`'d files differ, is recomputed.
 */

/** Bump when what a cached comparison means changes (the tool fingerprint covers code changes too). */
const COMPARISON_KIND = 'rest-spec-comparison/1';

export interface CachedComparison {
  findings: Finding[];
  warnings: string[];
  /** Side, path and blob id (null: absent) of every file read through `$ref`s besides the spec itself. */
  reads: Array<[Side, string, string | null]>;
}

export function comparisonKey(specPath: string, baseBlob: string, headBlob: string, policy: RestPolicy): string {
  return JSON.stringify([COMPARISON_KIND, specPath, baseBlob, headBlob, policy.stabilityExtension, policy.sunsetExtension, policy.today ?? null]);
}

/** The cached comparison under `key` when its shape is right and every `$ref`'d file it read is the same blob now. */
export function cachedComparison(input: Pick<StageInput, 'derivedCache' | 'trees'>, key: string): CachedComparison | undefined {
  const cached = asComparison(input.derivedCache?.get(key));
  if (cached === undefined) return undefined;
  return cached.reads.every(([side, path, id]) => (input.trees[side].get(path) ?? null) === id) ? cached : undefined;
}

/** A reader of `side`'s files that records what it read, for {@link CachedComparison.reads}. */
export function recordingReader(input: Pick<StageInput, 'read' | 'trees'>, side: Side, reads: CachedComparison['reads'], unrecordable: { found: boolean }) {
  return async (path: string): Promise<string | undefined> => {
    const id = input.trees[side].get(path) ?? null;
    reads.push([side, path, id]);
    const text = await input.read(side, path);
    // Text read from a path the tree does not list cannot be checked by blob id: do not cache.
    if (text !== undefined && id === null) unrecordable.found = true;
    return text;
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const EVIDENCE_FIELDS: Record<string, (value: unknown) => boolean> = {
  file: (value) => typeof value === 'string',
  line: (value) => Number.isSafeInteger(value),
  statement: (value) => typeof value === 'string',
  pointer: (value) => typeof value === 'string',
};

function isFinding(value: unknown): value is Finding {
  if (!isRecord(value) || typeof value.rule !== 'string' || !isRecord(value.params) || !isRecord(value.evidence)) return false;
  if (
    !Object.values(value.params).every(
      (param) => typeof param === 'string' || typeof param === 'boolean' || (typeof param === 'number' && Number.isFinite(param)),
    )
  )
    return false;
  if (!Object.entries(value.evidence).every(([name, field]) => EVIDENCE_FIELDS[name]?.(field) === true)) return false;
  if (value.verdictEffect !== undefined && value.verdictEffect !== 'breaking' && value.verdictEffect !== 'unknown') return false;
  return Object.keys(value).every((name) => name === 'rule' || name === 'params' || name === 'evidence' || name === 'verdictEffect');
}

export function isRead(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    (value[0] === 'base' || value[0] === 'head') &&
    typeof value[1] === 'string' &&
    (value[2] === null || typeof value[2] === 'string')
  );
}

/** A cache entry of the right shape, else undefined (entries are untrusted). */
export function asComparison(value: unknown): CachedComparison | undefined {
  if (!isRecord(value) || !Array.isArray(value.findings) || !Array.isArray(value.warnings) || !Array.isArray(value.reads)) return undefined;
  if (!value.findings.every(isFinding) || !value.warnings.every((warning) => typeof warning === 'string') || !value.reads.every(isRead)) return undefined;
  return value as unknown as CachedComparison;
}
