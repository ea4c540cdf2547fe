/**
 * The one shape of a rule on every surface (STYLE.md 1, 2, 7a, 10):
 * `defineRule({ id, surface, level, summary, message, why, fix, docs }, examples, check)`.
 *
 * - `message` and `fix` are templates over the finding's own parameters (`{table}`, `{method} {path}`);
 *   `fix` is the safe way to make the same change, and reports print it under the finding.
 * - `docs` is the page the surface's reference lives in (`docs/rest.md`); the rule's anchor is its id.
 * - `examples` are what the docs show and the catalogue test runs: at least one input the rule flags
 *   and one it leaves quiet.
 * - `check` is the surface's own kind of check (a REST diff visitor, a migration operation check, …).
 *
 * What a surface's examples, checks and extra catalogue fields look like is declared by the surface
 * itself, in its `rule.ts`, by adding an entry to {@link RuleSurfaces}: this layer names no surface.
 */
import type { Level, RuleMeta, Surface } from './types.js';

/**
 * One entry per surface, added by the surface's stage (TypeScript module augmentation):
 * `declare module '../../rules/define.js' { interface RuleSurfaces { rest: { check: …; example: …; meta: … } } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RuleSurfaces {}

/** What a surface entry of {@link RuleSurfaces} holds. */
export interface SurfaceRuleTypes {
  /** The surface's check, called by its stage. */
  check: unknown;
  /** One input of the rule: shown in the docs, run by the catalogue test. */
  example: unknown;
  /** Catalogue fields only this surface has (REST `direction`, migration `facts`); `{}` when none. */
  meta: object;
}

type Types<S extends Surface> = S extends keyof RuleSurfaces ? (RuleSurfaces[S] extends SurfaceRuleTypes ? RuleSurfaces[S] : never) : SurfaceRuleTypes;
export type CheckOf<S extends Surface> = Types<S>['check'];
export type ExampleOf<S extends Surface> = Types<S>['example'];
export type MetaOf<S extends Surface> = Types<S>['meta'];

/** At least one input the rule flags and one it leaves quiet. */
export interface RuleExamples<Example> {
  readonly flagged: readonly [Example, ...Example[]];
  readonly quiet: readonly [Example, ...Example[]];
}

/** What a rule file writes. */
export type RuleDefinition<Id extends string, S extends Surface> = {
  /** kebab-case, object first then change; the rule's file name. Never changes. */
  readonly id: Id;
  readonly surface: S;
  readonly level: Level;
  /** One line for `release-safety rules`. */
  readonly summary: string;
  /** Template over the finding's parameters. */
  readonly message: string;
  /** Why it matters to a rolling update. */
  readonly why: string;
  /** The safe way to make the same change, a template over the finding's parameters. */
  readonly fix: string;
  /** The docs page of the surface's rule reference (`docs/rest.md`); the anchor is the id. */
  readonly docs: string;
  /** Older ids this rule answered to. */
  readonly aliases?: readonly string[];
  /** `false`: a finding of this rule can never be accepted (it reports what could not be checked). */
  readonly acceptable?: false;
} & MetaOf<S>;

/**
 * A defined rule. `E` is the rule's own kind of example when its surface has several (a REST rule over
 * the OpenAPI documents takes spec fragments, one over the routes the code serves takes source trees).
 */
export interface Rule<Id extends string = string, S extends Surface = Surface, E extends ExampleOf<S> = ExampleOf<S>> {
  /** Catalogue entry: `docs` is the full link (`docs/rest.md#<id>`). */
  readonly meta: RuleMeta<Id> & { readonly surface: S; readonly fix: string } & MetaOf<S>;
  readonly examples: RuleExamples<E>;
  readonly check: CheckOf<S>;
}

/** Any rule of any surface (for the registry, the docs and the catalogue test). */
export type AnyRule = Rule<string, Surface>;

/** Every rule {@link defineRule} made: the catalogue test proves no rule of any surface is made another way. */
const definedRules = new WeakSet<object>();

export function isDefinedRule(value: unknown): boolean {
  return typeof value === 'object' && value !== null && definedRules.has(value);
}

export function defineRule<const Id extends string, S extends Surface, E extends ExampleOf<S>>(
  meta: RuleDefinition<Id, S>,
  examples: RuleExamples<E>,
  check: CheckOf<S>,
): Rule<Id, S, E> {
  const full = { ...meta, docs: `${meta.docs}#${meta.id}` } as Rule<Id, S, E>['meta'];
  const rule = { meta: full, examples, check };
  definedRules.add(rule);
  definedRules.add(full);
  return rule;
}
