import type { ApiSurfaceSection, ConfigSection, DeclaredBreak, MigrationsSection } from '../artifact/types.js';
import { configStage } from '../stages/config/index.js';
import { configRuleBook } from '../stages/config/rule-book.js';
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
import type { RuleMeta, Surface } from '../rules/types.js';
import { compareText } from '../core/compare-text.js';

/**
 * Every stage of `generate`, in report order, and the union of their rule catalogues.
 * This is the one list a new stage is added to.
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

export function allStages(): readonly Stage<unknown>[] {
  return [pipelineStages.migrations, pipelineStages.rest, pipelineStages.mcp, pipelineStages.config, pipelineStages.declarations];
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
export const ruleBooks: readonly AnyRuleBook[] = [migrationsRuleBook, restRuleBook, mcpRuleBook, configRuleBook, declarationsRuleBook];
