import type { RuleBook } from '../../rules/book.js';
import { fenced } from '../../rules/docs.js';
import { GRAPHQL_RULES } from './catalogue.js';
import { GRAPHQL_DOCS } from './rule.js';
import { findingsOfSdl } from './sdl-diff.js';

/** How the surface-neutral parts use the GraphQL rules (catalogue test, docs, reports). */
export const graphqlRuleBook: RuleBook<'graphql'> = {
  surface: 'graphql',
  title: 'GraphQL',
  docs: GRAPHQL_DOCS,
  rules: GRAPHQL_RULES,
  findings: async (rule, example) => (await findingsOfSdl(example.base, example.revision, GRAPHQL_RULES)).filter((finding) => finding.rule === rule.meta.id),
  showExample: (example) => ['Old:', '', fenced('graphql', example.base), '', 'New:', '', fenced('graphql', example.revision)].join('\n'),
  details: () => '',
};
