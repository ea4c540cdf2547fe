import type { Strategy } from '../artifact/types.js';

/** `none` when from = to: there is nothing to roll. */
export type Direction = 'upgrade' | 'downgrade' | 'none';
export type VerdictWord = 'SAFE' | 'UNSAFE';

/**
 * Releases the index should hold but does not: it has no entry strictly between `after` and `before`,
 * although `before` names `previousVersionOfBefore` as the release immediately before it.
 */
export interface MissingRange {
  after: string;
  before: string;
  previousVersionOfBefore: string | null;
}

/** The complete answer of the span rules for one from → to; `upgrade-check` prints exactly this. */
export interface SpanVerdict {
  fromVersion: string;
  toVersion: string;
  direction: Direction;
  /** True only when the whole span is proven rolling-safe (then `reasons` is empty). */
  safe: boolean;
  verdict: VerdictWord;
  /** Versions to upgrade to, and let migrate, before continuing; ascending. */
  requiredStops: string[];
  /** The target's own `minPreviousVersion`. */
  minPreviousVersion: string | null;
  /** Releases in the span: after `from` up to and including `to` (for a downgrade: the releases undone). */
  coveredVersions: string[];
  missingRanges: MissingRange[];
  /** Covered releases with `rollingUpdateSafe: false`. */
  unsafeVersions: string[];
  /** Covered releases with `rollingUpdateSafe: "unknown"`. */
  unknownVersions: string[];
  recommendedStrategy: Strategy;
  /** One line per reason the span is not proven safe, each naming its span rule. */
  reasons: string[];
}

/** Either a verdict, or why the span cannot be evaluated at all (exit 2). */
export type SpanEvaluation = { evaluable: true; verdict: SpanVerdict } | { evaluable: false; problem: string };
