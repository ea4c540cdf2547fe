/**
 * The one docs renderer for every surface (STYLE.md 10): each surface's rule reference is generated
 * from its rule book, between markers in the surface's docs page, so the examples the catalogue test
 * runs are the examples the docs show. `src/rules/docs.test.ts` checks the committed pages equal it.
 */
import type { AnyRuleBook } from './book.js';
import type { AnyRule } from './define.js';
import { renderTemplate } from './types.js';

export const REFERENCE_START = '<!-- rules:start (generated from the rules and their examples: UPDATE_DOCS=1 npx vitest run src/rules/docs.test.ts) -->';
export const REFERENCE_END = '<!-- rules:end -->';
const START_PREFIX = '<!-- rules:start';

/** The reference of one surface: a table of every rule, then one section per rule. */
export async function renderReference(book: AnyRuleBook): Promise<string> {
  const table = [
    '| id | level | summary |',
    '|---|---|---|',
    ...book.rules.map(({ meta }) => `| [\`${meta.id}\`](#${meta.id}) | ${meta.level} | ${tableCell(meta.summary)} |`),
  ].join('\n');
  const sections: string[] = [];
  for (const rule of book.rules) sections.push(await renderRule(book, rule));
  return `${REFERENCE_START}\n\n${table}\n\n${sections.join('\n')}\n${REFERENCE_END}`;
}

async function renderRule(book: AnyRuleBook, rule: AnyRule): Promise<string> {
  const { meta, examples } = rule;
  const details = book.details(rule);
  const lines = [
    `### ${meta.id}`,
    '',
    `**${meta.level}**${details ? ` · ${details}` : ''} · message: ${inlineCode(meta.message)}`,
    '',
    meta.summary,
    '',
    `Why: ${meta.why}`,
    '',
    `Fix: ${meta.fix}`,
    '',
  ];
  for (const example of examples.flagged) {
    const findings = await book.findings(rule, example);
    lines.push('Flagged:', '', book.showExample(example), '');
    for (const finding of findings) {
      const params = { ...book.fixParams?.(finding), ...finding.params };
      lines.push(`- reported: ${inlineCode(renderTemplate(meta.message, params))}`, `  fix: ${renderTemplate(meta.fix, params)}`);
    }
    lines.push('');
  }
  for (const example of examples.quiet) lines.push('Not flagged:', '', book.showExample(example), '');
  return lines.join('\n');
}

/** The page with its reference replaced; `undefined` when the page has no markers. */
export function replaceReference(page: string, reference: string): string | undefined {
  const start = page.indexOf(START_PREFIX);
  const end = page.indexOf(REFERENCE_END, start);
  if (start < 0 || end < 0) return undefined;
  return page.slice(0, start) + reference + page.slice(end + REFERENCE_END.length);
}

/** The committed reference of a page (markers included), for the equality test. */
export function committedReference(page: string): string | undefined {
  const start = page.indexOf(START_PREFIX);
  const end = page.indexOf(REFERENCE_END, start);
  return start < 0 || end < 0 ? undefined : page.slice(start, end + REFERENCE_END.length);
}

/** A fenced block whose fence is longer than any backtick run inside. */
export function fenced(language: string, text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text.replace(/^\n+/, '').replace(/\s+$/, '')}\n${fence}`;
}

function inlineCode(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

function tableCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
