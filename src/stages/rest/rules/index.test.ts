import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexCatalogue, renderFinding } from '../../../rules/types.js';
import { findingsOf, linesOf } from '../../../../test/helpers/rest-specs.js';
import type { RestRule } from '../rule.js';
import { restStage } from '../index.js';
import { restRules } from './index.js';

/** The catalogue itself (STYLE.md 9): unique ids, complete entries, every rule file registered, docs for each. */

const RULES_DIR = 'src/stages/rest/rules';
const docs = existsSync('docs/rest.md') ? readFileSync('docs/rest.md', 'utf8') : '';

describe('REST rule catalogue', () => {
  it('has unique ids, and the stage exports exactly this catalogue', () => {
    const ids = restRules.map((rule) => rule.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(() => indexCatalogue(restStage.rules)).not.toThrow();
    // The routes rules (src/stages/rest/routes/rules) follow the spec rules in the stage's catalogue.
    expect(restStage.rules.slice(0, restRules.length)).toEqual(restRules.map((rule) => rule.meta));
  });

  it('registers every rule file under its own id, each with a table test beside it', () => {
    const ruleFiles = readdirSync(RULES_DIR)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'index.ts')
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(restRules.map((rule) => rule.meta.id).sort()).toEqual(ruleFiles);
    for (const id of ruleFiles) expect(existsSync(`${RULES_DIR}/${id}.test.ts`), `${id}.test.ts`).toBe(true);
  });

  it.each(restRules.map((rule) => [rule.meta.id, rule] as const))('%s is a complete entry whose documented example is flagged', async (id, rule) => {
    const { meta } = rule;
    expect(meta.id).toMatch(/^[a-z]+(-[a-z0-9]+)+$/);
    expect(meta.surface).toBe('rest');
    expect(['breaking', 'advisory', 'info']).toContain(meta.level);
    expect(['request', 'response']).toContain(meta.direction);
    for (const text of [meta.summary, meta.message, meta.why]) expect(text.trim().length).toBeGreaterThan(10);
    expect(meta.message.startsWith('{method} {path} — ')).toBe(true);
    expect(meta.docs).toBe(`docs/rest.md#${id}`);
    expect(docs, `docs/rest.md has a section for ${id}`).toContain(`\n### ${id}\n`);

    const findings = await findingsOf(rule, rule.example);
    expect(findings.length).toBeGreaterThan(0);
    const placeholders = [...meta.message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    for (const finding of findings) {
      expect(Object.keys(finding.params).sort()).toEqual([...new Set(placeholders)].sort());
      expect(renderFinding(meta, finding).level).toBe(meta.level);
    }
  });
});

/**
 * The rule reference in docs/rest.md is generated from the catalogue (between the markers), so
 * the example a rule's test runs is the example its docs show (STYLE.md 10).
 * `UPDATE_DOCS=1 npx vitest run src/stages/rest/rules/index.test.ts` rewrites it.
 */
const START = '<!-- rules:start (generated from src/stages/rest/rules; UPDATE_DOCS=1 to refresh) -->';
const END = '<!-- rules:end -->';

async function renderRule(rule: RestRule): Promise<string> {
  const { meta, example } = rule;
  const flagged = await linesOf(rule, example);
  return [
    `### ${meta.id}`,
    '',
    `**${meta.level}** · ${meta.direction} · message: \`${meta.message}\``,
    '',
    meta.summary,
    '',
    `Why: ${meta.why}`,
    '',
    'Old:',
    '```yaml' + example.base.replace(/\s+$/, ''),
    '```',
    '',
    'New:',
    '```yaml' + example.revision.replace(/\s+$/, ''),
    '```',
    '',
    `Flagged: ${flagged.map((line) => `\`${line}\``).join(', ')}`,
    '',
  ].join('\n');
}

async function renderReference(): Promise<string> {
  const table = [
    '| id | level | direction | summary |',
    '|---|---|---|---|',
    ...restRules.map(({ meta }) => `| [\`${meta.id}\`](#${meta.id}) | ${meta.level} | ${meta.direction} | ${meta.summary.replace(/\|/g, '\\|')} |`),
  ].join('\n');
  const sections: string[] = [];
  for (const rule of restRules) sections.push(await renderRule(rule));
  return `${START}\n\n${table}\n\n${sections.join('\n')}\n${END}`;
}

describe('docs/rest.md rule reference', () => {
  it('is the catalogue, rendered', async () => {
    const reference = await renderReference();
    const start = docs.indexOf(START);
    const end = docs.indexOf(END);
    if (process.env.UPDATE_DOCS === '1' && start >= 0 && end > start) {
      writeFileSync('docs/rest.md', docs.slice(0, start) + reference + docs.slice(end + END.length));
      return;
    }
    expect(start).toBeGreaterThanOrEqual(0);
    expect(docs.slice(start, end + END.length)).toBe(reference);
  });
});
