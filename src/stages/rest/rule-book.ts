import type { RuleBook } from '../../rules/book.js';
import { fenced } from '../../rules/docs.js';
import { compareSpecs } from './engine.js';
import { DEFAULT_POLICY } from './policy.js';
import { EXAMPLE_TODAY, REST_DOCS, type RestRuleExample } from './rule.js';
import { restRules } from './rules/index.js';

/** How the surface-neutral parts use the REST rules (catalogue test, docs, reports). */

const HEADER = "info: {title: fixture, version: '1'}\n";

/** An example's fragment (`paths` / `components`) as a whole OpenAPI 3.0 document, unless it declares its own version. */
export function wrapFragment(fragment: string): string {
  return /^\s*(openapi|swagger):/m.test(fragment) ? `${HEADER}${fragment}` : `openapi: 3.0.3\n${HEADER}${fragment}`;
}

export async function exampleFindings(id: string, example: RestRuleExample) {
  const policy = { ...DEFAULT_POLICY, today: EXAMPLE_TODAY, ...example.policy };
  const { findings } = await compareSpecs({ text: wrapFragment(example.base), path: 'base.yaml' }, { text: wrapFragment(example.revision), path: 'revision.yaml' }, policy);
  return findings.filter((finding) => finding.rule === id);
}

export const restRuleBook: RuleBook<'rest'> = {
  surface: 'rest',
  title: 'REST (OpenAPI)',
  docs: REST_DOCS,
  rules: restRules,
  findings: (rule, example) => exampleFindings(rule.meta.id, example),
  showExample: (example) =>
    [
      ...(example.policy ? [`Judged with ${Object.entries(example.policy).map(([key, value]) => `${key} = \`${String(value)}\``).join(', ')}:`, ''] : []),
      'Old:', '', fenced('yaml', example.base), '', 'New:', '', fenced('yaml', example.revision),
    ].join('\n'),
  details: (rule) => rule.meta.direction,
};
