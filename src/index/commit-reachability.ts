import { runGit } from '../git/run.js';
import type { IsAncestor } from './backfill-ancestry.js';

/**
 * Which release commits are ancestors of which, from ONE `git rev-list --parents` over the range
 * instead of one `git merge-base --is-ancestor` process per release (≈ 1.8 s of CPU for the 381 real
 * releases of the reference service, issue 36).
 *
 * The walk is `rev-list --parents --topo-order <release commits> --not <floor>^@`: every commit
 * reachable from a release but not from the parents of the oldest release of the range (`floor`).
 * Within that subgraph G the answer is exact for an ancestor in G: if T is in G and H reaches T,
 * every commit on the path reaches T, so none of them is reachable from the floor's parents (else T
 * would be), and the whole path lies in G. A release commit outside G (one the floor descends from,
 * which only an odd tagging order makes) is answered by `merge-base --is-ancestor`, as before.
 */
export interface Reachability {
  /** `true`/`false` when the walk decides it; `undefined` when a commit is outside the walked subgraph. */
  isAncestor(ancestor: string, descendant: string): boolean | undefined;
}

/**
 * Pure: `parentLines` is `rev-list --parents --topo-order` output (each line a commit, then its
 * parents; children before parents). Each commit gets a bitset of the `releaseCommits` it reaches
 * (itself included), folded from its parents in reverse topological order: memory is
 * commits × ⌈releases / 32⌉ × 4 bytes (959 commits × 12 words here: 46 KB).
 */
export function reachabilityFromParents(parentLines: string, releaseCommits: readonly string[]): Reachability {
  const bitOf = new Map<string, number>();
  for (const commit of releaseCommits) if (!bitOf.has(commit)) bitOf.set(commit, bitOf.size);
  const words = Math.max(1, Math.ceil(bitOf.size / 32));
  const rows = parentLines.split('\n').filter((line) => line.length > 0);
  const reach = new Map<string, Uint32Array>();
  for (let index = rows.length - 1; index >= 0; index--) {
    const [commit = '', ...parents] = rows[index]!.split(' ');
    const bits = new Uint32Array(words);
    for (const parent of parents) {
      const parentBits = reach.get(parent);
      if (parentBits === undefined) continue; // outside G: reachable from the floor's parents
      for (let word = 0; word < words; word++) bits[word]! |= parentBits[word]!;
    }
    const own = bitOf.get(commit);
    if (own !== undefined) bits[own >>> 5]! |= 1 << (own & 31);
    reach.set(commit, bits);
  }
  return {
    isAncestor(ancestor, descendant) {
      if (ancestor === descendant) return true;
      const bit = bitOf.get(ancestor);
      const bits = reach.get(descendant);
      if (bit === undefined || bits === undefined || !reach.has(ancestor)) return undefined;
      return (bits[bit >>> 5]! & (1 << (bit & 31))) !== 0;
    },
  };
}

/**
 * `IsAncestor` for `planPairsByAncestry` over `releaseCommits` (oldest release of the range first):
 * one `rev-list` up front, `fallback` (one `merge-base --is-ancestor` each) only for what it leaves open.
 */
export async function ancestryOfReleases(repoDir: string, releaseCommits: readonly string[], fallback: IsAncestor): Promise<IsAncestor> {
  const floor = releaseCommits[0];
  if (floor === undefined) return fallback;
  const distinct = [...new Set(releaseCommits)];
  // A failed walk (a shallow clone without the floor's parents, an argument list too long for the
  // system) only costs speed: every question then goes to git one by one, as before.
  const run = await runGit(repoDir, ['rev-list', '--parents', '--topo-order', ...distinct, '--not', `${floor}^@`]).catch(() => undefined);
  if (run?.code !== 0) return fallback;
  const reachability = reachabilityFromParents(run.stdout.toString('latin1'), distinct);
  return async (ancestor, descendant) => reachability.isAncestor(ancestor, descendant) ?? fallback(ancestor, descendant);
}
