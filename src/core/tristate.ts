/**
 * Tri-state values of the contract: `true` is proven, `false` is known not to hold,
 * `"unknown"` could not be proven and must be treated exactly like `false` wherever safety is decided.
 */
export type Tri = true | false | 'unknown';

export const UNKNOWN = 'unknown' as const;

/**
 * AND for properties where `true` is the good outcome (e.g. "safe"):
 * `true` only when every value is `true`; `false` when any is `false`; otherwise `unknown`.
 * The empty AND is `true` (nothing to disprove it); callers that need evidence must check emptiness.
 */
export function allTrue(values: Iterable<Tri>): Tri {
  let sawUnknown = false;
  for (const value of values) {
    if (value === false) return false;
    if (value !== true) sawUnknown = true;
  }
  return sawUnknown ? UNKNOWN : true;
}

/**
 * OR for properties where `true` is the bad outcome (e.g. "breaking", "locksTable"):
 * `true` when any value is `true`; `unknown` when none is `true` but one is `unknown`; else `false`.
 */
export function anyTrue(values: Iterable<Tri>): Tri {
  let sawUnknown = false;
  for (const value of values) {
    if (value === true) return true;
    if (value !== false) sawUnknown = true;
  }
  return sawUnknown ? UNKNOWN : false;
}
