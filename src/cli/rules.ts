import type { Command } from 'commander';
import { UsageError } from '../core/errors.js';
import type { AnyRuleBook } from '../rules/book.js';
import type { AnyRule } from '../rules/define.js';
import type { RuleMeta } from '../rules/types.js';
import { refusalOf } from '../accept/policy.js';
import type { StageAcceptance } from '../stages/contract.js';

/**
 * `release-safety rules [id] [--json] [--surface <s>]`: every rule of every surface, from the
 * registry of rule books (the catalogues are the only place ids are spelled), sorted by surface then
 * id; with an id, that one rule in full (summary, why, fix, examples, surface, docs link).
 */

interface RulesOptions {
  json?: boolean;
  surface?: string;
}

export function registerRules(program: Command): void {
  program
    .command('rules')
    .argument('[id]', 'print this one rule in full: summary, why, fix, examples, surface and docs link')
    .description('List every rule of every surface (id, surface, level, summary), or print one rule in full')
    .option('--surface <surface>', 'only the rules of one surface: migrations | rest | mcp | config | declarations')
    .option('--json', 'print [{id, surface, level, summary, message, why, fix, docs, aliases, acceptable}] (with an id: that rule, with its examples)')
    .addHelpText(
      'after',
      '\nExamples:\n  release-safety rules\n  release-safety rules --surface migrations\n  release-safety rules require-concurrent-index-creation\n  release-safety rules api-security-added --json\n',
    )
    .action(async (id: string | undefined, options: RulesOptions) => {
      const [{ ruleBooks, allRules, acceptanceOf }, { docsUrl }] = await Promise.all([import('../surfaces/registry.js'), import('../rules/links.js')]);
      const surfaces = ruleBooks.map((book) => book.surface);
      if (options.surface !== undefined && !surfaces.some((surface) => surface === options.surface)) {
        throw new UsageError(`--surface "${options.surface}" is not a surface (expected one of ${surfaces.join(', ')})`);
      }
      const books = ruleBooks.filter((book) => options.surface === undefined || book.surface === options.surface);
      if (id !== undefined) {
        const found = findInBooks(books, id);
        if (found === undefined)
          throw new UsageError(`no rule "${id}"${options.surface ? ` on surface ${options.surface}` : ''} (release-safety rules lists them)`);
        const { book, rule } = found;
        if (options.json) {
          process.stdout.write(
            `${JSON.stringify({ ...ruleEntry(rule.meta, docsUrl, acceptanceOf), appliesTo: book.title, examples: rule.examples }, null, 2)}\n`,
          );
          return;
        }
        process.stdout.write(`${ruleText(book, rule, docsUrl, acceptanceOf).join('\n')}\n`);
        return;
      }
      // Every stage's catalogue (a stage may list rules not yet in its rule book, e.g. REST route rules).
      const rules = allRules().filter((rule) => options.surface === undefined || rule.surface === options.surface);
      if (options.json) {
        process.stdout.write(
          `${JSON.stringify(
            rules.map((rule) => ruleEntry(rule, docsUrl, acceptanceOf)),
            null,
            2,
          )}\n`,
        );
        return;
      }
      process.stdout.write(`${rulesTable(rules, acceptanceOf).join('\n')}\n`);
    });
}

/** A rule by id or alias; an id two surfaces share resolves to the first surface in registry order. */
function findInBooks(books: readonly AnyRuleBook[], id: string): { book: AnyRuleBook; rule: AnyRule } | undefined {
  for (const book of books) {
    const rule = book.rules.find((candidate) => candidate.meta.id === id) ?? book.rules.find((candidate) => (candidate.meta.aliases ?? []).includes(id));
    if (rule) return { book, rule: rule as AnyRule };
  }
  return undefined;
}

/** Where a rule's stage accepts findings (the registry's `acceptanceOf`). */
type AcceptanceOf = (meta: RuleMeta) => StageAcceptance;

/** Why the rule cannot be accepted, or `undefined` when it can (its surface's refusal first). */
function refusal(meta: RuleMeta, acceptanceOf: AcceptanceOf): string | undefined {
  const acceptance = acceptanceOf(meta);
  return 'refused' in acceptance ? acceptance.refused : refusalOf(meta);
}

function ruleEntry(rule: RuleMeta, docsUrl: (docs: string) => string, acceptanceOf: AcceptanceOf) {
  return {
    id: rule.id,
    surface: rule.surface,
    level: rule.level,
    summary: rule.summary,
    message: rule.message,
    why: rule.why,
    fix: rule.fix,
    docs: rule.docs,
    docsUrl: docsUrl(rule.docs),
    aliases: [...(rule.aliases ?? [])],
    acceptable: refusal(rule, acceptanceOf) === undefined,
  };
}

/** One rule in full, as plain text. */
export function ruleText(book: AnyRuleBook, rule: AnyRule, docsUrl: (docs: string) => string, acceptanceOf: AcceptanceOf): string[] {
  const { meta, examples } = rule;
  const details = book.details(rule);
  const lines = [
    `${meta.id}  (${meta.level})`,
    '',
    meta.summary,
    '',
    `Applies to: ${book.title} (surface ${meta.surface})${details ? ` · ${details.replace(/`/g, '')}` : ''}`,
    `Message:    ${meta.message}`,
    `Why:        ${meta.why}`,
    `Fix:        ${meta.fix}`,
    `Docs:       ${docsUrl(meta.docs)}`,
  ];
  if (meta.aliases?.length) lines.push(`Aliases:    ${meta.aliases.join(', ')}`);
  lines.push(`Accept:     ${acceptText(meta, acceptanceOf)}`);
  for (const example of examples.flagged) lines.push('', 'Flagged:', '', book.showExample(example));
  for (const example of examples.quiet) lines.push('', 'Not flagged:', '', book.showExample(example));
  return lines;
}

/** Whether and how a rule's findings may be accepted (README, "Acknowledging a finding"). */
function acceptText(meta: RuleMeta, acceptanceOf: AcceptanceOf): string {
  const acceptance = acceptanceOf(meta);
  const why = refusal(meta, acceptanceOf);
  if (why !== undefined || !('where' in acceptance)) return `no: ${why}`;
  return `yes: ${acceptance.where.replace('<rule>', meta.id)}, or config \`rules: { "${meta.id}": { level, reason } }\``;
}

/** Aligned columns `id  surface  level  accept  summary`, one rule a line, then the count. */
export function rulesTable(rules: readonly RuleMeta[], acceptanceOf: AcceptanceOf): string[] {
  const idWidth = Math.max(2, ...rules.map((rule) => rule.id.length));
  const surfaceWidth = Math.max(7, ...rules.map((rule) => rule.surface.length));
  const row = (id: string, surface: string, level: string, accept: string, summary: string) =>
    `${id.padEnd(idWidth)}  ${surface.padEnd(surfaceWidth)}  ${level.padEnd(8)}  ${accept.padEnd(6)}  ${summary}`;
  return [
    row('ID', 'SURFACE', 'LEVEL', 'ACCEPT', 'SUMMARY'),
    ...rules.map((rule) => row(rule.id, rule.surface, rule.level, refusal(rule, acceptanceOf) === undefined ? 'yes' : 'no', rule.summary)),
    `${rules.length} rule${rules.length === 1 ? '' : 's'} (ACCEPT: whether a finding may be acknowledged with a reason; see README "Acknowledging a finding")`,
  ];
}
