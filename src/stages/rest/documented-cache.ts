import type { StageInput } from '../contract.js';
import { isRead, type CachedComparison } from './comparison-cache.js';

/**
 * The operations one configured spec documents at the head ref (`METHOD /normalized/path`, what the
 * routes surface checks served routes against), kept in the caller's `derivedCache` across runs
 * beside the spec comparison (comparison-cache.ts). Without it a run whose comparison came from the
 * cache (or whose spec did not change) still loaded, structure-checked and modelled the whole head
 * spec as soon as the code served a route: 3/4 of what routes added to a release with a 1 MB spec
 * (issue 36).
 *
 * The key holds the spec's path and head blob id; the files its `$ref`s reached are stored beside the
 * value (side, path, blob id) and checked against the head tree on read. The tool's code (how a
 * path is normalised) is the cache folder's fingerprint. A spec that could not be loaded is never
 * cached; an entry of the wrong shape, or whose `$ref`'d files differ, is recomputed.
 */

/** Bump when what a cached entry means changes (the tool fingerprint covers code changes too). */
const DOCUMENTED_KIND = 'rest-documented-operations/1';

export interface CachedDocumented {
  operations: string[];
  /** Every file read through `$ref`s besides the spec itself (head side only). */
  reads: CachedComparison['reads'];
}

export function documentedCacheKey(specPath: string, headBlob: string): string {
  return JSON.stringify([DOCUMENTED_KIND, specPath, headBlob]);
}

/** The cached operations under `key` when the entry's shape is right and every `$ref`'d file it read is the same blob now. */
export function cachedDocumented(input: Pick<StageInput, 'derivedCache' | 'trees'>, key: string): string[] | undefined {
  const value = input.derivedCache?.get(key);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { operations, reads } = value as Record<string, unknown>;
  if (!Array.isArray(operations) || !operations.every((operation) => typeof operation === 'string')) return undefined;
  if (!Array.isArray(reads) || !reads.every(isRead)) return undefined;
  return (reads as CachedDocumented['reads']).every(([side, path, id]) => (input.trees[side].get(path) ?? null) === id) ? (operations as string[]) : undefined;
}
