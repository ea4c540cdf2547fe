/**
 * A surface's rule book: its rules (each made with {@link defineRule}) and what the surface-neutral
 * parts need to use them: the catalogue test runs every example through `findings`, the docs
 * renderer shows them with `showExample`, reporters fill `fix` with `fixParams`.
 */
import type { ExampleOf, Rule } from './define.js';
import type { Finding, FindingParams, Surface } from './types.js';

export interface RuleBook<S extends Surface = Surface> {
  readonly surface: S;
  /** Heading of the surface in the docs and in `release-safety rules`: `REST (OpenAPI)`. */
  readonly title: string;
  /** The docs page holding the surface's generated rule reference. */
  readonly docs: string;
  /** Every rule of the surface, in id order: the surface's one import list. */
  readonly rules: readonly Rule<string, S>[];
  /** What `rule` reports on one of its examples (every rule runs, only this one's findings are kept). */
  findings(rule: Rule<string, S>, example: ExampleOf<S>): Promise<Finding[]>;
  /** The example as markdown (fenced blocks of the old and new text). */
  showExample(example: ExampleOf<S>): string;
  /** Surface facts shown beside the level in the docs (`request`, `locks SHARE`); empty when none. */
  details(rule: Rule<string, S>): string;
  /** Parameters a `fix` may use beyond the finding's own (the migration runner's own switches). */
  fixParams?(finding: Finding): FindingParams;
}

export type AnyRuleBook = RuleBook<Surface>;
