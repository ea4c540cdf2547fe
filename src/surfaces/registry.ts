import type { ApiSurfaceSection, ConfigSection, DeclaredBreak, MigrationsSection } from '../artifact/types.js';
import { configStage } from '../stages/env/index.js';
import { configRuleBook } from '../stages/env/rule-book.js';
import type { Stage } from '../stages/contract.js';
import { declarationsStage } from '../stages/declarations/index.js';
import { declarationsRuleBook } from '../stages/declarations/rule-book.js';
import { graphqlStage } from '../stages/graphql/index.js';
import { graphqlRuleBook } from '../stages/graphql/rule-book.js';
import { mcpStage } from '../stages/mcp/index.js';
import { mcpRuleBook } from '../stages/mcp/rule-book.js';
import { migrationsStage } from '../stages/migrations/index.js';
import { migrationsRuleBook } from '../stages/migrations/rule-book.js';
import { restStage } from '../stages/rest/index.js';
import { restRuleBook } from '../stages/rest/rule-book.js';
import { trpcStage } from '../stages/trpc/index.js';
import { trpcRuleBook } from '../stages/trpc/rule-book.js';
import type { AnyRuleBook } from '../rules/book.js';
import type { StageAcceptance, StageResult } from '../stages/contract.js';
import type { SurfaceInput } from '../verdict/verdict.js';
import type { RuleMeta, Surface } from '../rules/types.js';
import { compareText } from '../core/compare-text.js';
import { LIST_CAP } from '../core/cap.js';
import { anyTrue } from '../core/tristate.js';
import type { SurfaceState } from '../artifact/types.js';

/**
 * The one registry of surfaces: every stage of `generate`, in report order, with its rule book.
 * `generate`, the verdict, the reports and `release-safety rules` iterate it; a surface's name is
 * spelled in its stage and here only (test/surface-names.test.ts). This is the one list a new
 * surface is added to.
 */
export interface PipelineStages {
  migrations: Stage<MigrationsSection>;
  rest: Stage<ApiSurfaceSection>;
  graphql: Stage<ApiSurfaceSection>;
  trpc: Stage<ApiSurfaceSection>;
  mcp: Stage<ApiSurfaceSection>;
  config: Stage<ConfigSection>;
  declarations: Stage<DeclaredBreak[]>;
}

export const pipelineStages: PipelineStages = {
  migrations: migrationsStage,
  rest: restStage,
  graphql: graphqlStage,
  trpc: trpcStage,
  mcp: mcpStage,
  config: configStage,
  declarations: declarationsStage,
};

/**
 * The artifact's `api` members (contract: exactly `rest` and `mcp`) and the surfaces reported in
 * each. GraphQL and tRPC are HTTP APIs the same server serves: their lines go into `api.rest`,
 * prefixed, their counts are added, and `api.rest` is checked and not breaking only when each of
 * them is too. The report, `rules --surface`, the config and `init` keep them as surfaces of their own.
 */
export const API_SECTION_MEMBERS = {
  rest: [
    { surface: 'rest', prefix: '' },
    { surface: 'graphql', prefix: 'GraphQL: ' },
    { surface: 'trpc', prefix: 'tRPC: ' },
  ],
  mcp: [{ surface: 'mcp', prefix: '' }],
} as const satisfies Record<'rest' | 'mcp', readonly { surface: keyof PipelineStages; prefix: string }[]>;

/** One `api` member of the artifact: its section and its effective state, folded from the surfaces it reports. */
export interface ArtifactApiSection {
  section: ApiSurfaceSection;
  state: SurfaceState;
}

/**
 * The artifact's `api.rest` and `api.mcp` from the surfaces each reports ({@link API_SECTION_MEMBERS}):
 * lines prefixed and concatenated (each surface's own lines already sorted and capped; the overflow
 * lines are recomputed over the whole), counts added; checked only when every member is, breaking
 * when any is, `unknown` when none is and one is unknown or unchecked.
 */
export function artifactApiSections(
  results: StageResults,
  states: Readonly<Record<Surface, SurfaceState>>,
): { rest: ArtifactApiSection; mcp: ArtifactApiSection } {
  const fold = (members: readonly { surface: keyof PipelineStages; prefix: string }[]): ArtifactApiSection => {
    const sections = members.map((member) => ({ ...member, section: results[member.surface].section as ApiSurfaceSection }));
    const memberStates = members.map((member) => states[member.surface]);
    const checked = memberStates.every((state) => state.checked);
    const breaking = anyTrue(memberStates.map((state) => (state.checked ? state.breaking : state.breaking === true ? true : 'unknown')));
    const join = (lines: (section: ApiSurfaceSection) => readonly string[], count: (section: ApiSurfaceSection) => number) => {
      const visible = sections.flatMap(({ prefix, section }) =>
        lines(section)
          .filter((line) => !OVERFLOW.test(line))
          .map((line) => `${prefix}${line}`),
      );
      const total = sections.reduce((sum, { section }) => sum + count(section), 0);
      if (total <= LIST_CAP && visible.length === total) return { lines: visible, total };
      const kept = visible.slice(0, LIST_CAP - 1);
      // The same overflow line as `capLines` writes, over the folded total.
      return { lines: [...kept, `… and ${total - kept.length} more`], total };
    };
    const changes = join(
      (section) => section.changes,
      (section) => section.breakingCount,
    );
    const advisories = join(
      (section) => section.advisories,
      (section) => section.advisoryCount,
    );
    const single = sections.length === 1 ? sections[0]!.section : undefined;
    return {
      section: single ?? {
        checked,
        breaking,
        changes: changes.lines,
        breakingCount: changes.total,
        advisories: advisories.lines,
        advisoryCount: advisories.total,
      },
      state: members.length === 1 ? states[members[0]!.surface] : { checked, breaking: !checked && breaking === false ? 'unknown' : breaking },
    };
  };
  return { rest: fold(API_SECTION_MEMBERS.rest), mcp: fold(API_SECTION_MEMBERS.mcp) };
}

const OVERFLOW = /^… and \d+ more$/;

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
  graphql: graphqlRuleBook,
  trpc: trpcRuleBook,
  mcp: mcpRuleBook,
  config: configRuleBook,
  declarations: declarationsRuleBook,
};
export const ruleBooks: readonly AnyRuleBook[] = SURFACES.map((surface) => books[surface]);

// Every surface is registered once: a surface with a rule shape (`RuleSurfaces`) but no stage fails here.
const registersEverySurface: { readonly [S in Surface]: unknown } = pipelineStages;
void registersEverySurface;
