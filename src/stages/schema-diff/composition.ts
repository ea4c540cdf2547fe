/** `allOf` / `anyOf` / `oneOf` branches: how they are paired across the two schemas, and what an added or removed one means. */

import type { SchemaChange } from './types.js';

/** `detail` of a `schema-added` / `-removed` branch when the whole `anyOf` / `oneOf` appeared or vanished. */
export const COMPOSITION_KEYWORD = 'composition-keyword';

/**
 * Whether a `schema-added` / `schema-removed` change is one `anyOf` / `oneOf` alternative beside
 * others: adding one lets more values through, removing one fewer. (A whole `anyOf` appearing is
 * the opposite: it restricts the value, like an `allOf` branch.)
 */
export function isAlternative(change: SchemaChange): boolean {
  return /\/(anyOf|oneOf)\/\d+$/.test(change.pointer) && change.detail !== COMPOSITION_KEYWORD;
}

/** Pairs composition branches: same `$ref` (or same `title`) first, wherever they moved; the rest by order. */
export function pairBranches(baseBranches: readonly unknown[], revisionBranches: readonly unknown[]): { base?: number; revision?: number }[] {
  const branchKey = (branch: unknown): string | undefined => {
    if (typeof branch !== 'object' || branch === null || Array.isArray(branch)) return undefined;
    const { $ref: ref, title } = branch as { $ref?: unknown; title?: unknown };
    if (typeof ref === 'string') return `ref:${ref}`;
    if (typeof title === 'string') return `title:${title}`;
    return undefined;
  };
  const baseFor = new Map<number, number>();
  const takenBase = new Set<number>();
  revisionBranches.forEach((branch, r) => {
    const key = branchKey(branch);
    if (key === undefined) return;
    const b = baseBranches.findIndex((candidate, i) => !takenBase.has(i) && branchKey(candidate) === key);
    if (b >= 0) {
      baseFor.set(r, b);
      takenBase.add(b);
    }
  });
  const freeBase = baseBranches.map((_, i) => i).filter((i) => !takenBase.has(i));
  const pairs: { base?: number; revision?: number }[] = [];
  revisionBranches.forEach((_, r) => {
    const b = baseFor.get(r) ?? freeBase.shift();
    pairs.push(b === undefined ? { revision: r } : { base: b, revision: r });
  });
  for (const b of freeBase) pairs.push({ base: b });
  return pairs;
}
