import type { SchemaChange } from './types.js';

/**
 * Whether a constraint change admits values the old schema refused: a bound, length, count,
 * `uniqueItems`, `enum` or 2020-12 keyword loosened or dropped, a changed `pattern` (a new regular
 * expression is not provably a subset of the old), or a `multipleOf` whose new step is not a multiple
 * of the old (2 → 3 admits 3, and is recorded as tightened because it also refuses 2). Read on the
 * output side (responses, tool output), where a value readers never saw before breaks them.
 */
export function admitsNewValues(change: SchemaChange): boolean {
  if (change.kind === 'constraint-loosened') return true;
  if (change.kind !== 'constraint-tightened') return false;
  if (change.detail === 'pattern') return change.before !== undefined;
  if (change.detail === 'multipleOf' && typeof change.before === 'number' && typeof change.after === 'number') {
    const ratio = change.after / change.before;
    return Math.abs(ratio - Math.round(ratio)) >= 1e-9;
  }
  return false;
}
