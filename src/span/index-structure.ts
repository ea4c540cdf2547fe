import type { ReleaseSafetyIndex } from '../artifact/types.js';
import { spanStructureProblems } from '../artifact/index-check.js';

/** How many structural problems a report lists before it summarises the rest. */
const PROBLEM_CAP = 10;

/**
 * What the schema cannot say about an index but the span rules rely on: versions parse, are unique
 * and strictly ascending (oldest first), each `previousVersion` is older than its entry, and the first
 * entry is the floor (`backfillFloorVersion`, the only entry with `syntheticRequiredStop: true`).
 * The checks themselves live in src/artifact/index-check.ts, shared with `validate` and `index`; this is
 * upgrade-check's reading of them (its severities there). A `previousVersion` that is not the entry
 * before it is NOT a problem here: it is a gap, which only makes spans crossing it unsafe (span rule 6).
 * Returns one line per problem; empty when the index can be used.
 */
export function checkIndexStructure(index: ReleaseSafetyIndex): string[] {
  const known = checkedIndexes.get(index);
  if (known) return known;
  const all = spanStructureProblems(index);
  const problems = all.length <= PROBLEM_CAP ? all : [...all.slice(0, PROBLEM_CAP), `… and ${all.length - PROBLEM_CAP} more`];
  checkedIndexes.set(index, problems);
  return problems;
}

/**
 * Records that `index` has no structure problem, as proven by the caller's own pass over it
 * (`upgrade-check`'s loader, src/span/entries-pass.ts: `structureSound`), so that no one walks it again.
 */
export function recordSoundStructure(index: ReleaseSafetyIndex): void {
  checkedIndexes.set(index, []);
}

/**
 * `upgrade-check` checks the index when it loads it (to name the file in the error) and
 * `evaluateSpan` checks it again (it may be handed any object): one pass over the entries per index
 * object is enough. Indexes are never modified after loading, so the answer stays true.
 */
const checkedIndexes = new WeakMap<ReleaseSafetyIndex, string[]>();
