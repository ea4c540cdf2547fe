import type { Command } from 'commander';
import { UsageError } from '../core/errors.js';
import type { RuleMeta } from '../rules/types.js';

/**
 * `release-safety rules [--json] [--surface <s>]`: every rule of every stage, from the registry
 * (the catalogues are the only place ids are spelled), sorted by surface then id.
 */

interface RulesOptions {
  json?: boolean;
  surface?: string;
}

export function registerRules(program: Command): void {
  program
    .command('rules')
    .description('List every rule of every stage: id, surface, level and a one-line summary')
    .option('--surface <surface>', 'only the rules of one surface: migrations | rest | mcp | config | declarations')
    .option('--json', 'print [{id, surface, level, summary, message, docs, aliases}]')
    .action(async (options: RulesOptions) => {
      const { allRules, allStages } = await import('../rules/registry.js');
      const surfaces = allStages().map((stage) => stage.surface);
      if (options.surface !== undefined && !surfaces.some((surface) => surface === options.surface)) {
        throw new UsageError(`--surface "${options.surface}" is not a surface (expected one of ${surfaces.join(', ')})`);
      }
      const rules = allRules().filter((rule) => options.surface === undefined || rule.surface === options.surface);
      if (options.json) {
        process.stdout.write(`${JSON.stringify(rules.map(ruleEntry), null, 2)}\n`);
        return;
      }
      process.stdout.write(`${rulesTable(rules).join('\n')}\n`);
    });
}

function ruleEntry(rule: RuleMeta) {
  return { id: rule.id, surface: rule.surface, level: rule.level, summary: rule.summary, message: rule.message, docs: rule.docs, aliases: [...(rule.aliases ?? [])] };
}

/** Aligned columns `id  surface  level  summary`, one rule a line, then the count. */
export function rulesTable(rules: readonly RuleMeta[]): string[] {
  const idWidth = Math.max(2, ...rules.map((rule) => rule.id.length));
  const surfaceWidth = Math.max(7, ...rules.map((rule) => rule.surface.length));
  const row = (id: string, surface: string, level: string, summary: string) => `${id.padEnd(idWidth)}  ${surface.padEnd(surfaceWidth)}  ${level.padEnd(8)}  ${summary}`;
  return [row('ID', 'SURFACE', 'LEVEL', 'SUMMARY'), ...rules.map((rule) => row(rule.id, rule.surface, rule.level, rule.summary)), `${rules.length} rule${rules.length === 1 ? '' : 's'}`];
}
