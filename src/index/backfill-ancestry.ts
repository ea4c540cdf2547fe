import { releaseTagsInRange, type BackfillPair, type PlannedTag } from './backfill-plan.js';

/**
 * Which release each release is compared with: the nearest release tag that is an ANCESTOR of it,
 * numeric order only breaking ties. Numeric order alone pairs `4.0.0` with `3.225.4`, a release
 * on a maintenance branch that `4.0.0` does not descend from, and reports the maintenance fixes
 * as removals (phantom changes). Walking down from the numeric predecessor, the first release
 * whose commit is an ancestor of the head is its previous release, so a maintenance release
 * (`3.225.4`) is paired within its own line (`3.225.3`) and the next major with the last release
 * of its own line. Pure but for `isAncestor` (git: `merge-base --is-ancestor`).
 */
export type IsAncestor = (ancestor: string, descendant: string) => Promise<boolean>;

export interface AncestryPlan {
  pairs: BackfillPair[];
  /** One line per release not paired with its numeric predecessor, and why. */
  notes: string[];
}

/** How far below the numeric predecessor an ancestor is looked for before falling back. */
const MAX_CANDIDATES = 200;

/** `tags` must hold one tag per version (see `chooseReleaseTags`). */
export async function planPairsByAncestry(tags: readonly PlannedTag[], from: string, to: string, isAncestor: IsAncestor): Promise<AncestryPlan> {
  const inRange = releaseTagsInRange(tags, from, to);
  const pairs: BackfillPair[] = [];
  const notes: string[] = [];
  for (let position = 1; position < inRange.length; position++) {
    const head = inRange[position]!;
    const numeric = inRange[position - 1]!;
    let base: PlannedTag | undefined;
    for (let candidate = position - 1; candidate >= Math.max(0, position - MAX_CANDIDATES); candidate--) {
      const tag = inRange[candidate]!;
      if (tag.commit === head.commit || (await isAncestor(tag.commit, head.commit))) {
        base = tag;
        break;
      }
    }
    let note: string | undefined;
    if (base === undefined) {
      note = `no earlier release tag of the range is an ancestor of ${head.tag}; compared with ${numeric.tag}, the numeric predecessor`;
      base = numeric;
    } else if (base !== numeric) {
      note = `compared with ${base.tag}, the nearest release tag it descends from (${numeric.tag}, numerically before it, is on another line)`;
    }
    if (note !== undefined) notes.push(`${head.version}: ${note}`);
    pairs.push(note === undefined ? { base, head } : { base, head, note });
  }
  return { pairs, notes };
}
