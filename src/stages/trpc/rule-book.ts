import type { RuleBook } from '../../rules/book.js';
import { fenced } from '../../rules/docs.js';
import { TRPC_RULES } from './catalogue.js';
import { findingsOfRouters } from './procedure-diff.js';
import { TRPC_DOCS } from './rule.js';

/** How the surface-neutral parts use the tRPC rules (catalogue test, docs, reports). */
export const trpcRuleBook: RuleBook<'trpc'> = {
  surface: 'trpc',
  title: 'tRPC',
  docs: TRPC_DOCS,
  rules: TRPC_RULES,
  findings: async (rule, example) => (await findingsOfRouters(example.base, example.revision, TRPC_RULES)).filter((finding) => finding.rule === rule.meta.id),
  showExample: (example) => ['Old:', '', fenced('ts', example.base), '', 'New:', '', fenced('ts', example.revision)].join('\n'),
  details: () => '',
};
