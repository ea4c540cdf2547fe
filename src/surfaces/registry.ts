import type { ApiSurfaceSection, ConfigSection, DeclaredBreak, MigrationsSection } from '../artifact/types.js';
import { configStage } from '../stages/env/index.js';
import { configRuleBook } from '../stages/env/rule-book.js';
import type { Stage } from '../stages/contract.js';
import { declarationsStage } from '../stages/declarations/index.js';
import { declarationsRuleBook } from '../stages/declarations/rule-book.js';
import { mcpStage } from '../stages/mcp/index.js';
import { mcpRuleBook } from '../stages/mcp/rule-book.js';
import { migrationsStage } from '../stages/migrations/index.js';
import { migrationsRuleBook } from '../stages/migrations/rule-book.js';
import { restStage } from '../stages/rest/index.js';
import { restRuleBook } from '../stages/rest/rule-book.js';
import type { AnyRuleBook } from '../rules/book.js';
import type { StageAcceptance, StageResult } from '../stages/contract.js';
import type { SurfaceInput } from '../verdict/verdict.js';
import type { RuleMeta, Surface } from '../rules/types.js';
import { compareText } from '../core/compare-text.js';

/**
 * The one registry of surfaces: every stage of `generate`, in report order, with its rule book.
 * `generate`, the verdict, the reports and `release-safety rules` iterate it; a surface's name is
 * spelled in its stage and here only (test/surface-names.test.ts). This is the one list a new
 * surface is added to.
 */
export interface PipelineStages {
  migrations: Stage<MigrationsSection>;
  rest: Stage<ApiSurfaceSection>;
  mcp: Stage<ApiSurfaceSection>;
  config: Stage<ConfigSection>;
  declarations: Stage<DeclaredBreak[]>;
}

export const pipelineStages: PipelineStages = {
  migrations: migrationsStage,
  rest: restStage,
  mcp: mcpStage,
  config: configStage,
  declarations: declarationsStage,
};

/** Every surface, in report order. */
export const SURFACES: readonly Surface[] = Object.keys(pipelineStages) as (keyof PipelineStages)[];

/** The section type of a stage of the registry. */
export type SectionOf<S extends Surface> = PipelineStages[S] extends Stage<infer Section> ? Section : never;

/** Every stage's result, by surface. */
export type StageResults = { readonly [S in Surface]: StageResult<SectionOf<S>> };

/** The verdict's input: each surface's stage verdict and what its section says, in report order. */
export function verdictSurfaces(results: StageResults, stages: PipelineStages = pipelineStages): SurfaceInput[] {
  // A stage whose accepted findings leave facts in its section (heaviness flags) gives the section as
  // the verdict counts it in `verdictSection`.
  return SURFACES.map((surface) => {
    const result = results[surface];
    return { surface, stage: result.verdict, section: stageOf(stages, surface).sectionVerdict(result.verdictSection ?? result.section) };
  });
}

/** Why no finding of this rule's surface can be accepted, or `undefined` when its stage accepts some. */
export function surfaceRefusal(meta: Pick<RuleMeta, 'surface'>, stages: PipelineStages = pipelineStages): string | undefined {
  const acceptance = acceptanceOf(meta, stages);
  return 'refused' in acceptance ? acceptance.refused : undefined;
}

/** Where the stage of a rule's surface accepts findings, or why it accepts none. */
export function acceptanceOf(meta: Pick<RuleMeta, 'surface'>, stages: PipelineStages = pipelineStages): StageAcceptance {
  return stageOf(stages, meta.surface).acceptance;
}

/** Every stage, in report order. */
export function allStages(stages: PipelineStages = pipelineStages): readonly Stage<unknown>[] {
  return SURFACES.map((surface) => stageOf(stages, surface));
}

/** One stage of the registry (or of a test's stand-in), as the surface-neutral parts use it. */
export function stageOf(stages: PipelineStages, surface: Surface): Stage<unknown> {
  return stages[surface] as Stage<unknown>;
}

/**
 * Every rule of every stage, sorted by surface then id. REST and MCP may share rule entries (one
 * JSON-Schema diff); a rule object listed by two stages appears once.
 */
export function allRules(): RuleMeta[] {
  const unique = new Set<RuleMeta>();
  for (const stage of allStages()) for (const rule of stage.rules) unique.add(rule);
  return [...unique].sort((a, b) => compareText(a.surface, b.surface) || compareText(a.id, b.id));
}

/**
 * Looks a finding's rule up: first in the catalogue of the stage that reported it, then in every
 * catalogue (ids and aliases). `undefined` when no catalogue knows it: reporters still print the id.
 */
export function findRule(id: string, surface?: Surface, catalogue: readonly RuleMeta[] = allRules()): RuleMeta | undefined {
  const matches = (rule: RuleMeta) => rule.id === id || (rule.aliases ?? []).includes(id);
  return catalogue.find((rule) => rule.surface === surface && matches(rule)) ?? catalogue.find(matches);
}


/**
 * Every surface's rule book, in report order: what the catalogue test, the docs renderer, the
 * reports and `release-safety rules` iterate.
 */
const books: { readonly [S in Surface]: AnyRuleBook } = {
  migrations: migrationsRuleBook,
  rest: restRuleBook,
  mcp: mcpRuleBook,
  config: configRuleBook,
  declarations: declarationsRuleBook,
};
export const ruleBooks: readonly AnyRuleBook[] = SURFACES.map((surface) => books[surface]);

// Every surface is registered once: a surface with a rule shape (`RuleSurfaces`) but no stage fails here.
const registersEverySurface: { readonly [S in Surface]: unknown } = pipelineStages;
void registersEverySurface;
