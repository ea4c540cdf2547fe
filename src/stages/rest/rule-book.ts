import type { RuleBook } from '../../rules/book.js';
import { fenced } from '../../rules/docs.js';
import type { Finding } from '../../rules/types.js';
import { compareSpecs } from './engine.js';
import { DEFAULT_POLICY } from './policy.js';
import { EXAMPLE_TODAY, REST_DOCS, routeChanges, runRestRule, type RestRuleExample } from './rule.js';
import type { RouteRuleExample } from './routes/rule.js';
import { restRules } from './rules/index.js';

/** How the surface-neutral parts use the REST rules (catalogue test, docs, reports). */

const HEADER = "info: {title: fixture, version: '1'}\n";

/** An example's fragment (`paths` / `components`) as a whole OpenAPI 3.0 document, unless it declares its own version. */
export function wrapFragment(fragment: string): string {
  return /^\s*(openapi|swagger):/m.test(fragment) ? `${HEADER}${fragment}` : `openapi: 3.0.3\n${HEADER}${fragment}`;
}

export async function exampleFindings(id: string, example: RestRuleExample) {
  const policy = { ...DEFAULT_POLICY, today: EXAMPLE_TODAY, ...example.policy };
  const { findings } = await compareSpecs(
    { text: wrapFragment(example.base), path: 'base.yaml' },
    { text: wrapFragment(example.revision), path: 'revision.yaml' },
    policy,
  );
  return findings.filter((finding) => finding.rule === id);
}

/** The findings of rule `id` over a routes example: both trees read whole, every rule run as the stage does. */
export async function routeExampleFindings(id: string, example: RouteRuleExample): Promise<Finding[]> {
  const { routesDiffOf } = await import('./routes/example.js');
  const changes = routeChanges(routesDiffOf(example));
  return restRules.flatMap((rule): Finding[] => runRestRule(rule, changes)).filter((finding) => finding.rule === id);
}

function isRouteExample(example: RestRuleExample | RouteRuleExample): example is RouteRuleExample {
  return typeof example.base !== 'string';
}

function showRouteExample(example: RouteRuleExample): string {
  const tree = (files: Readonly<Record<string, string>>) =>
    Object.keys(files).length === 0 ? ['(no route source)'] : Object.entries(files).flatMap(([path, text]) => [`\`${path}\`:`, '', fenced('ts', text), '']);
  const documented = example.documented ? ['', `The OpenAPI document lists: ${example.documented.map((operation) => `\`${operation}\``).join(', ')}.`] : [];
  return ['Old:', '', ...tree(example.base), 'New:', '', ...tree(example.head), ...documented].join('\n').replace(/\n+$/, '');
}

export const restRuleBook: RuleBook<'rest'> = {
  surface: 'rest',
  title: 'REST (OpenAPI)',
  docs: REST_DOCS,
  rules: restRules,
  findings: (rule, example) => (isRouteExample(example) ? routeExampleFindings(rule.meta.id, example) : exampleFindings(rule.meta.id, example)),
  showExample: (example) =>
    isRouteExample(example)
      ? showRouteExample(example)
      : [
          ...(example.policy
            ? [
                `Judged with ${Object.entries(example.policy)
                  .map(([key, value]) => `${key} = \`${String(value)}\``)
                  .join(', ')}:`,
                '',
              ]
            : []),
          'Old:',
          '',
          fenced('yaml', example.base),
          '',
          'New:',
          '',
          fenced('yaml', example.revision),
        ].join('\n'),
  details: (rule) => rule.meta.direction,
};
